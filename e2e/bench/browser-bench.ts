import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawn } from 'node:child_process';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { findChromium } from '../../scripts/ensure-chromium';
import { percentile } from '../../scripts/bench/harness';
import { rendererCoreShare, startCpuLoad } from '../../scripts/bench/cpu-load';
import { analyzeTapTrace, type CpuProfile, type TapTraceReport } from '../../scripts/bench/trace-taps';
import { markCollectorReady } from '../support/collector-helpers';

/**
 * Browser benchmarks in Chromium against the real app (npm start's server on a fresh embedded database):
 * tap-to-durable with 4x CPU throttling beside the bare IndexedDB floor, tap-to-frame, offline cold
 * start of the collector, and gzipped JavaScript loaded before the collector is usable.
 */
const PORT = Number(process.env.BENCH_PORT ?? 8282);
const THERAPIST_GAP_MS = 250;
const BASE = `http://localhost:${PORT}`;
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

async function startApp() {
  fs.rmSync('.tmp/bench-data', { recursive: true, force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: '.tmp/bench-data',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_PER_MINUTE: '10000',
      PUBLIC_ORIGIN: BASE,
    },
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

/**
 * Clicks "Correct" n times, `gapMs` apart; each sample is click → trial number on screen changed
 * (after the IDB commit).
 */
async function tapLoop(page: Page, n: number, withFrame: boolean, gapMs: number, measure = false) {
  return page.evaluate(
    async function tapLoop({ n, withFrame, gapMs, measure }) {
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
        if (measure) {
          // For BENCH_TRACE: the tap's window in the trace's own clock.
          performance.measure('bench-tap', { start: t0, end: t1 });
        }
        if (withFrame) {
          await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
          frame.push(performance.now() - t0);
        }
        await new Promise((r) => setTimeout(r, gapMs));
      }
      return { durable, frame };
    },
    { n, withFrame, gapMs, measure },
  );
}

/**
 * The floor: a bare IndexedDB transaction on a held connection writing the same records a tap writes
 * (a point row and its outbox operation), into stores with the app's own key paths and indexes
 * (copied from the app's database), with nothing else around it: no React, no drain, no wrapper.
 * `gapMs` apart: the same transaction costs more at a therapist's pace than back to back (at 4x CPU,
 * 250 ms apart: median 6.0 ms, p95 10.5 ms; 5 ms apart: 4.1 ms, 6.6 ms, in the same page), so the
 * taps are held against the floor at their own pace.
 */
async function floorLoop(page: Page, n: number, gapMs: number) {
  // tsx names the helpers below with esbuild's __name(), which the page doesn't have.
  await page.evaluate('globalThis.__name ??= (fn) => fn');
  return page.evaluate(
    async ({ n, gapMs }) => {
      const request = <T>(r: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error);
        });
      const app = await request(indexedDB.open('thera'));
      const read = app.transaction(['points', 'outbox'], 'readonly');
      const samplePoint = (await request(read.objectStore('points').getAll(null, 1)))[0] as Record<string, unknown>;
      const layout = ['points', 'outbox'].map((name) => {
        const store = read.objectStore(name);
        const indexes = [...store.indexNames].map((i) => {
          const index = store.index(i);
          return { name: i, keyPath: index.keyPath, unique: index.unique, multiEntry: index.multiEntry };
        });
        return { name, keyPath: store.keyPath, autoIncrement: store.autoIncrement, indexes };
      });
      app.close();
      const open = indexedDB.open(`bench-floor-${Date.now()}`, 1);
      open.onupgradeneeded = () => {
        for (const s of layout) {
          const store = open.result.createObjectStore(s.name, { keyPath: s.keyPath, autoIncrement: s.autoIncrement });
          s.indexes.forEach((i) => store.createIndex(i.name, i.keyPath, { unique: i.unique, multiEntry: i.multiEntry }));
        }
      };
      const db = await request(open);
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const recordedAt = new Date().toISOString();
        const key = `${String(samplePoint.sessionId)}/${String(samplePoint.goalId)}/-/${100_000 + i}`;
        const point: Record<string, unknown> = {
          ...samplePoint,
          key,
          id: crypto.randomUUID(),
          trialNo: 100_000 + i,
          recordedAt,
          deviceSeq: i,
        };
        const op = {
          id: crypto.randomUUID(),
          userId: point.userId,
          organizationId: crypto.randomUUID(),
          lane: `session:${String(point.sessionId)}`,
          kind: 'points.upsert',
          params: { id: point.sessionId },
          body: {
            id: point.id,
            goal_id: point.goalId,
            sub_goal_id: null,
            trial_no: point.trialNo,
            kind: 'trial',
            outcome: 'correct',
            prompt_level: null,
            count: null,
            duration_ms: null,
            recorded_at: recordedAt,
            device_id: crypto.randomUUID(),
            device_seq: i,
          },
          coalesceKey: key,
          state: 'pending',
          batchId: null,
          leaseUntil: 0,
          attempts: 0,
          nextAttemptAt: 0,
          createdAt: Date.now(),
          lastError: null,
        };
        const t0 = performance.now();
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction(['points', 'outbox'], 'readwrite', { durability: 'strict' });
          tx.oncomplete = () => resolve();
          tx.onabort = () => reject(tx.error);
          tx.objectStore('points').put(point);
          tx.objectStore('outbox').add(op);
          // Committed at once, as the tap's transaction is (commit.ts).
          tx.commit();
        });
        times.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, gapMs));
      }
      db.close();
      return times;
    },
    { n, gapMs },
  );
}

