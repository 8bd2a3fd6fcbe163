import type { ScheduleConflict } from '../../../contract/errors';

// One formatter per kind and zone: building an Intl.DateTimeFormat costs far more than using one.
const formats = new Map<string, Intl.DateTimeFormat>();
function format(kind: 'day' | 'time' | 'zone', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let f = formats.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'day'
        ? { weekday: 'short', month: 'short', day: 'numeric' }
        : kind === 'time'
          ? { hour: 'numeric', minute: '2-digit' }
          : { timeZoneName: 'long' };
    f = new Intl.DateTimeFormat(undefined, { ...options, timeZone });
    formats.set(key, f);
  }
  return f;
}

export const dayIn = (iso: string, timeZone: string) => format('day', timeZone).format(new Date(iso));
export const timeIn = (iso: string, timeZone: string) => format('time', timeZone).format(new Date(iso));

/** "Tue, Dec 1, 3:00 PM–3:45 PM", with the end's day too when it is another one. */
export function spanIn(start: string, end: string, timeZone: string): string {
  const startDay = dayIn(start, timeZone);
  const endDay = dayIn(end, timeZone);
  const endText = endDay === startDay ? timeIn(end, timeZone) : `${endDay}, ${timeIn(end, timeZone)}`;
  return `${startDay}, ${timeIn(start, timeZone)}–${endText}`;
}

/** "Times are in Eastern Standard Time (America/New_York)": what the hours on screen mean. */
export function zoneNote(timeZone: string, at = Date.now()): string {
  const name = format('zone', timeZone)
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const place = timeZone.replaceAll('_', ' ');
  return name && name !== timeZone
    ? `Times are in ${name} (${place}), the organization's time zone.`
    : `Times are in ${place}, the organization's time zone.`;
}

/**
 * What stands in a session's way, as a sentence: the server's own words ("Jordan Reyes already has a
 * session at that time.", "The organization is closed then: Thanksgiving.") with the times of what is
 * in the way, on the organization's clock.
 */
export function conflictSentence(conflict: ScheduleConflict, timeZone: string): string {
  const label = conflict.label.trim().replace(/\.$/, '');
  return `${label} (${spanIn(conflict.start_at, conflict.end_at, timeZone)}).`;
}

/** Names for a row's people and service, from the lists the form chose them from. */
export interface Names {
  therapist: (id: string) => string;
  student: (id: string) => string;
  service: (id: string) => string;
}

/** "12 sessions", "1 session". */
export const sessionsText = (n: number) => `${n} session${n === 1 ? '' : 's'}`;
