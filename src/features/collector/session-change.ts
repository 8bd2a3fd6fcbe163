import { dayKey, dayLabel, plannedStart, timeOf } from './format';

/** What the tablet needs of a session to say what the office changed. */
export interface ChangedSession {
  status: string;
  start_at: string;
  planned_start_at?: string | undefined;
  started_at?: string | null | undefined;
  rescheduled_from?: { start_at: string; end_at: string } | null | undefined;
  change_reason?: string | undefined;
  overtaken_change?: 'called_off' | 'moved' | null | undefined;
}

/** "Thursday, December 3 at 2:00 PM": a day and a time in the organization's zone. */
export const dayAndTime = (iso: string, timeZone?: string) => `${dayLabel(iso, timeZone)} at ${timeOf(iso, timeZone)}`;

/**
 * A change of the office that a start on a tablet overtook (the server's rule: a session with a
 * start took place). Said the same way to the therapist as the activities say it to the office.
 */
function overtakenChange(s: ChangedSession, why: string, timeZone?: string): string | null {
  const started = s.started_at ? ` at ${timeOf(s.started_at, timeZone)}` : '';
  if (s.overtaken_change === 'called_off') {
    return `Cancelled by the office${why}, but it was started on the tablet${started}: the session took place and its data is kept. The office sees this in the session's activities.`;
  }
  if (s.overtaken_change === 'moved') {
    const to = s.planned_start_at ?? s.start_at;
    return `Moved by the office to ${dayAndTime(to, timeZone)}${why} while it was started on the tablet${started}: the session took place at the tablet's start. The office sees this in the session's activities.`;
  }
  return null;
}

/**
 * What happened to a session on the server, in one line for Today: "Moved from 3:00 PM to 4:00 PM —
 * therapist at training", "Cancelled — child is sick", or a change the tablet's start overtook;
 * null when nothing was moved or cancelled (a session the therapist ended as cancelled has no
 * reason, and its badge says enough).
 */
export function sessionChange(s: ChangedSession, timeZone?: string): string | null {
  const reason = s.change_reason?.trim() ?? '';
  const why = reason ? ` — ${reason}` : '';
  const overtaken = overtakenChange(s, why, timeZone);
  if (overtaken) {
    return overtaken;
  }
  if (s.status === 'cancelled') {
    return reason ? `Cancelled${why}` : null;
  }
  if (!s.rescheduled_from) {
    return null;
  }
  const from = s.rescheduled_from.start_at;
  const to = plannedStart(s);
  // Another day is named, else "3:00 PM" alone would send the therapist to the wrong day.
  const at = (iso: string) =>
    (dayKey(from, timeZone) === dayKey(to, timeZone) ? '' : `${dayLabel(iso, timeZone)}, `) + timeOf(iso, timeZone);
  return `Moved from ${at(from)} to ${at(to)}${why}`;
}