/** The outbox indicator's count reaches 0: nothing of the taps is left to send. */
async function waitForSent(page: Page) {
  await page
    .waitForFunction(() => document.querySelector('[data-testid="sync-pending"]')?.textContent?.trim() === '0', null, { timeout: 60_000 })
    .catch(() => undefined);
}

/**
 * The busy-CPU taps at a therapist's pace and the floor after them, under the background load
 * already running. With BENCH_TRACE=<file.json> the taps are traced (Chromium trace and V8 CPU
 * profile, written beside the file) and what ran on the main thread during the slowest taps is
 * summarized; tracing slows the page, so those figures are for the analysis, not the table.
 */
async function busyRows(browser: Browser, page: Page, cdp: CDPSession, taps: number) {
  const traceFile = process.env.BENCH_TRACE;
  if (traceFile) {
    await browser.startTracing(page, {
      categories: [
        '-*',
        'devtools.timeline',
        'toplevel',
        'blink.user_timing',
        'v8.execute',
        'IndexedDB',
        'disabled-by-default-devtools.timeline',
      ],
    });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    await cdp.send('Profiler.start');
  }
  const tapped = await tapLoop(page, taps, false, THERAPIST_GAP_MS, Boolean(traceFile));
  let trace: TapTraceReport | null = null;
  if (traceFile) {
    const { profile } = await cdp.send('Profiler.stop');
    const traceJson = (await browser.stopTracing()).toString('utf8');
    fs.mkdirSync(path.dirname(traceFile), { recursive: true });
    fs.writeFileSync(traceFile, traceJson);
    fs.writeFileSync(traceFile.replace(/(\.json)?$/, '.cpuprofile'), JSON.stringify(profile));
    trace = analyzeTapTrace(traceJson, profile as unknown as CpuProfile);
  }
  await waitForSent(page);
  const floor = await floorLoop(page, taps, THERAPIST_GAP_MS);
  return { taps: tapped.durable, floor, trace };
}

