import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { APP_WORKERS, CHAOS_DATA_DIR, appDataDir } from '../e2e/support/servers';
import { ensureChromium } from './ensure-chromium';

/**
 * Playwright in Chromium: makes sure a browser exists, the PWA is built, and the e2e database is
 * fresh, then runs the specs. Service-worker traffic is visible to route().
 */
export type E2eLane = 'app' | 'chaos';

/** The browser and a fresh build (the server serves dist/, and a stale one would test old code). */
export function prepareE2e(): number {
  ensureChromium();
  if (process.env.E2E_SKIP_BUILD !== '1' || !fs.existsSync('dist/index.html')) {
    const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    return build.status ?? 1;
  }
  return 0;
}

/** The lane's embedded databases start empty (its servers seed them on start); both without a lane. */
function freshData(lane: E2eLane | undefined): void {
  if (lane !== 'chaos') {
    // One more than the app lane's workers: with both lanes in one run, the app may use any number but one.
    for (let worker = 0; worker <= APP_WORKERS; worker += 1) {
      fs.rmSync(appDataDir(worker), { recursive: true, force: true });
    }
  }
  if (lane !== 'app') {
    fs.rmSync(CHAOS_DATA_DIR, { recursive: true, force: true });
  }
}

const playwright = (extraArgs: string[]) => ['node_modules/@playwright/test/cli.js', 'test', ...extraArgs];
const laneEnv = (lane: E2eLane | undefined) => ({
  ...process.env,
  PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS: '1',
  ...(lane ? { E2E_LANE: lane } : {}),
});

/** Runs one lane (playwright.config.ts), or both side by side, on a build already made. */
export function runE2eLane(lane: E2eLane | undefined, extraArgs: string[] = []): number {
  freshData(lane);
  return spawnSync(process.execPath, playwright(extraArgs), { stdio: 'inherit', env: laneEnv(lane) }).status ?? 1;
}

export function runE2e(extraArgs: string[] = [], lane?: E2eLane): number {
  const prepared = prepareE2e();
  return prepared === 0 ? runE2eLane(lane, extraArgs) : prepared;
}

/**
 * Starts one lane on a build already made, its output written to `log` (for the caller to print when
 * it ends, so it does not interleave with what runs beside it). `done` is its exit status; `stop`
 * ends it early (Playwright stops its servers).
 */
export function startE2eLane(lane: E2eLane, log: string): { done: Promise<number>; stop: () => void } {
  freshData(lane);
  const out = fs.openSync(log, 'w');
  const child = spawn(process.execPath, playwright([]), { stdio: ['ignore', out, out], env: laneEnv(lane) });
  const done = new Promise<number>((resolve) => {
    child.on('close', (code) => {
      fs.closeSync(out);
      resolve(code ?? 1);
    });
  });
  return { done, stop: () => child.kill('SIGINT') };
}

if (process.argv[1]?.endsWith('e2e.ts')) {
  const lane = process.env.E2E_LANE === 'app' || process.env.E2E_LANE === 'chaos' ? process.env.E2E_LANE : undefined;
  process.exit(runE2e(process.argv.slice(2), lane));
}
