import { expect, test, type Page } from '@playwright/test';
import { addDays, clinicDate, clinicTime, firstOpenDays, serverClockAt } from '../support/clinic-time';
import { DEMO, MAIN_BASE_URL, scheduleFreshSession, signInThroughApi, targetGroup } from '../support/collector-helpers';

/**
 * A session opened by its URL (a link, a bookmark, a second tab) while the device's day is not yet
 * stored, or still being fetched by Today in another tab: the session page waits for that fetch, or
 * fetches the day itself, before it says the session is not on this device.
 */
/**
 * A new session of Leo's tomorrow morning on the clinic's clock, the day Today's window covers (days.ts
 * dayWindow). The device's clock is set to noon the day before an open clinic day a week ahead or
 * later: the real tomorrow may be the demo's holiday (on the last day of a month that is a Sunday), and
 * a session asked for on it would slide past the window.
 */
async function tomorrowSessionId(page: Page): Promise<string> {
  const tomorrow = await firstOpenDays(page.request, MAIN_BASE_URL, addDays(clinicDate(Date.now()), 7), 1);
  const at = clinicTime(addDays(tomorrow, -1), 12);
  await page.clock.setFixedTime(at);
  await serverClockAt(page.context(), () => at);
  return scheduleFreshSession(page, MAIN_BASE_URL, 'Leo Thompson', clinicTime(tomorrow, 6), clinicTime(addDays(tomorrow, 1), 0));
}

test('a tomorrow session opened by its URL while Today in another tab is still fetching the day opens once it is stored', async ({
  context,
  page,
}) => {
  await signInThroughApi(page.request, MAIN_BASE_URL, DEMO.jordan);
  const sessionId = await tomorrowSessionId(page);
  // Today's fetch of the sessions is slow; the other tab is on the same device and network.
  let release: (() => void) | null = null;
  await page.route(
    (url) => url.pathname === '/api/scheduling/therasessions/',
    async (route) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      // On to the context's route, which sets the server's clock to the device's.
      await route.fallback();
    },
  );
  await page.goto(`${MAIN_BASE_URL}/collector`);
  await expect.poll(() => release !== null, { message: "Today's fetch of the sessions is out" }).toBe(true);
  const tab2 = await context.newPage();
  await tab2.goto(`${MAIN_BASE_URL}/collector/session/${sessionId}`);
  await expect(tab2.getByText('Opening the session…')).toBeVisible();
  await tab2.waitForTimeout(1_000);
  await expect(tab2.getByText('This session is not on this device')).toHaveCount(0);
  release!();
  await expect(page.getByTestId('last-refresh')).toContainText('Updated');
  await expect(
    targetGroup(tab2, 'clap hands')
      .or(tab2.getByRole('button', { name: 'Start session' }))
      .first(),
  ).toBeVisible();
  await expect(tab2.getByText('This session is not on this device')).toHaveCount(0);
});

test('a tomorrow session opened by its URL on a device that never opened Today fetches the day and opens', async ({ page }) => {
  await signInThroughApi(page.request, MAIN_BASE_URL, DEMO.jordan);
  const sessionId = await tomorrowSessionId(page);
  await page.goto(`${MAIN_BASE_URL}/collector/session/${sessionId}`);
  await expect(page.getByRole('button', { name: 'Start session' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('This session is not on this device')).toHaveCount(0);
});
