import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { SignInPage } from '../pages/sign-in-page';
import {
  DEMO,
  MAIN_BASE_URL,
  expectAllSent,
  fetchCollectorSession,
  goOffline,
  goOnline,
  openSessionFromToday,
  signInThroughApi,
  waitForServiceWorker,
} from '../support/collector-helpers';
import { confirmSignOutWithUnsent, serverPointCount, tapOutcomes } from '../support/signout-helpers';

/**
 * Where the outbox drains: in the service worker when one controls the page (the page's thread is
 * left to the taps), on the page itself when none does. Either way every tap arrives once.
 */

/** Counts the outbox's writes by who sent them, from now on. */
function countSenders(context: BrowserContext, page: Page) {
  const senders = { worker: 0, page: 0 };
  context.on('request', (request) => {
    if (request.method() !== 'GET' && /\/api\/collector\//.test(request.url())) {
      if (request.serviceWorker()) {
        senders.worker += 1;
      } else if (request.frame().page() === page) {
        senders.page += 1;
      }
    }
  });
  return senders;
}

const TAPS: [string, 'Correct' | 'Incorrect' | 'No response'][] = [
  ['clap hands', 'Correct'],
  ['clap hands', 'Incorrect'],
  ['arms up', 'No response'],
  ['touch head', 'Correct'],
  ['arms up', 'Correct'],
];

async function tapAndCheckServer(page: Page, sessionId: string, organizationId: string) {
  await page.getByRole('button', { name: 'Start session' }).click();
  await expect(page.getByTestId('session-status')).toHaveText('In progress');
  await tapOutcomes(page, TAPS);
  await expectAllSent(page, 60_000);
  const server = await fetchCollectorSession(page.request, MAIN_BASE_URL, sessionId, organizationId);
  expect(server.goals.flatMap((g) => g.data).filter((p) => p.kind === 'trial')).toHaveLength(TAPS.length);
}

test('with a service worker in control, the worker sends the taps and the page sends nothing', async ({ context, page }) => {
  test.setTimeout(2 * 60_000);
  const me = await signInThroughApi(page.request, MAIN_BASE_URL, DEMO.jordan);
  const sessionId = await openSessionFromToday(page, MAIN_BASE_URL, 'Leo Thompson');
  await waitForServiceWorker(page);
  const senders = countSenders(context, page);
  await tapAndCheckServer(page, sessionId, me.organizationId);
  expect(senders.worker, 'outbox calls sent by the service worker').toBeGreaterThan(0);
  expect(senders.page, 'outbox calls sent by the page').toBe(0);
});

test.describe('without a service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('the page drains by itself and every tap arrives', async ({ context, page }) => {
    test.setTimeout(2 * 60_000);
    const me = await signInThroughApi(page.request, MAIN_BASE_URL, DEMO.jordan);
    const sessionId = await openSessionFromToday(page, MAIN_BASE_URL, 'Noah Bennett');
    const senders = countSenders(context, page);
    await tapAndCheckServer(page, sessionId, me.organizationId);
    expect(senders.page, 'outbox calls sent by the page').toBeGreaterThan(0);
    expect(senders.worker).toBe(0);
  });
});

/**
 * The worker follows the page's rule after a sign-out: nothing of the signed-out person goes out
 * until they sign in again, even when a page that still believes in them asks it to drain.
 */
test('after a sign-out, a drain request naming the signed-out person sends nothing from the worker', async ({ context, page }) => {
  test.setTimeout(3 * 60_000);
  const me = await signInThroughApi(page.request, MAIN_BASE_URL, DEMO.priya);
  const sessionId = await openSessionFromToday(page, MAIN_BASE_URL, 'Sofia Garcia');
  await waitForServiceWorker(page);
  await page.getByRole('button', { name: 'Start session' }).click();
  await expect(page.getByTestId('session-status')).toHaveText('In progress');
  await expectAllSent(page, 60_000);

  await goOffline(context);
  await tapOutcomes(page, [
    ['short a words', 'Correct'],
    ['short i words', 'Incorrect'],
  ]);
  await new AppShell(page).signOut();
  await confirmSignOutWithUnsent(page);
  await new SignInPage(page).expectShown();
  await goOnline(context);

  const senders = countSenders(context, page);
  const answer = await page.evaluate(async (userId) => {
    const worker = navigator.serviceWorker.controller;
    if (!worker) {
      return 'no worker';
    }
    const channel = new MessageChannel();
    const drained = new Promise<unknown>((resolve) => {
      channel.port1.onmessage = (event: MessageEvent<{ type: string; result?: unknown }>) => {
        if (event.data.type === 'drained') {
          resolve(event.data.result);
        }
      };
    });
    worker.postMessage({ type: 'OUTBOX_DRAIN', userId }, [channel.port2]);
    return drained;
  }, me.userId);
  expect(answer, "the worker's answer: nothing drained").toBeNull();
  await page.waitForTimeout(2_000);
  expect(senders.worker + senders.page, 'outbox calls after the sign-out').toBe(0);
  expect(await serverPointCount(DEMO.priya, sessionId)).toBe(0);
});
