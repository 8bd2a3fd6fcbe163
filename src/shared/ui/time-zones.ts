/** IANA time zones this browser knows, UTC first if missing. */
export function timeZones(): string[] {
  const supported = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return supported.includes('UTC') ? supported : ['UTC', ...supported];
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** "America/New York": a zone as a fact on a card. */
export function timeZoneLabel(zone: string): string {
  return zone.replaceAll('_', ' ');
}

// Dates and times are formatted here, beside the zones they are read in, rather than in a module of
// their own: a module shared by many screens is one more file each screen's preload list names, and
// that list is part of the app's start-up code. Every date and clock the app shows goes through this
// file, so the calendar's grid, its side panel, the admin lists and the collector read one instant
// the same way. Building an Intl.DateTimeFormat costs far more than using one, and lists format a
// date per row: one formatter per kind, zone and locale, made on first use.
const KINDS = {
  date: { dateStyle: 'medium' },
  longDate: { dateStyle: 'long' },
  weekday: { weekday: 'short' },
  monthDay: { month: 'short', day: 'numeric' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  time: { hour: 'numeric', minute: '2-digit' },
  seconds: { hour: 'numeric', minute: '2-digit', second: '2-digit' },
  shortDay: { weekday: 'short', month: 'short', day: 'numeric' },
  longDay: { weekday: 'long', day: 'numeric', month: 'long' },
  zone: { timeZoneName: 'short' },
  zoneLong: { timeZoneName: 'long' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
type Kind = keyof typeof KINDS | 'dayKey';
type Instant = string | number | Date;

const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: Kind, timeZone: string | undefined, locale?: string): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone ?? ''}|${locale ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    const zone = timeZone ? { timeZone } : {};
    format =
      kind === 'dayKey'
        ? // en-CA writes YYYY-MM-DD, which sorts and compares as a string.
          new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', ...zone })
        : new Intl.DateTimeFormat(locale, { ...KINDS[kind], ...zone });
    formats.set(key, format);
  }
  return format;
}

const MINUTE_MS = 60_000;
const msOf = (at: Instant) => (at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at));
/**
 * An instant cut to its minute. Every clock in the app drops the seconds (9:35:40 reads 9:35, never
 * 9:36), as the calendar's minutes do, so one session never shows two start times on two screens.
 */
const minuteOf = (at: Instant) => new Date(Math.floor(msOf(at) / MINUTE_MS) * MINUTE_MS);

/**
 * A moment's day as people read it, "Nov 24, 2026" in the reader's locale: on the reader's clock, or
 * on `timeZone`'s (an organization's, or 'UTC' for a calendar day written without a time).
 */
export function formatDate(iso: Instant, timeZone?: string): string {
  return formatter('date', timeZone).format(new Date(msOf(iso)));
}

/** A calendar day ("2026-03-04", a credential's expiry) as people read it, the same day wherever they are. */
export const formatCalendarDay = (day: string) => formatDate(`${day}T00:00:00Z`, 'UTC');

/** A calendar day's short weekday ("Tue") or month and day ("Mar 3"), the same day wherever the reader is. */
export const calendarDayPart = (day: string, part: 'weekday' | 'monthDay') => formatter(part, 'UTC').format(new Date(`${day}T12:00:00Z`));

/** A moment's day written out, "December 10, 2026", on the reader's clock or `timeZone`'s. */
export const formatLongDate = (at: Instant, timeZone?: string) => formatter('longDate', timeZone).format(new Date(msOf(at)));

/**
 * A clock time, "9:35 AM" or "09:35" by the reader's locale's hour cycle, in `timeZone` (the
 * organization's), the seconds cut. `locale` is for tests; the app reads the reader's.
 */
export function formatTime(at: Instant, timeZone?: string, locale?: string): string {
  return formatter('time', timeZone, locale).format(minuteOf(at));
}

/** A clock time with its seconds: two taps of one trial on two devices are often within the same minute. */
export function formatTimeWithSeconds(at: Instant, timeZone?: string): string {
  return formatter('seconds', timeZone).format(new Date(msOf(at)));
}

