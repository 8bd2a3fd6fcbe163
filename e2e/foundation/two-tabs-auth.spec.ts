import { expect, test, type Route } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { SignInPage } from '../pages/sign-in-page';
import {
  DEMO,
  MAIN_BASE_URL,
  expectAllSent,
  openSessionFromToday,
  signInThroughApi,
  signInThroughUi,
  waitForServiceWorker,
} from '../support/collector-helpers';
import { confirmSignOutWithUnsent, serverPointCount, tapOutcomes, watchTraffic } from '../support/signout-helpers';

/**
 * Tab 1 holds therapist A in the collector with taps not sent yet; in tab 2, A signs out and B signs
 * in. Tab 1 must leave the collector at once, none of A's taps may go under B's sign-in, and they
 * arrive once A signs in again.
 */
const holdCollectorWrites = (route: Route) => (route.request().method() === 'GET' ? route.continue() : route.abort('internetdisconnected'));

test("another tab's sign-out and sign-in take tab 1 out of the collector, and A's taps wait for A", async ({ page: tab1, context }) => {
  test.setTimeout(3 * 60_000);
  const a = DEMO.jordan;
  const b = DEMO.priya;
  await signInThroughApi(tab1.request, MAIN_BASE_URL, a);
  const sessionId = await openSessionFromToday(tab1, MAIN_BASE_URL, 'Leo Thompson');
  await waitForServiceWorker(tab1);
  await tab1.getByRole('button', { name: 'Start session' }).click();
  await expect(tab1.getByTestId('session-status')).toHaveText('In progress');
  await expectAllSent(tab1, 60_000);

  // The taps can't leave (the collector's writes fail for the pages and the worker).
  await context.route('**/api/collector/**', holdCollectorWrites);
  await tapOutcomes(tab1, [
    ['clap hands', 'Correct'],
    ['arms up', 'Incorrect'],
    ['touch head', 'Correct'],
  ]);

  const tab2 = await context.newPage();
  await tab2.goto(`${MAIN_BASE_URL}/`);
  await new AppShell(tab2).signOut();
  await confirmSignOutWithUnsent(tab2);
  await new SignInPage(tab2).expectShown();
  // Tab 1 left the collector at once.
  await expect(tab1).toHaveURL(/\/sign-in/, { timeout: 3_000 });
  await expect(tab1.getByTestId('session-status')).toHaveCount(0);

  const traffic = watchTraffic(context);
  await signInThroughUi(tab2, b);
  await expect(tab2).not.toHaveURL(/\/sign-in/, { timeout: 30_000 });
  // Tab 1 follows to B's Home, never back to A's session.
  await expect(tab1).toHaveURL(`${MAIN_BASE_URL}/`, { timeout: 10_000 });
  await expect(tab1.getByText(a)).toHaveCount(0);

  // The network is whole again; nothing of A's goes under B's sign-in.
  await context.unroute('**/api/collector/**', holdCollectorWrites);
  await tab1.waitForTimeout(6_000);
  expect(traffic.collectorWrites, 'collector writes while B is signed in').toEqual([]);
  expect(await serverPointCount(a, sessionId)).toBe(0);
  traffic.stop();

  // A signs in again (in tab 2): the taps parked on the device arrive.
  await new AppShell(tab2).signOut();
  await new SignInPage(tab2).expectShown();
  await signInThroughUi(tab2, a);
  await expect(tab2).not.toHaveURL(/\/sign-in/, { timeout: 30_000 });
  await expect.poll(() => serverPointCount(a, sessionId), { timeout: 90_000, intervals: [1_000, 2_000] }).toBe(3);
});
