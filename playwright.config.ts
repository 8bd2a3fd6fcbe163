import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { findChromium } from './scripts/ensure-chromium';

const PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_DATA_DIR = `.tmp/e2e-data-${PORT}`;
const CHAOS_PORT = PORT + 1;
const chromium = findChromium();

/**
 * One lane (E2E_LANE=app or chaos, as `npm test` runs them: chaos beside Vitest, then the app's
 * specs) or both side by side (unset). A lane has its own servers, results folder and report, so two
 * runs at once keep out of each other's way.
 */
const LANE = process.env.E2E_LANE;
const inLane = (lane: 'app' | 'chaos') => LANE === undefined || LANE === lane;
type WebServer = Exclude<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>;

const webServers: (WebServer | false)[] = [
  inLane('app') && {
    command: 'node --import tsx server/start.ts',
    url: `http://localhost:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_ORIGIN: `http://localhost:${PORT}`,
      LOG_LEVEL: 'warn',
      // E2E signs in many times from one address; the limiter itself is proven in the server suite.
      RATE_LIMIT_AUTH_PER_MINUTE: '10000',
    },
  },
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
      DATA_DIR: `${E2E_DATA_DIR}-chaos`,
      PUBLIC_ORIGIN: `http://localhost:${CHAOS_PORT}`,
      LOG_LEVEL: 'error',
      RATE_LIMIT_AUTH_PER_MINUTE: '10000',
      E2E_FAULTS: 'unavailable=0.05,drop=0.05,portal=0.03,nocontent=0.03',
    },
  },
];

/**
 * E2E in a real Chromium against the real server on the embedded database with demo data.
 * Two lanes, one worker each: the specs share one server and its demo data, so they run one after
 * another; the chaos run has a server and database of its own and runs beside them (alone it takes
 * about as long as Vitest, which `npm test` runs it beside).
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: /.*\.spec\.ts/,
  outputDir: LANE === 'chaos' ? 'test-results-chaos' : 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: LANE === 'chaos' ? 'reports/e2e-chaos.json' : 'reports/e2e.json' }]],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    baseURL: `http://localhost:${PORT}`,
    ...devices['Desktop Chrome'],
    viewport: { width: 1024, height: 768 },
    hasTouch: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
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
    { name: 'chaos', testMatch: /collector\/chaos\.spec\.ts$/, workers: 1 },
    { name: 'app', testIgnore: /collector\/chaos\.spec\.ts$/, workers: 1 },
  ].filter((project) => inLane(project.name as 'app' | 'chaos')),
  webServer: webServers.filter((server): server is WebServer => server !== false),
});
export const CHAOS_BASE_URL = `http://localhost:${CHAOS_PORT}`;