/** Two clock times as the locale joins them: "10:30 – 11:30 AM" in en-US, "10:30–11:30" in de-DE. */
export function formatTimeRange(start: Instant, end: Instant, timeZone?: string, locale?: string): string {
  const [from, to] = [minuteOf(start), minuteOf(end)];
  return to.getTime() > from.getTime() ? formatter('time', timeZone, locale).formatRange(from, to) : formatTime(from, timeZone, locale);
}

/** A day as a short heading, "Tue, Dec 1", or a long one, "Tuesday, December 1". */
export const formatShortDay = (at: Instant, timeZone?: string) => formatter('shortDay', timeZone).format(new Date(msOf(at)));
export const formatLongDay = (at: Instant, timeZone?: string) => formatter('longDay', timeZone).format(new Date(msOf(at)));

/** A day's key in `timeZone`, "2026-12-01": sorts and compares as a string. */
export const dayKeyIn = (at: Instant, timeZone?: string) => formatter('dayKey', timeZone).format(new Date(msOf(at)));

/** "Tue, Dec 1, 3:00 – 3:45 PM", with the end's day too when it is another one. */
export function formatSpan(start: Instant, end: Instant, timeZone?: string): string {
  const startDay = formatShortDay(start, timeZone);
  const endDay = formatShortDay(end, timeZone);
  return endDay === startDay
    ? `${startDay}, ${formatTimeRange(start, end, timeZone)}`
    : `${startDay}, ${formatTime(start, timeZone)} – ${endDay}, ${formatTime(end, timeZone)}`;
}

/** The zone's name at a moment as the reader's locale writes it: short ("EST", "GMT+1") or long ("Eastern Standard Time"). */
export function zoneName(timeZone: string, at: Instant = Date.now(), length: 'short' | 'long' = 'short'): string {
  return (
    formatter(length === 'short' ? 'zone' : 'zoneLong', timeZone)
      .formatToParts(new Date(msOf(at)))
      .find((part) => part.type === 'timeZoneName')?.value ?? ''
  );
}

/**
 * Whether `device` reads the same wall times as `zone` all year: the same name, or two names for the
 * same rules (links such as US/Eastern).
 */
const alike = new Map<string, boolean>();
export function readsLike(zone: string, device: string = browserTimeZone()): boolean {
  if (device === zone) {
    return true;
  }
  // Asked for every date cell of a list: the eight probes are formatted once per pair of zones.
  const key = `${zone}|${device}`;
  let answer = alike.get(key);
  if (answer === undefined) {
    const year = new Date().getUTCFullYear();
    const probes = [0, 3, 6, 9].map((month) => Date.UTC(year, month, 15, 12));
    answer = probes.every((at) => formatter('dateTime', zone, 'en-US').format(at) === formatter('dateTime', device, 'en-US').format(at));
    alike.set(key, answer);
  }
  return answer;
}

/**
 * A recorded moment in an admin screen ("Created", "Sent", "Updated", the history): on the
 * organization's clock, with the zone's short name when the device reads another one ("Nov 24, 2026,
 * 3:05 PM EST"), so a person travelling never reads one zone's dates as another's. `withTime` false
 * writes the day alone ("Nov 24, 2026 (EST)").
 */
export function formatOrgMoment(at: Instant, zone: string, withTime = true, device: string = browserTimeZone()): string {
  const text = withTime ? formatter('dateTime', zone).format(minuteOf(at)) : formatDate(at, zone);
  if (readsLike(zone, device)) {
    return text;
  }
  const name = zoneName(zone, at);
  return withTime ? `${text} ${name}` : `${text} (${name})`;
}

/** A clock time on the organization's clock, with the zone's short name when the device reads another ("3:05 PM EST"). */
export function formatOrgTime(at: Instant, zone: string, device: string = browserTimeZone()): string {
  const time = formatTime(at, zone);
  return readsLike(zone, device) ? time : `${time} ${zoneName(zone, at)}`;
}
