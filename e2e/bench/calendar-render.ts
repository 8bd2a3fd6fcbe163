import { chromium } from '@playwright/test';
import { findChromium } from '../../scripts/ensure-chromium';
import { percentile } from '../../scripts/bench/harness';
import { SCALE_OWNER } from '../../server/seed/scale';
import { DEMO_PASSWORD } from '../../server/seed/demo';

export interface CalendarRenderTiming {
  /** Sessions the week's answer held. */
  sessions: number;
  /** From the tap on "Next Week" to the busy week drawn (its answer in, the sessions on screen, a frame painted). */
  medianMs: number;
  maxMs: number;
}

/**
 * The calendar's week view of the scale organization's busy week (about 5,000 sessions:
 * server/seed/scale-calendar.ts) in Chromium at 1x CPU, the owner signed in, a fresh context each
 * run. The calendar opens on this week; the timed step is the tap on "Next Week" until the busy
 * week is drawn (goal: within 1 s). Needs the built app served (`staticDir`).
 */
export async function benchCalendarRender(base: string, runs = 5): Promise<CalendarRenderTiming> {
  const executablePath = findChromium() ?? undefined;
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const times: number[] = [];
    let sessions = 0;
    for (let i = 0; i < runs + 1; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: base });
      const login = await context.request.post('/api/users/auth/login/', { data: { email: SCALE_OWNER, password: DEMO_PASSWORD } });
      if (!login.ok()) {
        throw new Error(`scale owner sign-in failed: ${login.status()}`);
      }
      const page = await context.newPage();
      await page.goto('/organization/calendar');
      const next = page.getByRole('button', { name: 'Next Week' });
      await next.waitFor({ state: 'visible', timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const answer = page.waitForResponse((res) => res.url().includes('/api/thera-calendar/items/'), { timeout: 30_000 });
      const started = await page.evaluate(() => performance.now());
      await next.click();
      const body = (await (await answer).json()) as { sessions: unknown[] };
      sessions = body.sessions.length;
      // Drawn: the week's sessions are on screen, the "Updating…" note is gone, and a frame has painted since.
      await page
        .getByRole('status')
        .filter({ hasText: 'Updating' })
        .waitFor({ state: 'detached', timeout: 30_000 })
        .catch(() => undefined);
      await page.locator('.cal-event').first().waitFor({ state: 'visible', timeout: 30_000 });
      const drawn = await page.evaluate(
        () => new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now())))),
      );
      if (i > 0) {
        times.push(drawn - started); // the first run warms the server
      }
      await context.close();
    }
    times.sort((a, b) => a - b);
    return { sessions, medianMs: percentile(times, 50), maxMs: times[times.length - 1] ?? 0 };
  } finally {
    await browser.close();
  }
}
