/** Display helpers for the collector: times in the organization's zone, relative ages, file names. */

// Intl.DateTimeFormat is costly to build (milliseconds on a slow tablet) and these run on every
// render after a tap: one formatter per kind and time zone, kept.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(kind: 'time' | 'seconds' | 'day' | 'label' | 'zone', timeZone?: string): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    const zone = timeZone ? { timeZone } : {};
    f =
      kind === 'time' || kind === 'seconds'
        ? new Intl.DateTimeFormat(undefined, {
            hour: 'numeric',
            minute: '2-digit',
            ...(kind === 'seconds' ? { second: '2-digit' } : {}),
            ...zone,
          })
        : kind === 'day'
          ? // en-CA formats as YYYY-MM-DD, which sorts and compares as a string.
            new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', ...zone })
          : kind === 'zone'
            ? new Intl.DateTimeFormat(undefined, { timeZoneName: 'short', ...zone })
            : new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long', ...zone });
    formatters.set(key, f);
  }
  return f;
}

export function timeOf(iso: string | number, timeZone?: string): string {
  return formatter('time', timeZone).format(new Date(iso));
}

/** With seconds: two taps of one trial on two devices are often within the same minute. */
export function secondsOf(iso: string | number, timeZone?: string): string {
  return formatter('seconds', timeZone).format(new Date(iso));
}

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

export function dayKey(iso: string | Date, timeZone?: string): string {
  return formatter('day', timeZone).format(typeof iso === 'string' ? new Date(iso) : iso);
}

export function dayLabel(iso: string, timeZone?: string): string {
  return formatter('label', timeZone).format(new Date(iso));
}

/** The zone's short name at a moment, as the reader's locale writes it: "EST", "GMT+9". */
export function zoneAbbreviation(timeZone: string, at: number): string {
  return (
    formatter('zone', timeZone)
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? ''
  );
}

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
