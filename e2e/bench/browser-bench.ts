import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawn } from 'node:child_process';
import { chromium, type Page } from '@playwright/test';
import { findChromium } from '../../scripts/ensure-chromium';
import { percentile } from '../../scripts/bench/harness';

/**
 * Browser benchmarks in Chromium against the real app (npm start's server on a fresh embedded database):
 * tap-to-durable with 4x CPU throttling beside the bare IndexedDB floor, tap-to-frame, offline cold
 * start of the collector, and gzipped JavaScript loaded before the collector is usable.
 */
const PORT = 8282;
const BASE = `http://localhost:${PORT}`;
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

async function startApp() {
  fs.rmSync('.tmp/bench-data', { recursive: true, force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: '.tmp/bench-data', LOG_LEVEL: 'warn', RATE_LIMIT_AUTH_PER_MINUTE: '10000', PUBLIC_ORIGIN: BASE },
    stdio: 'ignore',
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) {
        return child;
      }
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('app did not start');
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, median: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
};

/** Clicks "Correct" n times; each sample is click → trial number on screen changed (after the IDB commit). */
async function tapLoop(page: Page, n: number, withFrame: boolean) {
  return page.evaluate(
    async ({ n, withFrame }) => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Correct') as HTMLButtonElement;
      const counter = document.querySelector('[data-testid="trial-no"]') as HTMLElement;
      const durable: number[] = [];
      const frame: number[] = [];
      for (let i = 0; i < n; i++) {
        const before = counter.textContent;
        const changed = new Promise<void>((resolve) => {
          const observer = new MutationObserver(() => {
            if (counter.textContent !== before) {
              observer.disconnect();
              resolve();
            }
          });
          observer.observe(counter, { childList: true, characterData: true, subtree: true });
        });
        const t0 = performance.now();
        button.click();
        await changed;
        const t1 = performance.now();
        durable.push(t1 - t0);
        if (withFrame) {
          await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
          frame.push(performance.now() - t0);
        }
        await new Promise((r) => setTimeout(r, 5));
      }
      return { durable, frame };
    },
    { n, withFrame },
  );
}

/** The floor: a bare IndexedDB transaction writing the same two records on a held connection. */
async function floorLoop(page: Page, n: number) {
  return page.evaluate(async (n) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(`bench-floor-${Date.now()}`, 1);
      req.onupgradeneeded = () => {
        req.result.createObjectStore('points', { keyPath: 'key' });
        req.result.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true }).createIndex('coalesceKey', 'coalesceKey');
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction(['points', 'outbox'], 'readwrite', { durability: 'strict' });
        tx.oncomplete = () => resolve();
        tx.onabort = () => reject(tx.error);
        const key = `s/g/-/${i}`;
        tx.objectStore('points').put({ key, id: crypto.randomUUID(), outcome: 'correct', trialNo: i, recordedAt: new Date().toISOString() });
        tx.objectStore('outbox').add({ id: crypto.randomUUID(), lane: 'session:s', kind: 'points.upsert', coalesceKey: key, state: 'pending', batchId: null, body: { trial_no: i } });
      });
      times.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 5));
    }
    db.close();
    return times;
  }, n);
}

export async function browserBench(taps = 500) {
  const app = await startApp();
  const executablePath = findChromium() ?? undefined;
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true, baseURL: BASE });
    const page = await context.newPage();
    const login = await page.request.post('/api/users/auth/login/', { data: { email: 'jordan.reyes@thera-demo.example', password: 'Thera-demo-2026' } });
    if (!login.ok()) {
      throw new Error(`login ${login.status()}`);
    }
    await page.goto('/collector');
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 }).catch(() => undefined);
    await page.getByTestId('session-row').first().click();
    await page.waitForURL(/\/collector\/session\//);
    const sessionUrl = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Start session' }).click();
    await page.getByRole('button', { name: 'Correct' }).first().waitFor({ state: 'visible' }).catch(async (e: unknown) => {
      await page.screenshot({ path: '.tmp/bench-fail.png' });
      throw e;
    });
    await page
      .waitForFunction(() => !([...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Correct') as HTMLButtonElement | undefined)?.disabled)
      .catch(async (e: unknown) => {
        await page.screenshot({ path: '.tmp/bench-fail.png' });
        throw e;
      });

    // Unthrottled: tap to the next frame (and warm-up).
    const unthrottled = await tapLoop(page, 100, true);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    if (process.env.BENCH_PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const throttled = await tapLoop(page, taps, false);
    if (process.env.BENCH_PROFILE) {
      const { profile } = await cdp.send('Profiler.stop');
      fs.writeFileSync(process.env.BENCH_PROFILE, JSON.stringify(profile));
    }
    const floor = await floorLoop(page, taps);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    // Offline cold start: a new tab with the network cut (the worker's traffic too).
    await page.waitForFunction(() => document.querySelector('[data-testid="sync-pending"]')?.textContent?.trim() === '0', null, { timeout: 60_000 }).catch(() => undefined);
    await page.close();
    await context.setOffline(true);
    await context.route('**/*', (route) => route.abort());
    const cold = await context.newPage();
    const coldTimes: number[] = [];
    const jsBytes: number[] = [];
    for (let i = 0; i < 5; i++) {
      await cold.goto(sessionUrl);
      await cold.waitForFunction(() => {
        const b = [...document.querySelectorAll('button')].find((x) => x.textContent?.trim() === 'Correct') as HTMLButtonElement | undefined;
        return b !== undefined && !b.disabled;
      });
      coldTimes.push(await cold.evaluate(() => performance.now()));
      const scripts = await cold.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name).pathname)
          .filter((p) => p.endsWith('.js') && !p.endsWith('sw.js')),
      );
      jsBytes.push(
        scripts.reduce((sum, p) => {
          const file = path.join('dist', p);
          return sum + (fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file)).length : 0);
        }, 0),
      );
    }
    await context.close();
    return {
      tapToDurable4x: stats(throttled.durable),
      floor4x: stats(floor),
      tapToFrame: stats(unthrottled.frame),
      offlineColdStartMs: stats(coldTimes),
      jsGzipBeforeCollectorKB: Math.max(...jsBytes) / 1024,
    };
  } finally {
    await browser.close();
    app.kill('SIGTERM');
  }
}
