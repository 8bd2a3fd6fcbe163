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
 * is up (the server's view of the session, with the contract's schemas) is not start-up. Static analysis of the import graph
 * misses what the app imports on its own at start-up (the database, the auth and outbox modules)
 * and counts chunks a cold start never asks for; this counts neither too little nor too much. The
 * service worker's own script is not the page's start-up.
 */
const BUDGET_KB = 250;

test('a cold offline start of the collector loads at most 250 KB of gzipped JavaScript', async ({ context, page }) => {
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
  const sizes = scripts.map((pathname) => {
    const file = path.join('dist', pathname);
    expect(fs.existsSync(file), `${pathname} is in the build`).toBe(true);
    return { pathname, kb: zlib.gzipSync(fs.readFileSync(file)).length / 1024 };
  });
  const totalKb = sizes.reduce((sum, s) => sum + s.kb, 0);
  const list = sizes
    .sort((a, b) => b.kb - a.kb)
    .map((s) => `  ${s.kb.toFixed(1).padStart(6)} KB  ${s.pathname}`)
    .join('\n');
  console.log(
    `collector offline start-up: ${totalKb.toFixed(1)} KB gzipped JavaScript in ${sizes.length} files (budget ${BUDGET_KB} KB)\n${list}`,
  );
  expect(totalKb, `gzipped JavaScript before the collector is usable, offline:\n${list}`).toBeLessThanOrEqual(BUDGET_KB);
});
