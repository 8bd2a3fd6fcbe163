import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { chromium } from '@playwright/test';
import { findChromium } from '../ensure-chromium';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import type { Therapist } from './harness';
import type * as DrainPage from './drain-page';

/**
 * Drain: N queued points reach the server through our outbox (batched, one lane), and the same N
 * through workbox-background-sync's Queue (one request each) as the baseline. Both run in Chromium,
 * in a same-origin page of the benchmark server (real IndexedDB, real fetch, loopback).
 */
type PageApi = typeof DrainPage;

async function pageScript(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry: path.resolve('scripts/bench/drain-page.ts'), formats: ['iife'], name: 'drainBench', fileName: 'drain-bench' },
    },
  });
  const bundle = Array.isArray(output) ? output[0] : (output as Rolldown.RolldownOutput);
  const chunk = bundle?.output[0];
  if (!chunk) {
    throw new Error('the drain page script did not build');
  }
  return chunk.code;
}

export async function benchDrainInBrowser(base: string, therapist: Therapist, n: number, withBaseline = true) {
  const script = await pageScript();
  const executablePath = findChromium() ?? undefined;
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${base}/healthz`);
    await page.evaluate(script);
    const target = { organizationId: therapist.organizationId, sessionId: therapist.sessionId, goalId: therapist.goalId };
    await page.evaluate(({ email, password }) => (window as unknown as { drainBench: PageApi }).drainBench.signIn(email, password), {
      email: therapist.email,
      password: DEMO_PASSWORD,
    });
    const ours = await page.evaluate(({ t, n }) => (window as unknown as { drainBench: PageApi }).drainBench.outboxDrain(t, n, 1), {
      t: target,
      n,
    });
    if (!withBaseline) {
      return { ours, workbox: null };
    }
    const workbox = await page.evaluate(
      ({ t, n }) => (window as unknown as { drainBench: PageApi }).drainBench.workboxDrain(t, n, 50_001),
      {
        t: target,
        n,
      },
    );
    return { ours, workbox };
  } finally {
    await browser.close();
  }
}
