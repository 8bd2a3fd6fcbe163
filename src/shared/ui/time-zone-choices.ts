import { timeZones } from './time-zones';

// The picker's list and search, apart from the formatters: the collector's start-up reads
// time-zones.ts, and these zones and their search are only for the screens where a zone is chosen.

/** "New York" of "America/New_York", "Buenos Aires" of "America/Argentina/Buenos_Aires". */
export function zoneCity(zone: string): string {
  return (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ');
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
