import path from 'node:path';
import { test, type Page } from '@playwright/test';

/** Screenshots to look at before calling a screen done, one file per screen and size; not committed. */
export const SCREENS_DIR = path.join('test-results', 'screens');

export async function saveScreen(page: Page, screen: string): Promise<void> {
  const size = page.viewportSize();
  const suffix = size ? `${size.width}x${size.height}` : 'unknown';
  const file = path.join(SCREENS_DIR, `${screen}-${suffix}.png`);
  // Let Ionic's page transition and the fonts settle so the picture shows what a person sees.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.screenshot({ path: file, animations: 'disabled' });
  await test.info().attach(`${screen}-${suffix}`, { path: file, contentType: 'image/png' });
}

/**
 * The screen as it is now, photographed at each size: a journey runs once, at one size, and the
 * screens it passes are pictured at every size their users have. The journey goes on at its size.
 */
export async function saveScreenAtSizes(page: Page, screen: string, sizes: readonly { viewport: { width: number; height: number } }[]) {
  const own = page.viewportSize();
  for (const { viewport } of sizes) {
    await page.setViewportSize(viewport);
    // Two frames: the layout's own answers to the resize (the menu's split pane) are drawn.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await saveScreen(page, screen);
  }
  if (own) {
    await page.setViewportSize(own);
  }
}

export const TABLET_SIZES = [
  { name: 'landscape', viewport: { width: 1024, height: 768 } },
  { name: 'portrait', viewport: { width: 768, height: 1024 } },
] as const;

/** The owner's desk (the admin screens): a laptop's screen and a tablet in landscape. */
export const DESK_SIZES = [
  { name: 'desk', viewport: { width: 1280, height: 800 } },
  { name: 'landscape', viewport: { width: 1024, height: 768 } },
] as const;

/**
 * The desk's screens are online screens, tested without the service worker: in a new context per
 * test it installed and downloaded the whole app each time (about 8% of these specs' CPU), which no
 * owner at a desk does more than once. The worker is tested where it matters: the collector, the
 * install and update, and the offline pages (e2e/collector, e2e/foundation).
 */
export const AT_THE_DESK = { serviceWorkers: 'block' } as const;
