import { expect, type APIRequestContext, type BrowserContext } from '@playwright/test';

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

interface ClinicEvent {
  kind: string;
  for_everyone: boolean;
  start_at: string;
  end_at: string;
}

/**
 * The first date from `from` on that starts `count` days in a row without a holiday or closure of the
 * whole clinic, read from its calendar as the signed-in member. The demo closes the clinic on the first
 * Monday of next month, which some weeks ahead hold: a session asked for on a closed day is refused,
 * and a spec that took the next free slot would find it on another day.
 */
export async function firstOpenDays(request: APIRequestContext, baseURL: string, from: string, count: number): Promise<string> {
  const to = addDays(from, 40);
  const answer = await request.get(`${baseURL}/api/thera-calendar/events/`, {
    params: { from: new Date(clinicTime(from, 0)).toISOString(), to: new Date(clinicTime(to, 0)).toISOString() },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const closed = new Set<string>();
  for (const event of ((await answer.json()) as { results: ClinicEvent[] }).results) {
    if ((event.kind === 'holiday' || event.kind === 'closure') && event.for_everyone) {
      const last = clinicDate(Date.parse(event.end_at) - 1);
      for (let date = clinicDate(Date.parse(event.start_at)); date <= last; date = addDays(date, 1)) {
        closed.add(date);
      }
    }
  }
  for (let date = from; date <= addDays(to, -count); date = addDays(date, 1)) {
    if (Array.from({ length: count }, (_, i) => addDays(date, i)).every((d) => !closed.has(d))) {
      return date;
    }
  }
  throw new Error(`no ${count} open clinic days in a row from ${from} to ${to}`);
}

/**
 * The server's clock as the app reads it (every API answer's X-Server-Time) set to `at()`: the app
 * takes the server's time for "now", so a spec that moves the browser's clock to another day moves
 * the server's along with it, answer by answer, or the app would rightly keep the real day. A spec
 * that leaves them apart tests a wrong device clock.
 */
export async function serverClockAt(context: BrowserContext, at: () => number): Promise<void> {
  await context.route('**/api/**', async (route) => {
    try {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'x-server-time': String(at()) } });
    } catch {
      // The page closed with the request in flight (the test is over): nothing is waiting for it.
    }
  });
}
