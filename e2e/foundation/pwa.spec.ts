import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SignInPage } from '../pages/sign-in-page';

interface ManifestIcon {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('ascii'), 'a PNG file').toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function waitForServiceWorkerControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}

test('the manifest is linked and complete, its icons exist at their sizes, and the service worker controls the page', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const response = await page.request.get(href!);
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({ name: 'Thera', short_name: 'Thera', display: 'standalone', start_url: '/', scope: '/' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

  const find = (size: string, purpose: string) =>
    manifest.icons.find((icon) => icon.sizes === size && (icon.purpose ?? 'any').split(' ').includes(purpose));
  for (const [size, purpose] of [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['512x512', 'maskable'],
  ] as const) {
    const icon = find(size, purpose);
    expect(icon, `a ${size} ${purpose} icon`).toBeDefined();
    const image = await page.request.get(icon!.src);
    expect(image.ok(), icon!.src).toBe(true);
    const [width, height] = size.split('x').map(Number);
    expect(pngSize(await image.body()), icon!.src).toEqual({ width, height });
  }

  await waitForServiceWorkerControl(page);
});

test('Chromium finds the app installable', async ({ playwright, baseURL, viewport }) => {
  // Playwright's usual contexts are incognito, where Chromium never offers installation
  // ('in-incognito'); a persistent profile is what a person's browser is.
  const launchOptions = test.info().project.use.launchOptions ?? {};
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'thera-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
    viewport,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await new SignInPage(page).goto();
    await waitForServiceWorkerControl(page);
    const cdp = await context.newCDPSession(page);
    const { errors } = await cdp.send('Page.getAppManifest');
    expect(errors, 'manifest parse errors').toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
