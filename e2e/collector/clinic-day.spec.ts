import { expect, test } from '@playwright/test';
import { CollectorTodayPage } from '../pages/collector-pages';
import { addDays, clinicDate, clinicTime, firstOpenDays, serverClockAt } from '../support/clinic-time';
import { DEMO, MAIN_BASE_URL, scheduleFreshSession, signInThroughApi } from '../support/collector-helpers';

/**
 * A tablet left on UTC in a clinic in New York: Today is the clinic's calendar day, fetched and
 * labelled in the clinic's zone, on both sides of the device's midnight and of the clinic's, and a
 * session of that day opens by its address. The clinic's times say whose clock they follow. And a
 * tablet whose clock runs three hours ahead, past the clinic's midnight, still shows the real day:
 * "now" is the server's.
 */
test.use({ timezoneId: 'UTC' });

const HOUR_MS = 3_600_000;

test("Today on a tablet in UTC lists the clinic's day in New York on both sides of midnight in each zone", async ({ page }) => {
  const today = new CollectorTodayPage(page);
  await signInThroughApi(page.request, MAIN_BASE_URL, DEMO.jordan);
  // A clinic day a week ahead or later, clear of the seeded days, and it and the two after it open
  // (the demo's holiday falls in some weeks): Leo at 9:00 and at 20:00 (already the next day in UTC),
  // the next morning, and the morning after. Each session starts on its own day or the test stops there.
  const day = await firstOpenDays(page.request, MAIN_BASE_URL, addDays(clinicDate(Date.now()), 7), 3);
  const schedule = (date: string, hour: number) =>
    scheduleFreshSession(page, MAIN_BASE_URL, 'Leo Thompson', clinicTime(date, hour), clinicTime(addDays(date, 1), 0));
  const morning = await schedule(day, 9);
  const [evening, nextMorning, dayAfter] = await Promise.all([
    schedule(day, 20),
    schedule(addDays(day, 1), 9),
    schedule(addDays(day, 2), 9),
  ]);
  const ids = { morning, evening, nextMorning, dayAfter };
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
    {
      what: 'on a device clock three hours ahead, past midnight in New York',
      at: clinicMidnight + HOUR_MS * 1.5,
      server: clinicMidnight - HOUR_MS * 1.5,
      today: [ids.morning, ids.evening],
      tomorrow: [ids.nextMorning],
    },
  ];
  // The server's clock as the app reads it: the moment's, or its own where the device is wrong.
  let serverAt = 0;
  await serverClockAt(page.context(), () => serverAt);

  for (const moment of moments) {
    await test.step(moment.what, async () => {
      await page.clock.setFixedTime(moment.at);
      serverAt = 'server' in moment && moment.server !== undefined ? moment.server : moment.at;
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
