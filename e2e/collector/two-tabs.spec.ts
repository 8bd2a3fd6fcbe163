import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import {
  DEMO,
  MAIN_BASE_URL,
  expectAllSent,
  fetchCollectorSession,
  goOffline,
  goOnline,
  openSessionFromToday,
  settledText,
  signInThroughApi,
  targetGroup,
  waitForServiceWorker,
} from '../support/collector-helpers';

/**
 * Clicks a target's button `times` times from inside the page, `gapMs` apart, without waiting for
 * anything between clicks: as fast as a thumb, faster than Playwright's own clicks.
 */
async function tapBurst(page: Page, target: string, button: string, times: number, gapMs: number) {
  await page.evaluate(
    async ({ target, button, times, gapMs }) => {
      const groups = [...document.querySelectorAll('[role="group"][aria-labelledby]')];
      const group = groups.find((g) => document.getElementById(g.getAttribute('aria-labelledby') ?? '')?.textContent?.trim() === target);
      const el = [...(group?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.trim() === button);
      if (!el) {
        throw new Error(`no ${button} button for ${target}`);
      }
      for (let i = 0; i < times; i++) {
        el.click();
        await new Promise((resolve) => setTimeout(resolve, gapMs));
      }
    },
    { target, button, times, gapMs },
  );
}

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
  await tab2.route(
    (url) => url.pathname === `/api/collector/sessions/${sessionId}/`,
    async (route) => {
      if (route.request().method() !== 'GET') {
        return route.fallback();
      }
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      await route.continue();
    },
  );
  await tab2.goto(`${base}/collector/session/${sessionId}`);
  await expect(targetGroup(tab2, 'waves').getByTestId('count')).toHaveText('1');
  await expect.poll(() => release !== null, { message: "the second tab's question is out" }).toBe(true);

  // Meanwhile the first tab counts on: 2 reaches the server, 3 is saved on the device only.
  await plus.click();
  await expect(count).toHaveText('2');
  await expectAllSent(page, 60_000);
  // On the context: the first tab's drain runs in the service worker, whose calls a page route misses.
  await context.route(/\/api\/collector\/sessions\/.*\/points\//, (route) => route.abort('internetdisconnected'));
  await plus.click();
  await expect(count).toHaveText('3');

  // The server answers the second tab now (count 2): the device keeps 3, and the second tab shows it.
  release!();
  await expect(targetGroup(tab2, 'waves').getByTestId('count')).toHaveText('3');
  // Still offline (only the device can answer), the first tab reloads: it shows what it counted.
  await goOffline(context);
  await context.unroute(/\/api\/collector\/sessions\/.*\/points\//);
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

/**
 * Records, in every page of the context, the collector's tab messages it sent and every one it could
 * receive (a second channel object of its own hears all of them), with the trial rows they name: on a
 * failure the test prints which tab heard what. (This is how a tap lost to a tab tapping without
 * pause was told apart from a lost message: both tabs had heard every write, and one tap had none.)
 */
async function traceTabMessages(context: BrowserContext) {
  await context.addInitScript(() => {
    const log: string[] = [];
    const w = window as unknown as { __tabTrace: string[] };
    w.__tabTrace = log;
    const summary = (data: unknown) => {
      const m = data as { page?: string; points?: string[] };
      return `${String(m.page).slice(-6)} ${(m.points ?? []).map((k) => k.split('/').slice(-2).join('/').slice(-8)).join(',')}`;
    };
    const spy = new BroadcastChannel('thera-collector');
    spy.onmessage = (event) => log.push(`${Math.round(performance.now())} in  ${summary(event.data)}`);
    const post = BroadcastChannel.prototype.postMessage;
    BroadcastChannel.prototype.postMessage = function (this: BroadcastChannel, message: unknown) {
      if (this.name === 'thera-collector' && this !== spy) {
        log.push(`${Math.round(performance.now())} out ${summary(message)}`);
      }
      return post.call(this, message);
    };
  });
}

async function printTabTrace(pages: readonly Page[]) {
  for (const [i, p] of pages.entries()) {
    const log = await p.evaluate(() => (window as unknown as { __tabTrace?: string[] }).__tabTrace ?? []).catch(() => ['(page gone)']);
    console.log(`tab ${i + 1} (${log.length} lines):\n${log.join('\n')}`);
  }
}

/**
 * Two tabs on one session, both tapping the same targets: alternating, at the same moment, and in
 * bursts at full speed. The device never gives one trial number to two taps (the second write fails
 * and takes the next free number), the tabs follow each other's taps, and the server ends with every
 * confirmed tap exactly once.
 */
test('two tabs tapping the same targets at full speed: every tap on the server once, no number used twice', async ({ context, page }) => {
  test.setTimeout(4 * 60_000);
  await traceTabMessages(context);
  const base = MAIN_BASE_URL;
  const me = await signInThroughApi(page.request, base, DEMO.jordan);
  const sessionId = await openSessionFromToday(page, base, 'Noah Bennett');
  await page.getByRole('button', { name: 'Start session' }).click();
  await expect(page.getByTestId('session-status')).toHaveText('In progress');
  await waitForServiceWorker(page);
  const tab2 = await context.newPage();
  await tab2.goto(`${base}/collector/session/${sessionId}`);
  const tabs = [page, tab2] as const;
  for (const tab of tabs) {
    await expect(targetGroup(tab, 'clap hands').getByTestId('trial-no')).toHaveText('1');
  }
  // The first tab scores every trial correct, the second incorrect: the server's outcomes tell whose tap each is.
  const score = (tab: Page, outcome: 'Correct' | 'Incorrect') =>
    targetGroup(tab, 'clap hands').getByRole('button', { name: outcome, exact: true }).click();
  const plus = (tab: Page) => targetGroup(tab, 'waves').getByRole('button', { name: '+', exact: true }).click();

  let perTab = 0;
  let counts = 0;
  // Alternating.
  for (let i = 0; i < 8; i++) {
    await score(page, 'Correct');
    await score(tab2, 'Incorrect');
    await plus(i % 2 ? page : tab2);
    perTab += 1;
    counts += 1;
  }
  // At the same moment.
  for (let i = 0; i < 8; i++) {
    await Promise.all([score(page, 'Correct'), score(tab2, 'Incorrect'), plus(page), plus(tab2)]);
    perTab += 1;
    counts += 2;
  }
  // Full speed, both tabs at once.
  await Promise.all([tapBurst(page, 'clap hands', 'Correct', 25, 5), tapBurst(tab2, 'clap hands', 'Incorrect', 25, 5)]);
  perTab += 25;
  await Promise.all([tapBurst(page, 'waves', '+', 15, 5), tapBurst(tab2, 'waves', '+', 15, 5)]);
  counts += 30;

  const total = perTab * 2;
  try {
    for (const tab of tabs) {
      await expect(tab.getByRole('alert'), 'no tap failed').toHaveCount(0);
      // Both tabs offer the same next trial and show the same count.
      await expect(targetGroup(tab, 'clap hands').getByTestId('trial-no')).toHaveText(String(total + 1), { timeout: 30_000 });
      await expect(targetGroup(tab, 'waves').getByTestId('count')).toHaveText(String(counts), { timeout: 30_000 });
    }
  } catch (error) {
    await printTabTrace(tabs);
    for (const tab of tabs) {
      console.log(await targetGroup(tab, 'clap hands').innerText());
    }
    throw error;
  }
  await expectAllSent(page, 120_000);
  expect(await settledText(targetGroup(tab2, 'clap hands').getByTestId('trial-no'))).toBe(String(total + 1));

  const server = await fetchCollectorSession(page.request, base, sessionId, me.organizationId);
  const trials = server.goals.flatMap((g) => g.data).filter((p) => p.kind === 'trial');
  const numbers = trials.map((p) => p.trial_no).sort((a, b) => a - b);
  expect(numbers, 'every trial number once, none skipped').toEqual(Array.from({ length: total }, (_, i) => i + 1));
  expect(
    trials.filter((p) => p.outcome === 'correct'),
    'every tap of the first tab',
  ).toHaveLength(perTab);
  expect(
    trials.filter((p) => p.outcome === 'incorrect'),
    'every tap of the second tab',
  ).toHaveLength(perTab);
  const waves = server.goals.flatMap((g) => g.data).filter((p) => p.kind === 'frequency');
  expect(
    waves.map((p) => p.count),
    'every +1 of both tabs',
  ).toEqual([counts]);
});
