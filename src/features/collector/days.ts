import { serverNow } from '../../shared/api/server-clock';
import { dayKey, timeOf } from './format';

/**
 * The organization's calendar days on this device. A tablet may be set to another time zone than
 * its clinic (left on UTC, or travelling): "today" is the clinic's day in the clinic's zone, never
 * the device's, or Today would fetch one day's sessions and label them as another's. And "now" is
 * the server's clock as last learnt (server-clock.ts): a tablet whose clock runs hours ahead past the
 * organization's midnight would otherwise fetch tomorrow as today and miss the real day's sessions.
 */

const HOUR_MS = 3_600_000;

/** The calendar day (YYYY-MM-DD) `days` after `day`. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Today (YYYY-MM-DD) in a time zone, at `now`. */
export const todayIn = (timeZone: string, now: number = serverNow()): string => dayKey(new Date(now), timeZone);

/**
 * The first instant (ms) of a calendar day in a time zone: its midnight, or where a clock change
 * skips midnight, the first moment that exists. Every zone's day starts between 14 hours before and
 * 12 hours after the UTC midnight of the same date; halving that span (with a margin) finds the first
 * instant whose date there is `day`, to the millisecond, with no table of offsets.
 */
export function dayStart(day: string, timeZone: string): number {
  let before = Date.parse(`${day}T00:00:00Z`) - 15 * HOUR_MS;
  let from = before + 28 * HOUR_MS;
  while (from - before > 1) {
    const mid = Math.floor((before + from) / 2);
    if (dayKey(new Date(mid), timeZone) < day) {
      before = mid;
    } else {
      from = mid;
    }
  }
  return from;
}

/** From the start of the organization's today to the end of its tomorrow, as the API's instants. */
export function dayWindow(timeZone: string, now: number = serverNow()): { from: string; to: string } {
  const today = todayIn(timeZone, now);
  return {
    from: new Date(dayStart(today, timeZone)).toISOString(),
    to: new Date(dayStart(addDays(today, 2), timeZone) - 1).toISOString(),
  };
}

/** Whether this device's clock reads differently from the zone's at `now` (another offset, not just another name). */
export const isOtherZone = (timeZone: string, now: number = Date.now()): boolean =>
  timeOf(now, timeZone) !== timeOf(now) || dayKey(new Date(now), timeZone) !== dayKey(new Date(now));
