import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import {
  DEMO,
  MAIN_BASE_URL,
  goOffline,
  markCollectorReady,
  openSessionFromToday,
  signInThroughApi,
  waitForServiceWorker,
} from '../support/collector-helpers';

/**
 * The collector must start fast on a tablet with no network, so what it loads to get there is held
 * to a budget: admin screens and everything else online-only must stay off this path.
 *
 * Measured as it happens: a new tab opens a session by its URL with the network cut (the service
 * worker's cache serves everything), and every script the page asked for before "Correct" could be
 * tapped is counted, each file gzipped as the server would send it. What the screen starts after it
 * is up (the server's view of the session, with the contract's schemas) is not start-up. Static
 * analysis of the import graph misses what the app imports on its own at start-up (the database,
 * the auth and outbox modules) and counts chunks a cold start never asks for; this counts neither
 * too little nor too much. The service worker's own script is not the page's start-up.
 *
 * Ionic's app element fetches its input helpers (tap, focus ring, keyboard: five small files, about
 * 2 KB) once the page is first idle, which is sometimes before the collector is ready and sometimes
 * after, so the total moves by that much between runs of the same build: the budget must hold with
 * them.
 *
 * 252 KB since the collector's clocks moved into the app's one set of date formatters
 * (src/shared/ui/time-zones.ts), which every screen shares so that a session reads the same minute
 * on the tablet, the calendar and the desk: 251.3 KB measured then, from 249.9 KB before.
 *
 * 255 KB since the tablet evaluates a goal's mastery criterion itself, offline (the rule, the
 * session's figures and the goal card's line and target tags: about 2.5 KB), so the therapist sees
 * the moment a criterion is met: 253.9 KB measured then. The rule and the figures are kept in
 * modules without zod (contract/mastery-rule.ts, contract/mastery-measures.ts): importing them from
 * the schemas' module had pulled zod (23 KB) into this start-up.
 */
const BUDGET_KB = 255;

/** Each script gzipped as the server would send it, largest first. */
function gzippedSizes(pathnames: string[]): { totalKb: number; list: string } {
  const sizes = pathnames.map((pathname) => {
    const file = path.join('dist', pathname);
    expect(fs.existsSync(file), `${pathname} is in the build`).toBe(true);
    return { pathname, kb: zlib.gzipSync(fs.readFileSync(file)).length / 1024 };
  });
  const totalKb = sizes.reduce((sum, s) => sum + s.kb, 0);
  const list = sizes
    .sort((a, b) => b.kb - a.kb)
    .map((s) => `  ${s.kb.toFixed(1).padStart(6)} KB  ${s.pathname}`)
    .join('\n');
  return { totalKb, list };
}

test('a cold offline start of the collector loads at most 252 KB of gzipped JavaScript', async ({ context, page }) => {
  test.setTimeout(2 * 60_000);
  await signInThroughApi(page.request, MAIN_BASE_URL, DEMO.jordan);
  const sessionId = await openSessionFromToday(page, MAIN_BASE_URL, 'Leo Thompson');
  await waitForServiceWorker(page);
  // Started, so that the screen it comes back to is the one with the score buttons.
  await page.getByRole('button', { name: 'Start session' }).click();
  await expect(page.getByTestId('session-status')).toHaveText('In progress');

  await page.close();
  await goOffline(context);
  const cold = await context.newPage();
  await cold.addInitScript(markCollectorReady);
  await cold.goto(`${MAIN_BASE_URL}/collector/session/${sessionId}`);
  await expect(cold.getByRole('button', { name: 'Correct', exact: true }).first()).toBeEnabled({ timeout: 30_000 });
  const scripts = await cold.evaluate(() => {
    const readyAt = (window as unknown as { collectorReadyAt: number }).collectorReadyAt;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime <= readyAt)
      .map((entry) => new URL(entry.name).pathname)
      .filter((pathname) => pathname.endsWith('.js') && !pathname.endsWith('/sw.js'));
  });
  expect(scripts.length, 'scripts loaded').toBeGreaterThan(0);
  const { totalKb, list } = gzippedSizes(scripts);
  console.log(
    `collector offline start-up: ${totalKb.toFixed(1)} KB gzipped JavaScript in ${scripts.length} files (budget ${BUDGET_KB} KB)\n${list}`,
  );
  expect(totalKb, `gzipped JavaScript before the collector is usable, offline:\n${list}`).toBeLessThanOrEqual(BUDGET_KB);
});

/**
 * The other start-up a therapist meets: the first visit, online, with nothing cached. Counted is every
 * script the page asked for until Today shows the day's sessions and the network is quiet, so the
 * contract's schemas the screen loads for its calls count too; the service worker, which the browser
 * also downloads on a first visit, is counted beside it.
 */
const FIRST_VISIT_BUDGET_KB = 290;
// The worker carries the contracts of the features the outbox calls, not all of them (80 KB then);
// 76 KB since a collector goal carries its status, targets' statuses and mastery criterion (75.2 KB measured).
const WORKER_BUDGET_KB = 76;

test('a first visit to Today and the service worker stay within their gzipped JavaScript budgets', async ({ page }) => {
  await signInThroughApi(page.request, MAIN_BASE_URL, DEMO.jordan);
  await page.goto(`${MAIN_BASE_URL}/collector`);
  await expect(page.getByTestId('session-row').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('last-refresh')).toContainText('Updated');
  await page.waitForLoadState('networkidle');
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((pathname) => pathname.endsWith('.js') && !pathname.endsWith('/sw.js')),
  );
  const { totalKb, list } = gzippedSizes(scripts);
  const workerKb = gzippedSizes(['/sw.js']).totalKb;
  console.log(
    `Today, first visit: ${totalKb.toFixed(1)} KB gzipped JavaScript in ${scripts.length} files (budget ${FIRST_VISIT_BUDGET_KB} KB); ` +
      `service worker ${workerKb.toFixed(1)} KB (budget ${WORKER_BUDGET_KB} KB)\n${list}`,
  );
  expect(totalKb, `gzipped JavaScript until Today is shown, first visit:\n${list}`).toBeLessThanOrEqual(FIRST_VISIT_BUDGET_KB);
  expect(workerKb, 'gzipped service worker').toBeLessThanOrEqual(WORKER_BUDGET_KB);
});
