import { expect, test } from '@playwright/test';
import { CollectorTodayPage } from '../pages/collector-pages';
import { DEMO, MAIN_BASE_URL, scheduleFreshSession, signInThroughApi } from '../support/collector-helpers';

/**
 * A tablet left on UTC in a clinic in New York: Today is the clinic's calendar day, fetched and
 * labelled in the clinic's zone, on both sides of the device's midnight and of the clinic's, and a
 * session of that day opens by its address. The clinic's times say whose clock they follow.
 */
test.use({ timezoneId: 'UTC' });

const CLINIC_ZONE = 'America/New_York';
const HOUR_MS = 3_600_000;

/** The clinic's date (YYYY-MM-DD) at an instant. */
const clinicDate = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: CLINIC_ZONE }).format(at);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 24 * HOUR_MS).toISOString().slice(0, 10);

/** The instant the clinic's clock reads `hour`:00 on `date` (New York is 4 or 5 hours behind UTC). */
function clinicTime(date: string, hour: number): number {
  const wall = Date.parse(`${date}T00:00:00Z`) + hour * HOUR_MS;
  const at = [4, 5]
    .map((behind) => wall + behind * HOUR_MS)
    .find((t) => {
      const clock = new Intl.DateTimeFormat('en-CA', { timeZone: CLINIC_ZONE, hour: 'numeric', hourCycle: 'h23' }).format(t);
      return clinicDate(t) === date && Number(clock) === hour;
    });
  expect(at, `${date} ${hour}:00 in New York`).toBeDefined();
  return at!;
}

test("Today on a tablet in UTC lists the clinic's day in New York on both sides of midnight in each zone", async ({ page }) => {
  const today = new CollectorTodayPage(page);
  await signInThroughApi(page.request, MAIN_BASE_URL, DEMO.jordan);
  // A clinic day a week ahead, clear of the seeded days: Leo at 9:00 and at 20:00 (already the next
  // day in UTC), the next morning, and the morning after.
  const day = addDays(clinicDate(Date.now()), 7);
  const ids = {
    morning: await scheduleFreshSession(page, MAIN_BASE_URL, 'Leo Thompson', clinicTime(day, 9)),
    evening: await scheduleFreshSession(page, MAIN_BASE_URL, 'Leo Thompson', clinicTime(day, 20)),
    nextMorning: await scheduleFreshSession(page, MAIN_BASE_URL, 'Leo Thompson', clinicTime(addDays(day, 1), 9)),
    dayAfter: await scheduleFreshSession(page, MAIN_BASE_URL, 'Leo Thompson', clinicTime(addDays(day, 2), 9)),
  };
  const utcMidnight = Date.parse(`${addDays(day, 1)}T00:00:00Z`);
  const clinicMidnight = clinicTime(addDays(day, 1), 0);
  const moments = [
    { what: 'before midnight UTC', at: utcMidnight - HOUR_MS / 2, today: [ids.morning, ids.evening], tomorrow: [ids.nextMorning] },
    { what: 'after midnight UTC', at: utcMidnight + HOUR_MS / 2, today: [ids.morning, ids.evening], tomorrow: [ids.nextMorning] },
    {
      what: 'before midnight in New York',
      at: clinicMidnight - HOUR_MS / 2,
      today: [ids.morning, ids.evening],
      tomorrow: [ids.nextMorning],
    },
    { what: 'after midnight in New York', at: clinicMidnight + HOUR_MS / 2, today: [ids.nextMorning], tomorrow: [ids.dayAfter] },
  ];

  for (const moment of moments) {
    await test.step(moment.what, async () => {
      await page.clock.setFixedTime(moment.at);
      await page.goto(`${MAIN_BASE_URL}/collector`);
      await expect(page.getByTestId('last-refresh')).toContainText('Updated');
      // Sessions of other specs may share the day: only this spec's are held to their place.
      const ours = (shown: string[]) => shown.filter((id) => Object.values(ids).includes(id));
      await expect.poll(async () => ours(await today.sessionIdsOn('Today'))).toEqual(moment.today);
      expect(ours(await today.sessionIdsOn('Tomorrow'))).toEqual(moment.tomorrow);
      await expect(today.root.getByTestId('clinic-time-note')).toHaveText(/time zone: New York \((EST|EDT)\)\.$/);

      await page.goto(`${MAIN_BASE_URL}/collector/session/${moment.today[0]}`);
      await expect(page.getByRole('button', { name: 'Start session' })).toBeVisible();
      await expect(page.locator('.session-bar__time')).toHaveText(/ (EST|EDT)$/);
      await expect(page.getByText('This session is not on this device')).toHaveCount(0);
    });
  }
});
