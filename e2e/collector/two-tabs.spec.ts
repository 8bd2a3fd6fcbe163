import { expect, test } from '@playwright/test';
import { DEMO, MAIN_BASE_URL, expectAllSent, fetchCollectorSession, goOffline, goOnline, openSessionFromToday, signInThroughApi, targetGroup, waitForServiceWorker } from '../support/collector-helpers';

/**
 * Two tabs on one session share the device's data. A tab that opens the session reads the device,
 * then asks the server for points taken elsewhere; by the time the answer comes, the other tab may
 * have written newer values on the device. The late answer must not overwrite them.
 */
test('a tab opening the session never overwrites newer taps of the other tab with an older server value', async ({ context, page }) => {
  test.setTimeout(2 * 60_000);
  const base = MAIN_BASE_URL;
  const me = await signInThroughApi(page.request, base, DEMO.jordan);
  const sessionId = await openSessionFromToday(page, base, 'Leo Thompson');
  await page.getByRole('button', { name: 'Start session' }).click();
  await expect(page.getByTestId('session-status')).toHaveText('In progress');
  await waitForServiceWorker(page);
  const waves = targetGroup(page, 'waves');
  const plus = waves.getByRole('button', { name: '+', exact: true });
  const count = waves.getByTestId('count');

  await plus.click();
  await expect(count).toHaveText('1');
  await expectAllSent(page, 60_000);

  // The second tab opens the session; its question to the server is held for a moment.
  const tab2 = await context.newPage();
  let release: (() => void) | null = null;
  await tab2.route((url) => url.pathname === `/api/collector/sessions/${sessionId}/`, async (route) => {
    if (route.request().method() !== 'GET') {
      return route.fallback();
    }
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    await route.continue();
  });
  await tab2.goto(`${base}/collector/session/${sessionId}`);
  await expect(targetGroup(tab2, 'waves').getByTestId('count')).toHaveText('1');
  await expect.poll(() => release !== null, { message: "the second tab's question is out" }).toBe(true);

  // Meanwhile the first tab counts on: 2 reaches the server, 3 is saved on the device only.
  await plus.click();
  await expect(count).toHaveText('2');
  await expectAllSent(page, 60_000);
  await page.route(/\/api\/collector\/sessions\/.*\/points\//, (route) => route.abort('internetdisconnected'));
  await plus.click();
  await expect(count).toHaveText('3');

  // The server answers the second tab now (count 2): the device keeps 3, and the second tab shows it.
  release!();
  await expect(targetGroup(tab2, 'waves').getByTestId('count')).toHaveText('3');
  // Still offline (only the device can answer), the first tab reloads: it shows what it counted.
  await goOffline(context);
  await page.unroute(/\/api\/collector\/sessions\/.*\/points\//);
  await page.reload();
  await expect(count, 'the first tab after a reload shows what it counted').toHaveText('3');
  await goOnline(context);
  await plus.click();
  await expect(count).toHaveText('4');
  await expectAllSent(page, 60_000);
  const server = await fetchCollectorSession(page.request, base, sessionId, me.organizationId);
  const points = server.goals.flatMap((g) => g.data).filter((p) => p.kind === 'frequency');
  expect(points.map((p) => p.count)).toEqual([4]);
});
