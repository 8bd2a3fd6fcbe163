import { dayKey, dayLabel, plannedStart, timeOf } from './format';

/** What the tablet needs of a session to say what the office changed. */
export interface ChangedSession {
  status: string;
  start_at: string;
  planned_start_at?: string | undefined;
  rescheduled_from?: { start_at: string; end_at: string } | null | undefined;
  change_reason?: string | undefined;
}

/**
 * What happened to a session on the server, in one line for Today: "Moved from 3:00 PM to 4:00 PM —
 * therapist at training", "Cancelled — child is sick"; null when nothing was moved or cancelled
 * (a session the therapist ended as cancelled has no reason, and its badge says enough).
 */
export function sessionChange(s: ChangedSession, timeZone?: string): string | null {
  const reason = s.change_reason?.trim() ?? '';
  const why = reason ? ` — ${reason}` : '';
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
