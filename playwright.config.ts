import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/ensure-chromium';

const PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_DATA_DIR = `.tmp/e2e-data-${PORT}`;
const CHAOS_PORT = PORT + 1;
const ADMIN_PORT = PORT + 2;
const chromium = findChromium();

/**
 * E2E in a real Chromium against the real server on the embedded database with demo data.
 * Two lanes (two workers; each project one worker at a time). The app's specs share one server and
 * its demo data, so they run one after another. Beside them, the chaos run (a server and database
 * of its own, with injected faults), then the admin screens' specs (a third server with its own
 * demo data, so they never meet the collector specs' sessions). Alone in one lane the suite took
 * 20 minutes for the collector and foundation specs plus 6 for the admin screens.
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
    { name: 'app', testIgnore: [/collector\/chaos\.spec\.ts$/, /admin\//], workers: 1 },
    { name: 'chaos', testMatch: /collector\/chaos\.spec\.ts$/, workers: 1 },
    { name: 'admin', testMatch: /admin\/.*\.spec\.ts$/, workers: 1, use: { baseURL: `http://localhost:${ADMIN_PORT}` } },
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
      // The admin screens' server: the same app and demo data as the first, its own database.
      command: 'node --import tsx server/start.ts',
      url: `http://localhost:${ADMIN_PORT}/readyz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      env: {
        PORT: String(ADMIN_PORT),
        DATA_DIR: `${E2E_DATA_DIR}-admin`,
        PUBLIC_ORIGIN: `http://localhost:${ADMIN_PORT}`,
        LOG_LEVEL: 'warn',
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
