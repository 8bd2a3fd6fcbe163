import { TZDate } from '@date-fns/tz';
import { formatSpan, readsLike } from '../../shared/ui/time-zones';

/** A wall-clock moment in the organization's zone, as the date and time inputs hold it. */
export interface WallTime {
  date: string;
  time: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The instant a wall-clock time in `zone` means. Sessions are stored as instants and the
 * organization's zone gives "3 pm" its meaning, so a 3 pm across a daylight-saving change is still
 * 3 pm there, whatever zone the device is in.
 */
export function wallTimeToInstant({ date, time }: WallTime, zone: string): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(new TZDate(year, month - 1, day, hours, minutes, zone).getTime()).toISOString();
}

/** The wall-clock date and time of an instant in `zone`. */
export function instantToWallTime(instant: string | Date, zone: string): WallTime {
  const at = new TZDate(typeof instant === 'string' ? Date.parse(instant) : instant.getTime(), zone);
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}

/** The next day of an ISO date ("2026-10-31" → "2026-11-01"), by the calendar, not by 24 hours. */
export function nextDay(date: string): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return next.toISOString().slice(0, 10);
}

/** The day before an ISO date. */
export function previousDay(date: string): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
}

/** An instant `minutes` later, as an ISO string (durations are real minutes, not wall-clock ones). */
export function addMinutes(instant: string, minutes: number): string {
  return new Date(Date.parse(instant) + minutes * 60_000).toISOString();
}

/** "Tue, Nov 3, 3:00 – 3:45 PM" in the organization's zone, for sentences and the session panel. */
export const formatRange = (start: string, end: string, zone: string) => formatSpan(start, end, zone);

/** Whether the device shows another zone than the organization's, so the screen must name the zone. */
export const isDeviceZone = (zone: string) => readsLike(zone);
