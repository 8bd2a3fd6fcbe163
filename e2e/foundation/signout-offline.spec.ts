import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { SignInPage } from '../pages/sign-in-page';
import {
  DEMO,
  MAIN_BASE_URL,
  goOffline,
  goOnline,
  openSessionFromToday,
  expectAllSent,
  signInThroughApi,
  signInThroughUi,
  waitForServiceWorker,
} from '../support/collector-helpers';
import { browserSessionStatus, confirmSignOutWithUnsent, serverPointCount, tapOutcomes, watchTraffic } from '../support/signout-helpers';

/**
 * A therapist signs out while offline with taps still on the device. When the connection returns —
 * with the page left as it is, after a reload, or with the sign-in form left open — the app must
 * never sign them back in with the old cookie, show nothing of theirs, and send none of their taps;
 * the taps go when that same therapist signs in again.
 */
type Return = 'without reload' | 'with a reload' | 'with the sign-in form left open';

async function signOutOfflineThenReturn(
  page: Page,
  context: BrowserContext,
  email: string,
  student: string,
  targets: [string, string, string],
  how: Return,
) {
  test.setTimeout(3 * 60_000);
  await signInThroughApi(page.request, MAIN_BASE_URL, email);
  const sessionId = await openSessionFromToday(page, MAIN_BASE_URL, student);
  await waitForServiceWorker(page);
  await page.getByRole('button', { name: 'Start session' }).click();
  await expect(page.getByTestId('session-status')).toHaveText('In progress');
  await expectAllSent(page, 60_000);

  await goOffline(context);
  await tapOutcomes(page, [
    [targets[0], 'Correct'],
    [targets[1], 'Incorrect'],
    [targets[2], 'No response'],
  ]);
  await new AppShell(page).signOut();
  await confirmSignOutWithUnsent(page);
  const signIn = new SignInPage(page);
  await signIn.expectShown();

  const traffic = watchTraffic(context);
  if (how === 'with the sign-in form left open') {
    await signIn.email.fill(email); // typed, not sent: the form stays open while the network returns
  }
  await goOnline(context);
  if (how === 'with a reload') {
    await page.reload();
  }
  // The old bug signed the previous therapist back in about 2 s after the connection returned.
  await page.waitForTimeout(6_000);
  await signIn.expectShown();
  await expect(page.getByText(email)).toHaveCount(0);
  await expect(page.locator('ion-menu')).toHaveCount(0);
  expect(traffic.sessionsGranted, 'session answers that signed someone in').toEqual([]);
  expect(traffic.collectorWrites, 'collector writes after the sign-out').toEqual([]);
  // The waiting logout went through: the old cookie is worth nothing now.
  await expect.poll(() => browserSessionStatus(page)).toBe(401);
  expect(await serverPointCount(email, sessionId)).toBe(0);
  traffic.stop();

  // The same therapist signs in again: the taps kept on the device arrive.
  await signInThroughUi(page, email);
  await expect(page).not.toHaveURL(/\/sign-in/, { timeout: 30_000 });
  await expect.poll(() => serverPointCount(email, sessionId), { timeout: 90_000, intervals: [1_000, 2_000] }).toBe(3);
}

test('signed out offline, the connection returns without a reload: never signed back in', async ({ page, context }) => {
  await signOutOfflineThenReturn(
    page,
    context,
    DEMO.priya,
    'Sofia Garcia',
    ['short a words', 'short i words', 'first name'],
    'without reload',
  );
});

test('signed out offline, the connection returns and the app reloads: never signed back in', async ({ page, context }) => {
  await signOutOfflineThenReturn(
    page,
    context,
    DEMO.priya,
    'Ethan Bennett',
    ['short a words', 'short i words', 'first name'],
    'with a reload',
  );
});

test('signed out offline, the connection returns with the sign-in form left open: never signed back in', async ({ page, context }) => {
  await signOutOfflineThenReturn(
    page,
    context,
    DEMO.jordan,
    'Leo Thompson',
    ['clap hands', 'arms up', 'touch head'],
    'with the sign-in form left open',
  );
});
