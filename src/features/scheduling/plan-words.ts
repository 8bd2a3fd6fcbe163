import type { ScheduleConflict } from '../../../contract/errors';
import { WEEKDAYS, type SlotOrigin, type SlotRow } from './plan-form';

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

/** "Mondays and Wednesdays at 15:00 · Jordan Reyes with Ava Thompson · Speech therapy" */
export function rowTitle(row: SlotRow, names: Names): string {
  const days = WEEKDAYS.filter((d) => row.weekdays.includes(d.code)).map((d) => `${d.long}s`);
  const dayText = days.length > 1 ? `${days.slice(0, -1).join(', ')} and ${days.at(-1)}` : (days[0] ?? '');
  return `${dayText} at ${row.startTime} · ${names.therapist(row.therapistId)} with ${names.student(row.studentId)} · ${names.service(row.serviceId)}`;
}

export interface PlannedLike {
  start_at: string;
  end_at: string;
  slot: number;
  conflicts: ScheduleConflict[];
}

export interface RowConflicts {
  row: number;
  sessions: PlannedLike[];
}

/** The planned sessions that meet a conflict, grouped by the form's row they came from, in row order. */
export function conflictsByRow(sessions: PlannedLike[], origins: SlotOrigin[]): RowConflicts[] {
  const byRow = new Map<number, PlannedLike[]>();
  for (const session of sessions) {
    const origin = origins[session.slot];
    if (session.conflicts.length === 0 || !origin) {
      continue;
    }
    byRow.set(origin.row, [...(byRow.get(origin.row) ?? []), session]);
  }
  return [...byRow.entries()].sort(([a], [b]) => a - b).map(([row, list]) => ({ row, sessions: list }));
}

/** "12 sessions", "1 session". */
export const sessionsText = (n: number) => `${n} session${n === 1 ? '' : 's'}`;
