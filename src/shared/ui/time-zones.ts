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

// Dates are formatted here, beside the zones they are read in, rather than in a module of their own:
// a module shared by many screens is one more file each screen's preload list names, and that list
// is part of the app's start-up code. Building an Intl.DateTimeFormat costs far more than using one,
// and lists format a date per row: one formatter per time zone, made on first use.
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment's day as people read it, "Nov 24, 2026" in the reader's locale: on the reader's clock, or
 * on `timeZone`'s (an organization's, or 'UTC' for a calendar day written without a time).
 */
export function formatDate(iso: string, timeZone?: string): string {
  const key = timeZone ?? '';
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone });
    formats.set(key, format);
  }
  return format.format(new Date(iso));
}

/** A calendar day ("2026-03-04", a credential's expiry) as people read it, the same day wherever they are. */
export const formatCalendarDay = (day: string) => formatDate(`${day}T00:00:00Z`, 'UTC');