export async function browserBench(taps = 500) {
  const app = await startApp();
  const executablePath = findChromium() ?? undefined;
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true, baseURL: BASE });
    const page = await context.newPage();
    const login = await page.request.post('/api/users/auth/login/', {
      data: { email: 'jordan.reyes@thera-demo.example', password: 'Thera-demo-2026' },
    });
    if (!login.ok()) {
      throw new Error(`login ${login.status()}`);
    }
    await page.goto('/collector');
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 }).catch(() => undefined);
    await page.getByTestId('session-row').first().click();
    await page.waitForURL(/\/collector\/session\//);
    const sessionUrl = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Start session' }).click();
    await page
      .getByRole('button', { name: 'Correct' })
      .first()
      .waitFor({ state: 'visible' })
      .catch(async (e: unknown) => {
        await page.screenshot({ path: '.tmp/bench-fail.png' });
        throw e;
      });
    await page
      .waitForFunction(
        () =>
          !([...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Correct') as HTMLButtonElement | undefined)
            ?.disabled,
      )
      .catch(async (e: unknown) => {
        await page.screenshot({ path: '.tmp/bench-fail.png' });
        throw e;
      });

    // Unthrottled: tap to the next frame (and warm-up).
    const unthrottled = await tapLoop(page, 100, true, 5);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // What the throttle costs by itself: the idle page's renderers, 3 s (cpu-load.ts).
    const throttledIdleShare = await rendererCoreShare(3000);
    if (process.env.BENCH_PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    // A therapist's fast pace: 4 taps a second (the tap's own work, and what it leaves to do after
    // the count is on screen, must fit in that). Also back to back, 5 ms apart, as a stress figure.
    const throttled = await tapLoop(page, taps, false, THERAPIST_GAP_MS);
    const backToBack = await tapLoop(page, taps, false, 5);
    if (process.env.BENCH_PROFILE) {
      const { profile } = await cdp.send('Profiler.stop');
      fs.writeFileSync(process.env.BENCH_PROFILE, JSON.stringify(profile));
    }
    // The floor is the same transaction on a quiet page: the taps' operations are sent first. At the
    // taps' pace for the goal, and back to back as the figure earlier runs of this bench reported.
    await waitForSent(page);
    const floor = await floorLoop(page, taps, THERAPIST_GAP_MS);
    const floorBackToBack = await floorLoop(page, taps, 5);

    // Busy CPU: the same taps and floor while one other process keeps a core busy (cpu-load.ts),
    // as when a second browser or app works beside the collector. Same page, same run.
    const load = startCpuLoad();
    let busy: { taps: number[]; floor: number[]; trace: TapTraceReport | null };
    let loadShare: number | null;
    try {
      await new Promise((r) => setTimeout(r, 1000)); // the load is steady before the first tap
      busy = await busyRows(browser, page, cdp, taps);
    } finally {
      loadShare = (await load.stop()).coreShare;
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    // Offline cold start: a new tab with the network cut (the worker's traffic too).
    await waitForSent(page);
    await page.close();
    await context.setOffline(true);
    await context.route('**/*', (route) => route.abort());
    const cold = await context.newPage();
    // tsx names functions with esbuild's __name(), which the page doesn't have (see floorLoop).
    await cold.addInitScript('globalThis.__name ??= (fn) => fn');
    await cold.addInitScript(markCollectorReady);
    const coldTimes: number[] = [];
    const jsBytes: number[] = [];
    let jsFiles: Record<string, number> = {};
    for (let i = 0; i < 5; i++) {
      await cold.goto(sessionUrl);
      await cold.waitForFunction(() => {
        const b = [...document.querySelectorAll('button')].find((x) => x.textContent?.trim() === 'Correct') as
          HTMLButtonElement | undefined;
        return b !== undefined && !b.disabled;
      });
      coldTimes.push(await cold.evaluate(() => performance.now()));
      // Asked for before the collector could be tapped (e2e/collector/startup-size.spec.ts holds the budget).
      const scripts = await cold.evaluate(() => {
        const readyAt = (window as unknown as { collectorReadyAt: number }).collectorReadyAt;
        return performance
          .getEntriesByType('resource')
          .filter((e) => e.startTime <= readyAt)
          .map((e) => new URL(e.name).pathname)
          .filter((p) => p.endsWith('.js') && !p.endsWith('sw.js'));
      });
      const sizes = Object.fromEntries(
        scripts.map((p) => {
          const file = path.join('dist', p);
          return [p, fs.existsSync(file) ? zlib.gzipSync(fs.readFileSync(file)).length : 0];
        }),
      );
      jsBytes.push(Object.values(sizes).reduce((sum, n) => sum + n, 0));
      if (jsBytes.at(-1) === Math.max(...jsBytes)) {
        jsFiles = sizes;
      }
    }
    await context.close();
    return {
      tapToDurable4x: stats(throttled.durable),
      tapToDurable4xBackToBack: stats(backToBack.durable),
      floor4x: stats(floor),
      floor4xBackToBack: stats(floorBackToBack),
      busyCpu: {
        tapToDurable4x: stats(busy.taps),
        floor4x: stats(busy.floor),
        /** The share of one core the background process got while the busy rows ran (Linux; else null). */
        loadCoreShare: loadShare,
        /** The share of one core an idle page's renderers use at 4x throttling (Linux; else null). */
        throttledIdleCoreShare: throttledIdleShare,
        trace: busy.trace,
      },
      tapToFrame: stats(unthrottled.frame),
      offlineColdStartMs: stats(coldTimes),
      jsGzipBeforeCollectorKB: Math.max(...jsBytes) / 1024,
      /** The scripts of the largest of those loads, gzipped bytes each (in bench.json, not the table). */
      jsBeforeCollector: jsFiles,
    };
  } finally {
    await browser.close();
    app.kill('SIGTERM');
  }
}
