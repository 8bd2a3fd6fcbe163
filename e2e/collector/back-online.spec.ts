import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { DEMO, MAIN_BASE_URL, goOffline, goOnline, signInThroughApi, waitForServiceWorker } from '../support/collector-helpers';

const OFFLINE_NOTICE = 'Offline: showing the day saved on this device.';

/**
 * A reload without a network, then the network back: every screen mends itself. The menu (the
 * organization, the areas of the therapist's role) and Today (the day fetched again, the offline
 * notice gone) come back without a tap, the way a therapist walking back into Wi-Fi expects.
 * At 1280×800 the menu sits beside the screen, so nothing is clicked from the reload on.
 */
test.use({ viewport: { width: 1280, height: 800 } });

test('after an offline reload, the menu and Today come back by themselves once the network returns', async ({ page, context }) => {
  test.setTimeout(2 * 60_000);
  const base = MAIN_BASE_URL;
  await signInThroughApi(page.request, base, DEMO.jordan);
  const shell = new AppShell(page);
  const lastRefresh = page.getByTestId('last-refresh');

  // Online once: the day is cached on the device, the worker holds the app, the menu is complete.
  const access = page.waitForResponse((r) => r.url().includes('/my-access/') && r.ok());
  await page.goto(`${base}/collector`);
  await access;
  await expect(lastRefresh).toContainText('Updated', { timeout: 30_000 });
  await waitForServiceWorker(page);
  await expect(shell.navigation.getByText('People', { exact: true })).toBeVisible();
  const online = await shell.navigation.locator('ion-item').allInnerTexts();
  expect(online.length).toBeGreaterThan(3);

  // Reloaded without a network: the day from the device, the organization unknown.
  await goOffline(context);
  await page.reload();
  await expect(lastRefresh).toContainText(OFFLINE_NOTICE, { timeout: 30_000 });
  await expect(page.getByTestId('session-row').first()).toBeVisible();
  await expect(shell.menu.getByRole('alert')).toBeVisible();
  await expect(shell.navigation.getByText('People', { exact: true })).toHaveCount(0);

  // Back online, and no click: the menu is rebuilt and Today is fetched again.
  await goOnline(context);
  await expect(shell.menu.getByRole('alert')).toHaveCount(0, { timeout: 20_000 });
  await expect(shell.navigation.locator('ion-item')).toHaveText(online, { timeout: 20_000 });
  await expect(lastRefresh).toContainText('Updated', { timeout: 20_000 });
  await expect(lastRefresh).not.toContainText('Offline');
  await expect(page.getByTestId('sync-state')).toHaveText('All sent');
});
