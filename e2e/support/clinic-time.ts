import { expect } from '@playwright/test';

/**
 * The demo clinic's clock (Harbor Therapy Clinic, America/New_York): the collector's today and
 * tomorrow are the clinic's calendar days, whatever zone the browser runs in.
 */
export const CLINIC_ZONE = 'America/New_York';
const HOUR_MS = 3_600_000;

/** The clinic's date (YYYY-MM-DD) at an instant. */
export const clinicDate = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: CLINIC_ZONE }).format(at);

export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 24 * HOUR_MS).toISOString().slice(0, 10);

/** The instant the clinic's clock reads `hour`:00 on `date` (New York is 4 or 5 hours behind UTC). */
export function clinicTime(date: string, hour: number): number {
  const wall = Date.parse(`${date}T00:00:00Z`) + hour * HOUR_MS;
  const hourOf = new Intl.DateTimeFormat('en-CA', { timeZone: CLINIC_ZONE, hour: 'numeric', hourCycle: 'h23' });
  const at = [4, 5].map((behind) => wall + behind * HOUR_MS).find((t) => clinicDate(t) === date && Number(hourOf.format(t)) === hour);
  expect(at, `${date} ${hour}:00 in New York`).toBeDefined();
  return at!;
}
