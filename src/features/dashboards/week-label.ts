import { calendarDayPart } from '../../shared/ui/time-zones';

const DAY_MS = 86_400_000;

/** "Mar 3 – Mar 9" for a week starting on a YYYY-MM-DD Monday (the organization's dates, shown as they are). */
export function weekLabel(start: string): string {
  return `${calendarDayPart(start, 'monthDay')} – ${calendarDayPart(shiftDate(start, 6), 'monthDay')}`;
}

/** The YYYY-MM-DD date `days` away from another (calendar days; noon UTC keeps clock changes out of it). */
export function shiftDate(date: string, days: number): string {
  return new Date(new Date(`${date}T12:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}
