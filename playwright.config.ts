import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/ensure-chromium';

const PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_DATA_DIR = `.tmp/e2e-data-${PORT}`;
const CHAOS_PORT = PORT + 1;
const chromium = findChromium();

/**
 * E2E in a real Chromium against the real server on the embedded database with demo data.
 * Two lanes, one worker each: the specs share one server and its demo data, so they run one after
 * another; the chaos run has a server and database of its own and runs beside them (it is mostly
 * waiting on injected faults and back-off, and alone it took a third of the suite's time).
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: /.*\.spec\.ts/,
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
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
  ],
  webServer: [
    {
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
    {
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
  ],
});
export const CHAOS_BASE_URL = `http://localhost:${CHAOS_PORT}`;
