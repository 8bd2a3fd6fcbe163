import { chromium } from '@playwright/test';
import { findChromium } from '../../scripts/ensure-chromium';
import { percentile } from '../../scripts/bench/harness';
import { SCALE_OWNER } from '../../server/seed/scale';
import { DEMO_PASSWORD } from '../../server/seed/demo';

export interface RenderTiming {
  list: string;
  rows: number;
  /** In the running app: from Home, the owner taps the list's entry (for the students, People's Students tab); until its first page is on screen. */
  menuMedianMs: number;
  menuMaxMs: number;
  /** Cold: a fresh browser opened straight on the list's address; from the navigation's start. */
  coldMedianMs: number;
}

/**
 * An admin list of 2,000 students opened in Chromium at 1x CPU (an owner expects it usable within 1 s), the
 * scale owner signed in, a fresh browser context each time (nothing cached). Two figures: opened from
 * the menu of the running app (what an owner at a desk does; the goal), and cold, the address typed
 * into a fresh browser (the app's own start included). Needs the built app served (`staticDir`).
 */
export async function benchAdminListRender(base: string, runs = 5): Promise<RenderTiming[]> {
  const executablePath = findChromium() ?? undefined;
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: ['--no-sandbox', '--disable-gpu'] });
  const lists = [
    // The students directory is People's second tab: the menu opens People, the timed tap is on the tab.
    {
      list: 'People › Students (2,000), first page of 20',
      label: 'People',
      tab: 'Students',
      path: '/organization/people?show=students',
      rows: 20,
    },
    { list: 'Services (300), first page of 20', label: 'Services', tab: null, path: '/organization/services', rows: 20 },
  ];
  try {
    const timings: RenderTiming[] = [];
    for (const { list, label, tab, path, rows } of lists) {
      const menu: number[] = [];
      const cold: number[] = [];
      for (let i = 0; i < runs + 1; i++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: base });
        const login = await context.request.post('/api/users/auth/login/', { data: { email: SCALE_OWNER, password: DEMO_PASSWORD } });
        if (!login.ok()) {
          throw new Error(`scale owner sign-in failed: ${login.status()}`);
        }
        const page = await context.newPage();
        const caption = tab ?? label;
        const firstPage = page
          .locator('table', { has: page.locator('caption', { hasText: caption }) })
          .locator('tbody tr')
          .nth(rows - 1);
        await page.goto(path, { waitUntil: 'commit' });
        await firstPage.waitFor({ state: 'visible', timeout: 30_000 });
        const coldMs = await page.evaluate(() => performance.now());
        // From the menu: back to Home, settled (its dashboard drawn, the service worker's precache and
        // the app's idle-time loads done, as on a desk where the app has been open a while), then the entry.
        await page.goto('/');
        await page.getByRole('heading', { name: /Sessions this week/ }).waitFor({ state: 'visible', timeout: 30_000 });
        await page.evaluate(() => navigator.serviceWorker?.ready.then(() => undefined));
        await page.waitForLoadState('networkidle');
        const link = page.getByRole('navigation', { name: 'Main' }).getByText(label, { exact: true });
        let started = await page.evaluate(() => performance.now());
        await link.click();
        if (tab) {
          await page.getByRole('tab', { name: tab }).waitFor({ state: 'visible', timeout: 30_000 });
          started = await page.evaluate(() => performance.now());
          await page.getByRole('tab', { name: tab }).click();
        }
        await firstPage.waitFor({ state: 'visible', timeout: 30_000 });
        const menuMs = (await page.evaluate(() => performance.now())) - started;
        if (i > 0) {
          // the first run warms the server
          cold.push(coldMs);
          menu.push(menuMs);
        }
        await context.close();
      }
      menu.sort((a, b) => a - b);
      timings.push({
        list,
        rows,
        menuMedianMs: percentile(menu, 50),
        menuMaxMs: menu[menu.length - 1] ?? 0,
        coldMedianMs: percentile(cold, 50),
      });
    }
    return timings;
  } finally {
    await browser.close();
  }
}
