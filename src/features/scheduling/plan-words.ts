import type { ScheduleConflict } from '../../../contract/errors';
import { formatShortDay, formatSpan, formatTime, zoneName } from '../../shared/ui/time-zones';

// Days and clocks come from the app's one set of formatters, so a session reads the same time here,
// on the calendar's grid and on the collector (seconds cut, the reader's hour cycle).
export const dayIn = (iso: string, timeZone: string) => formatShortDay(iso, timeZone);
export const timeIn = (iso: string, timeZone: string) => formatTime(iso, timeZone);

/** "Tue, Dec 1, 3:00 – 3:45 PM", with the end's day too when it is another one. */
export const spanIn = (start: string, end: string, timeZone: string) => formatSpan(start, end, timeZone);

/** "Times are in Eastern Standard Time (America/New_York)": what the hours on screen mean. */
export function zoneNote(timeZone: string, at = Date.now()): string {
  const name = zoneName(timeZone, at, 'long');
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
