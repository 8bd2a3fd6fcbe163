/** Display helpers for the collector: times in the organization's zone, relative ages, file names. */
import { dayKeyIn, formatLongDay, formatTime, formatTimeWithSeconds, zoneName } from '../../shared/ui/time-zones';

// Clocks and days come from the app's one set of formatters (src/shared/ui/time-zones.ts), so the
// collector reads a session's times as the calendar and its side panel do (seconds cut).
export const timeOf = (iso: string | number, timeZone?: string) => formatTime(iso, timeZone);

/** With seconds: two taps of one trial on two devices are often within the same minute. */
export const secondsOf = (iso: string | number, timeZone?: string) => formatTimeWithSeconds(iso, timeZone);

/** The slot as planned: a start moves start_at to the tap time, the list keeps the planned time. */
export function plannedStart(s: {
  start_at: string;
  planned_start_at?: string | undefined;
  overtaken_change?: string | null | undefined;
  rescheduled_from?: { start_at: string } | null | undefined;
}): string {
  // A move the tablet's start overtook: the session ran in the slot the therapist had, so its row
  // stays there rather than jumping to the office's new time.
  if (s.overtaken_change === 'moved' && s.rescheduled_from) {
    return s.rescheduled_from.start_at;
  }
  return s.planned_start_at ?? s.start_at;
}

/** The planned slot's end: the planned start plus the session's length (a shifted start keeps the length). */
export function plannedEnd(s: { start_at: string; end_at: string; planned_start_at?: string | undefined }): string {
  return new Date(Date.parse(plannedStart(s)) + Date.parse(s.end_at) - Date.parse(s.start_at)).toISOString();
}

export const dayKey = (iso: string | Date, timeZone?: string) => dayKeyIn(iso, timeZone);

export const dayLabel = (iso: string, timeZone?: string) => formatLongDay(iso, timeZone);

/** The zone's short name at a moment, as the reader's locale writes it: "EST", "GMT+9". */
export const zoneAbbreviation = (timeZone: string, at: number) => zoneName(timeZone, at);

/** The place a zone is named after, for people: "America/New_York" → "New York". */
export const zonePlace = (timeZone: string) => (timeZone.split('/').at(-1) ?? timeZone).replaceAll('_', ' ');

/** "just now", "5 min ago", "2 h ago", "3 days ago". */
export function ago(at: number, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 45) {
    return 'just now';
  }
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) {
    return `${minutes} min ago`;
  }
  const hours = Math.round(minutes / 60);
  if (hours < 24) {
    return `${hours} h ago`;
  }
  const days = Math.round(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** "0:07", "12:34", "1:02:03". */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** thera-unsynced-YYYYMMDD-HHMM.json in the device's local time. */
export function exportFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `thera-unsynced-${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}.json`;
}

/** Saves data as a JSON file through a temporary link (works offline: no server round trip). */
export function downloadJson(data: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const STATUS_LABEL = {
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
  ended_early: 'Ended early',
} as const;

export const OUTCOME_LABEL = {
  correct: 'Correct',
  incorrect: 'Incorrect',
  prompted: 'Prompted',
  no_response: 'No response',
} as const;

export function studentName(student: { first_name: string; last_name: string }): string {
  return `${student.first_name} ${student.last_name}`.trim();
}

/** A prompt level as people read it: 'full_physical' → 'Full physical' (the stored value is kept). */
export function levelLabel(level: string): string {
  const words = level.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
