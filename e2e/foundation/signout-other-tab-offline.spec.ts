import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { SignInPage } from '../pages/sign-in-page';
import {
  DEMO,
  MAIN_BASE_URL,
  expectAllSent,
  goOffline,
  goOnline,
  openSessionFromToday,
  signInThroughApi,
  signInThroughUi,
  waitForServiceWorker,
} from '../support/collector-helpers';
import { confirmSignOutWithUnsent, serverPointCount, tapOutcomes, watchTraffic } from '../support/signout-helpers';

/**
 * Offline, with taps still on the device, the therapist opens a new tab (its Home can't load its
 * data, so it shows the offline page) and signs out there: that tab and both collector tabs must
 * show the sign-in screen at once, not wait for the connection, and nothing of theirs goes out until
 * the same therapist signs in again.
 */
test('signed out offline from the offline page of a new tab: every tab shows the sign-in screen at once', async ({
  page: tab1,
  context,
}) => {
  test.setTimeout(3 * 60_000);
  const email = DEMO.maya;
  await signInThroughApi(tab1.request, MAIN_BASE_URL, email);
  const sessionId = await openSessionFromToday(tab1, MAIN_BASE_URL, 'Ava Thompson');
  await waitForServiceWorker(tab1);
  await tab1.getByRole('button', { name: 'Start session' }).click();
  await expect(tab1.getByTestId('session-status')).toHaveText('In progress');
  await expectAllSent(tab1, 60_000);
  const tab2 = await context.newPage();
  await tab2.goto(`${MAIN_BASE_URL}/collector/session/${sessionId}`);
  await expect(tab2.getByTestId('session-status')).toHaveText('In progress', { timeout: 30_000 });

  await goOffline(context);
  await tapOutcomes(tab1, [
    ['more + item', 'Correct'],
    ['want + item', 'Incorrect'],
  ]);

  // A new tab, opened offline: the app starts from the service worker's cache and the last known
  // session; Home can't load the organizations, so the tab waits on the offline page, menu at hand.
  const tab3 = await context.newPage();
  await tab3.goto(`${MAIN_BASE_URL}/`);
  await expect(tab3).toHaveURL(/\/status\/offline/);
  await expect(tab3.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  // One more tab waits on the offline page (its screen, too, needs the server): it is told by the other.
  const tab4 = await context.newPage();
  await tab4.goto(`${MAIN_BASE_URL}/account`);
  await expect(tab4).toHaveURL(/\/status\/offline/);
  await new AppShell(tab3).signOut();
  await confirmSignOutWithUnsent(tab3);
  const tabs = [
    ['the new tab', tab3],
    ['the other offline-page tab', tab4],
    ['the first collector tab', tab1],
    ['the second collector tab', tab2],
  ] as const;
  for (const [name, p] of tabs) {
    await expect(p.getByRole('heading', { name: 'Sign in' }), `${name} after the sign-out`).toBeVisible({ timeout: 10_000 });
  }

  const traffic = watchTraffic(context);
  await goOnline(context);
  await tab3.waitForTimeout(4_000);
  for (const [, p] of tabs) {
    await new SignInPage(p).expectShown();
  }
  expect(traffic.sessionsGranted, 'session answers that signed someone in').toEqual([]);
  expect(traffic.collectorWrites, 'collector writes after the sign-out').toEqual([]);
  expect(await serverPointCount(email, sessionId)).toBe(0);
  traffic.stop();

  await signInThroughUi(tab3, email);
  await expect(tab3).not.toHaveURL(/\/sign-in/, { timeout: 30_000 });
  await expect.poll(() => serverPointCount(email, sessionId), { timeout: 90_000, intervals: [1_000, 2_000] }).toBe(2);
});
