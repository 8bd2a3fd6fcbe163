/** IANA time zones this browser knows, UTC first if missing. */
export function timeZones(): string[] {
  const supported = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return supported.includes('UTC') ? supported : ['UTC', ...supported];
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function timeZoneLabel(zone: string): string {
  return zone.replaceAll('_', ' ');
}

/** The zones as select options; a saved zone this browser does not know stays choosable, first. */
export function timeZoneOptions(saved?: string): Array<{ value: string; label: string }> {
  const all = timeZones();
  const zones = saved === undefined || all.includes(saved) ? all : [saved, ...all];
  return zones.map((zone) => ({ value: zone, label: timeZoneLabel(zone) }));
}
