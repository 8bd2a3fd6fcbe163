import { expect, test, type BrowserContext } from '@playwright/test';
import { CollectorTodayPage } from '../pages/collector-pages';
import { OfflinePage } from '../pages/offline-page';
import { OrganizationSettingsPage } from '../pages/organization-settings-page';
import { ProfilePage } from '../pages/profile-page';
import { SignInPage } from '../pages/sign-in-page';
import { registerOwnerByApi, signInByApi } from '../support/api';
import { DEMO } from '../support/demo';

/**
 * Cuts the network for pages and the service worker alike: setOffline alone does not reach service
 * worker traffic, so requests are also aborted by route (the e2e runner turns on
 * Playwright's service-worker network events). Returns the function that restores it.
 */
async function cutNetwork(context: BrowserContext, pattern: string | RegExp = /\/(api\/|healthz|readyz)/): Promise<() => Promise<void>> {
  const abort = (route: import('@playwright/test').Route) => route.abort('internetdisconnected');
  await context.setOffline(true);
  await context.route(pattern, abort);
  return async () => {
    await context.unroute(pattern, abort);
    await context.setOffline(false);
  };
}

test.describe('offline status page', () => {
  test('a failed save on organization settings goes to the offline page and comes back to the same place', async ({ page, context }) => {
    const owner = await registerOwnerByApi(page.request);
    const settings = new OrganizationSettingsPage(page);
    const offline = new OfflinePage(page);
    const place = '/organization/settings?section=contact&from=e2e#website';
    await settings.goto(place.slice('/organization/settings'.length));
    await expect(settings.name).toHaveValue(owner.organizationName!);

    const restore = await cutNetwork(context);
    await settings.save.click();

    await offline.expectShown();
    expect(await offline.savedPath()).toBe(place);
    await expect(offline.status).toContainText('Still offline');
    // Trying again by hand while still offline keeps the page.
    await offline.tryNow.click();
    await expect(offline.status).toContainText('Still offline');
    await offline.expectShown();

    await restore();
    await expect(page).toHaveURL(place);
    await expect(settings.name).toHaveValue(owner.organizationName!);
    expect(await offline.savedPath()).toBeNull();
  });

  test.describe('in portrait', () => {
    test.use({ viewport: { width: 768, height: 1024 } });

    test('a failed save on the profile goes to the offline page and comes back with query and hash', async ({ page, context }) => {
      const owner = await registerOwnerByApi(page.request);
      const profile = new ProfilePage(page);
      const offline = new OfflinePage(page);
      const place = '/profile?edit=phone#contact';
      await profile.goto(place.slice('/profile'.length));
      await expect(profile.firstName).toHaveValue(owner.firstName);

      const restore = await cutNetwork(context);
      await profile.phone.fill('+49 30 1234567');
      await profile.save.click();

      await offline.expectShown();
      expect(await offline.savedPath()).toBe(place);
      await restore();
      await expect(page).toHaveURL(place);
      await expect(profile.firstName).toHaveValue(owner.firstName);
    });
  });
});

test.describe('offline start from the service worker', () => {
  async function waitForServiceWorkerControl(page: import('@playwright/test').Page) {
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
  }

  test('signed out, the app starts with no network at all and shows sign-in once the network is back', async ({ page, context }) => {
    const signIn = new SignInPage(page);
    const offline = new OfflinePage(page);
    await signIn.goto();
    await waitForServiceWorkerControl(page);

    const restore = await cutNetwork(context, '**/*');
    await page.reload();
    // Signing in needs the server, so the app (served by the worker) says it is offline.
    await offline.expectShown();
    await expect(offline.status).toContainText('Still offline');
    expect(await offline.savedPath()).toBe('/sign-in');
    expect(
      await page.evaluate(() =>
        fetch('/healthz').then(
          () => 'reached',
          () => 'unreachable',
        ),
      ),
    ).toBe('unreachable');

    await restore();
    await signIn.expectShown();
    await expect(signIn.email).toBeEditable();
  });

  test("a signed-in therapist's day opens with no network at all", async ({ page, context }) => {
    const today = new CollectorTodayPage(page);
    await signInByApi(page, DEMO.jordan.email);
    await today.goto();
    const rows = await today.sessionRows.count();
    await waitForServiceWorkerControl(page);

    await cutNetwork(context, '**/*');
    await page.reload();
    await expect(today.sessionRows).toHaveCount(rows);
    await expect(today.root).toContainText('Noah Bennett');
    await expect(page).toHaveURL(/\/collector$/);
  });
});
