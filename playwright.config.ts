import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { findChromium } from './scripts/ensure-chromium';
import { APP_BASE_URL, APP_WORKERS, CHAOS_BASE_URL, CHAOS_DATA_DIR, CHAOS_PORT, appDataDir, appPort } from './e2e/support/servers';

const chromium = findChromium();

/**
 * One lane (E2E_LANE=app or chaos, as `npm test` runs them: chaos beside Vitest, then the app's
 * specs) or both side by side (unset). A lane has its own servers, results folder and report, so two
 * runs at once keep out of each other's way.
 */
const LANE = process.env.E2E_LANE;
const inLane = (lane: 'app' | 'chaos') => LANE === undefined || LANE === lane;
type WebServer = Exclude<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>;

/**
 * The app's specs run on APP_WORKERS workers, one server each (e2e/support/servers.ts). With both
 * lanes in one run the chaos run holds one of the workers, and the app's specs may be given any of the
 * others' numbers: a server for each.
 */
const workers = LANE === 'chaos' ? 1 : LANE === 'app' ? APP_WORKERS : APP_WORKERS + 1;
const appServers: WebServer[] = inLane('app')
  ? Array.from({ length: workers }, (_, worker) => ({
      command: 'node --import tsx server/start.ts',
      url: `http://localhost:${appPort(worker)}/readyz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      env: {
        PORT: String(appPort(worker)),
        // Built once by the runner (scripts/e2e.ts); servers starting side by side must not each rebuild.
        THERA_REBUILD: '0',
        DATA_DIR: appDataDir(worker),
        PUBLIC_ORIGIN: `http://localhost:${appPort(worker)}`,
        LOG_LEVEL: 'warn',
        // E2E signs in many times from one address; the limiter itself is proven in the server suite.
        RATE_LIMIT_AUTH_PER_MINUTE: '10000',
      },
    }))
  : [];

const webServers: (WebServer | false)[] = [
  ...appServers,
  inLane('chaos') && {
    // The chaos test's server (e2e/collector/chaos.spec.ts): 5% 503s, 5% committed-then-dropped, 3% a
    // sign-in portal's page and 3% a proxy's 204 (neither reaches Thera).
    command: 'node --import tsx server/start.ts',
    url: `http://localhost:${CHAOS_PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    env: {
      PORT: String(CHAOS_PORT),
      THERA_REBUILD: '0',
      DATA_DIR: CHAOS_DATA_DIR,
      PUBLIC_ORIGIN: `http://localhost:${CHAOS_PORT}`,
      LOG_LEVEL: 'error',
      RATE_LIMIT_AUTH_PER_MINUTE: '10000',
      E2E_FAULTS: 'unavailable=0.05,drop=0.05,portal=0.03,nocontent=0.03',
    },
  },
];

/**
 * E2E in a real Chromium against the real server on the embedded database with demo data.
 * Two lanes: the app's specs, a file at a time on each of APP_WORKERS workers, each worker against
 * its own server and demo data (the specs of one worker run one after another on it); and the chaos
 * run, one worker with a server and database of its own, beside them (alone it takes about as long
 * as Vitest, which `npm test` runs it beside).
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: /.*\.spec\.ts/,
  outputDir: LANE === 'chaos' ? 'test-results-chaos' : 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: LANE === 'chaos' ? 'reports/e2e-chaos.json' : 'reports/e2e.json' }]],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    baseURL: APP_BASE_URL,
    ...devices['Desktop Chrome'],
    viewport: { width: 1024, height: 768 },
    hasTouch: true,
    screenshot: 'only-on-failure',
    // Recording a trace of every test, kept or not, took 179 CPU-seconds where the same specs take 105
    // without: `npm test` records none, and a failing spec is run again with E2E_TRACE=retain-on-failure.
    trace: process.env.E2E_TRACE === 'retain-on-failure' || process.env.E2E_TRACE === 'on' ? process.env.E2E_TRACE : 'off',
    serviceWorkers: 'allow',
    launchOptions: {
      ...(chromium ? { executablePath: chromium } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // The chaos run keeps its trace: without one its taps ran about five times slower (its first 8
    // cycles took about 400 s against 72 s with it, same seed), and it outran its 20 minutes.
    { name: 'chaos', testMatch: /collector\/chaos\.spec\.ts$/, workers: 1, use: { trace: 'retain-on-failure' as const } },
    { name: 'app', testIgnore: /collector\/chaos\.spec\.ts$/, workers: APP_WORKERS },
  ].filter((project) => inLane(project.name as 'app' | 'chaos')),
  webServer: webServers.filter((server): server is WebServer => server !== false),
});
export { CHAOS_BASE_URL };
