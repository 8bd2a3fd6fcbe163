import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { AccountPage } from '../pages/account-page';
import { AppShell } from '../pages/app-shell';
import { CollectorTodayPage } from '../pages/collector-pages';
import { HomePage } from '../pages/home-page';
import { LockScreen } from '../pages/lock-screen';
import { OfflinePage } from '../pages/offline-page';
import { OrganizationSettingsPage } from '../pages/organization-settings-page';
import { ProfilePage } from '../pages/profile-page';
import { RegisterPage } from '../pages/register-page';
import { screenWithTitle } from '../pages/screen';
import { ServicesPage } from '../pages/services-page';
import { SignInPage } from '../pages/sign-in-page';
import { lockByApi, registerOwnerByApi, signInByApi } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DEMO, DEMO_ORGANIZATIONS } from '../support/demo';
import { saveScreen, TABLET_SIZES } from '../support/screens';
import { findSmallTouchTargets } from '../support/touch-targets';

/**
 * Every screen, at both tablet sizes: brought up the way a person gets there, then photographed
 * (test-results/screens/, to be looked at) and scanned with axe (no serious or critical violation).
 */
interface Screen {
  name: string;
  open: (page: Page, context: BrowserContext) => Promise<void>;
  /** Opened again at each size (the menu: beside the screen at 1024 wide, an overlay at 768). */
  reopenPerSize?: boolean;
}

const SCREENS: Screen[] = [
  {
    name: 'sign-in',
    open: async (page) => new SignInPage(page).goto(),
  },
  {
    name: 'register',
    open: async (page) => new RegisterPage(page).goto(),
  },
  {
    name: 'home-owner',
    open: async (page) => {
      await signInByApi(page, DEMO.clinicOwner.email);
      const home = new HomePage(page);
      await home.goto();
      await expect(home.organizationName).toHaveText(DEMO_ORGANIZATIONS.clinic.name);
      // The owner's Home is the dashboard: the photo waits for its chart.
      await expect(page.getByRole('heading', { name: /Sessions this week/ })).toBeVisible();
      await expect(page.locator('.week-chart__canvas canvas')).toBeVisible();
    },
  },
  {
    name: 'home-therapist',
    open: async (page) => {
      await signInByApi(page, DEMO.maya.email);
      const home = new HomePage(page);
      await home.goto();
      await expect(home.organizationName).toHaveText(DEMO_ORGANIZATIONS.clinic.name);
    },
  },
  {
    // Beside the split pane at 1024 wide; the overlay opened from the toolbar at 768.
    name: 'menu-therapist',
    reopenPerSize: true,
    open: async (page) => {
      await signInByApi(page, DEMO.maya.email);
      const home = new HomePage(page);
      await home.goto();
      // The photo shows the menu beside a settled screen, not the home page still loading.
      await expect(home.greeting('Maya')).toBeVisible();
      const shell = new AppShell(page);
      await shell.openMenu();
      await expect(shell.activeOrganizationOption).toContainText(DEMO_ORGANIZATIONS.clinic.name);
    },
  },
  {
    name: 'organization-settings',
    open: async (page) => {
      await signInByApi(page, DEMO.clinicOwner.email);
      const settings = new OrganizationSettingsPage(page);
      await settings.goto();
      await expect(settings.name).toHaveValue(DEMO_ORGANIZATIONS.clinic.name);
    },
  },
  {
    name: 'services-owner',
    open: async (page) => {
      await signInByApi(page, DEMO.clinicOwner.email);
      const services = new ServicesPage(page);
      await services.goto();
      await expect(services.row('Speech therapy session')).toBeVisible();
    },
  },
  {
    name: 'profile-owner',
    open: async (page) => {
      await signInByApi(page, DEMO.clinicOwner.email);
      const profile = new ProfilePage(page);
      await profile.goto();
      await expect(profile.firstName).toHaveValue(DEMO.clinicOwner.firstName);
    },
  },
  {
    name: 'profile-therapist',
    open: async (page) => {
      await signInByApi(page, DEMO.maya.email);
      const profile = new ProfilePage(page);
      await profile.goto();
      await expect(profile.firstName).toHaveValue(DEMO.maya.firstName);
    },
  },
  {
    name: 'account',
    open: async (page) => {
      await signInByApi(page, DEMO.clinicOwner.email);
      const account = new AccountPage(page);
      await account.goto();
      await expect(account.emailCard).toContainText(DEMO.clinicOwner.email);
    },
  },
  {
    name: 'lock',
    open: async (page) => {
      await registerOwnerByApi(page.request);
      await lockByApi(page);
      await page.goto('/');
      await new LockScreen(page).expectShown();
    },
  },
  {
    name: 'offline',
    open: async (page, context) => {
      // Reached as a person reaches it: a call fails on an online-only screen.
      await signInByApi(page, DEMO.clinicOwner.email);
      const profile = new ProfilePage(page);
      await profile.goto();
      await expect(profile.firstName).toHaveValue(DEMO.clinicOwner.firstName);
      await context.route(/\/(api\/|healthz)/, (route) => route.abort('internetdisconnected'));
      await profile.save.click();
      const offline = new OfflinePage(page);
      await offline.expectShown();
      await expect(offline.status).toContainText('Still offline');
    },
  },
  {
    name: 'not-found',
    open: async (page) => {
      await signInByApi(page, DEMO.clinicOwner.email);
      await page.goto('/no-such-area');
      await expect(screenWithTitle(page, 'Page not found').getByText('This page does not exist')).toBeVisible();
    },
  },
  {
    name: 'collector-today',
    open: async (page) => {
      await signInByApi(page, DEMO.maya.email);
      await new CollectorTodayPage(page).goto();
    },
  },
  {
    name: 'collector-session-scheduled',
    open: async (page) => {
      await signInByApi(page, DEMO.maya.email);
      const today = new CollectorTodayPage(page);
      await today.goto();
      // Tomorrow's last session: never started by any test.
      await today.sessionRows.last().click();
      await expect(page.getByRole('heading', { name: 'Ready to start?' })).toBeVisible();
      await expect(page.getByTestId('goal').first()).toBeVisible();
    },
  },
  {
    name: 'collector-session-recording',
    open: async (page) => {
      await signInByApi(page, DEMO.maya.email);
      const today = new CollectorTodayPage(page);
      await today.goto();
      await today.openFirstSession();
      const firstGoal = page.getByTestId('goal').first();
      await expect(firstGoal).toBeVisible();
      // The first session of the day: started here unless an earlier size already did.
      const ready = page.getByRole('heading', { name: 'Ready to start?' });
      if (await ready.isVisible()) {
        await page.getByRole('button', { name: 'Start session' }).click();
      }
      await expect(ready).toBeHidden();
      const correct = firstGoal.getByRole('button', { name: 'Correct' }).first();
      await expect(correct).toBeEnabled();
      await correct.click();
      await expect(page.getByTestId('goal').first()).toBeVisible();
    },
  },
  {
    // A school's Wi-Fi answering the outbox with its own sign-in page: the indicator names it.
    name: 'collector-sync-portal',
    open: async (page, context) => {
      await context.route('**/api/collector/**', (route) =>
        route.request().method() === 'GET'
          ? route.fallback()
          : route.fulfill({
              status: 200,
              contentType: 'text/html',
              body: '<!doctype html><title>School Wi-Fi</title><p>Accept the terms.</p>',
            }),
      );
      await tapInFirstSession(page);
      await expect(page.getByTestId('sync-state')).toHaveText('This network needs a sign-in page', { timeout: 30_000 });
      await page.getByRole('button', { name: /^Sync: / }).click();
      await expect(page.getByRole('dialog').getByText('answers with its own sign-in page')).toBeVisible();
    },
  },
  {
    // The server refuses a tap (here: a stale write): the sync details list it with Retry all.
    name: 'collector-sync-attention',
    open: async (page, context) => {
      await context.route('**/api/collector/**', (route) =>
        route.request().method() === 'GET'
          ? route.fallback()
          : route.fulfill({
              status: 409,
              contentType: 'application/json',
              body: JSON.stringify({ code: 'STALE_WRITE', detail: 'A later change from this device is already on the server.' }),
            }),
      );
      await tapInFirstSession(page);
      await expect(page.getByTestId('sync-attention')).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: /^Sync: / }).click();
      await expect(page.getByRole('button', { name: /^Retry all \(\d+\)$/ })).toBeVisible();
    },
  },
];

