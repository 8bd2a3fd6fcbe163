/** IANA time zones this browser knows, UTC first if missing. */
export function timeZones(): string[] {
  const supported = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return supported.includes('UTC') ? supported : ['UTC', ...supported];
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** "New York" of "America/New_York", "Buenos Aires" of "America/Argentina/Buenos_Aires". */
export function zoneCity(zone: string): string {
  return (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ');
}

/** "America/New York": a zone as a fact on a card. */
export function timeZoneLabel(zone: string): string {
  return zone.replaceAll('_', ' ');
}

/** "New York (America/New_York)": in the picker, the city people look for, then the zone's exact name. */
export function timeZoneChoiceLabel(zone: string): string {
  const city = zoneCity(zone);
  return city === zone ? zone : `${city} (${zone})`;
}

/**
 * The zones most clinics and schools are in, listed before the rest so few people scroll: one or
 * two per populous region. Where browsers disagree on a zone's name (ICU still says Asia/Calcutta),
 * both are listed and only the one this browser knows is shown.
 */
export const COMMON_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Toronto',
  'America/Vancouver',
  'America/Mexico_City',
  'America/Sao_Paulo',
  'Europe/London',
  'Europe/Dublin',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Madrid',
  'Europe/Rome',
  'Europe/Amsterdam',
  'Europe/Warsaw',
  'Europe/Athens',
  'Europe/Istanbul',
  'Africa/Johannesburg',
  'Africa/Lagos',
  'Asia/Dubai',
  'Asia/Kolkata',
  'Asia/Calcutta',
  'Asia/Singapore',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Pacific/Auckland',
  'UTC',
];

export interface TimeZoneOption {
  value: string;
  label: string;
  /** Among the common zones (or the device's or the saved one) listed first. */
  isCommon: boolean;
}

const folded = (text: string) => text.toLowerCase().replaceAll('_', ' ');

/**
 * The zones to choose from, the saved one, the device's and the common ones first (a saved zone this
 * browser does not know stays choosable). With a search, those whose name holds it, in that order,
 * a city starting with it before one that only contains it ("york" finds New York; "san" lists
 * Santiago before Busan).
 */
export function timeZoneOptions(options: { saved?: string; device?: string; search?: string } = {}): TimeZoneOption[] {
  const all = timeZones();
  const first = [options.saved, options.device, ...COMMON_TIME_ZONES].filter((zone): zone is string => zone !== undefined);
  const firstSet = new Set(first.filter((zone) => zone === options.saved || all.includes(zone)));
  const ordered = [...firstSet, ...all.filter((zone) => !firstSet.has(zone))];
  const listed = ordered.map((zone) => ({ value: zone, label: timeZoneChoiceLabel(zone), isCommon: firstSet.has(zone) }));
  const search = folded(options.search?.trim() ?? '');
  if (search === '') {
    return listed;
  }
  const found = listed.filter((option) => folded(option.label).includes(search));
  const startsWith = (option: TimeZoneOption) => folded(zoneCity(option.value)).startsWith(search);
  return [...found.filter(startsWith), ...found.filter((option) => !startsWith(option))];
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
