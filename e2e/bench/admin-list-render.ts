import { chromium } from '@playwright/test';
import { findChromium } from '../../scripts/ensure-chromium';
import { percentile } from '../../scripts/bench/harness';
import { SCALE_OWNER } from '../../server/db/seed/scale';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';

export interface RenderTiming {
  list: string;
  rows: number;
  medianMs: number;
  maxMs: number;
}

/**
 * The admin list of 2,000 students opened in Chromium at 1x CPU (issue 10 §3: usable within 1 s):
 * from the navigation's start to its first page of rows on screen, in a fresh browser context each
 * time (nothing cached: the app's code, the service worker's install, the data all come over the
 * wire), the scale owner already signed in. Needs the built app served (`staticDir`).
 */
export async function benchAdminListRender(base: string, runs = 5): Promise<RenderTiming[]> {
  const executablePath = findChromium() ?? undefined;
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: ['--no-sandbox', '--disable-gpu'] });
  const lists = [
    { list: 'People › Students (2,000), first page of 20', path: '/organization/people?show=students', rows: 20 },
    { list: 'Services (300), first page of 20', path: '/organization/services', rows: 20 },
  ];
  try {
    const timings: RenderTiming[] = [];
    for (const { list, path, rows } of lists) {
      const times: number[] = [];
      for (let i = 0; i < runs + 1; i++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: base });
        const login = await context.request.post('/api/users/auth/login/', { data: { email: SCALE_OWNER, password: DEMO_PASSWORD } });
        if (!login.ok()) {
          throw new Error(`scale owner sign-in failed: ${login.status()}`);
        }
        const page = await context.newPage();
        await page.goto(path, { waitUntil: 'commit' });
        await page
          .locator('.admin-table tbody tr')
          .nth(rows - 1)
          .waitFor({ state: 'visible', timeout: 30_000 });
        // From the navigation's start, as the browser counts it.
        const elapsed = await page.evaluate(() => performance.now());
        if (i > 0) {
          times.push(elapsed); // the first warms the server
        }
        await context.close();
      }
      times.sort((a, b) => a - b);
      timings.push({ list, rows, medianMs: percentile(times, 50), maxMs: times[times.length - 1] ?? 0 });
    }
    return timings;
  } finally {
    await browser.close();
  }
}