/** Opens the day's first session as Maya, starts it if needed and taps Correct once. */
async function tapInFirstSession(page: Page) {
  await signInByApi(page, DEMO.maya.email);
  const today = new CollectorTodayPage(page);
  await today.goto();
  await today.openFirstSession();
  const ready = page.getByRole('heading', { name: 'Ready to start?' });
  await expect(page.getByTestId('goal').first()).toBeVisible();
  if (await ready.isVisible()) {
    await page.getByRole('button', { name: 'Start session' }).click();
  }
  await expect(ready).toBeHidden();
  await page.getByTestId('goal').first().getByRole('button', { name: 'Correct' }).first().click();
}

// The screens are independent of each other: spread over every worker rather than queued on one, where
// they were the run's last minutes with the other workers idle.
test.describe.configure({ mode: 'parallel' });

// One test per screen, photographed at both sizes in turn (the page resized, not reopened: the
// sign-in and the screen's set-up are paid once); a screen whose way in differs by size reopens.
for (const screen of SCREENS) {
  test(`${screen.name} at both tablet sizes: photographed, no serious accessibility violation`, async ({ page, context }) => {
    for (const [index, size] of TABLET_SIZES.entries()) {
      await page.setViewportSize(size.viewport);
      if (index === 0 || screen.reopenPerSize) {
        await screen.open(page, context);
      } else {
        // Two frames: the layout and Ionic's split pane have answered the new size.
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      }
      await saveScreen(page, screen.name);
      await findSmallTouchTargets(page, screen.name);
      await expectNoSeriousA11yViolations(page, screen.name);
    }
  });
}
