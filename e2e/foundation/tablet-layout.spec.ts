import { expect, test, type Locator, type Page } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { PeoplePage } from '../pages/people-roles-pages';
import { signInByApi } from '../support/api';
import { MAIN_BASE_URL, openSessionFromToday, signInThroughApi, DEMO as COLLECTOR_DEMO } from '../support/collector-helpers';
import { DEMO } from '../support/demo';
import { TABLET_SIZES, saveScreen } from '../support/screens';

/** Whether the element lies wholly inside the window, left to right. */
async function expectWithinWidth(page: Page, element: Locator) {
  const box = await element.boundingBox();
  expect(box, 'on screen').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** Tabs until the toolbar's menu button has the focus (it is among the first stops). */
async function tabToMenuButton(page: Page) {
  for (let press = 0; press < 10; press++) {
    await page.keyboard.press('Tab');
    const isThere = await page.evaluate(() => document.activeElement?.closest('ion-menu-button') !== null);
    if (isThere) {
      return;
    }
  }
  throw new Error('the menu button was not reached with Tab');
}

test.describe('the menu on a landscape tablet (1024×768)', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('is an overlay opened from a labelled menu button, closed with Escape, its last item clear of Sign out', async ({ page }) => {
    const shell = new AppShell(page);
    await signInByApi(page, DEMO.clinicOwner.email);
    const access = page.waitForResponse((r) => r.url().includes('/my-access/') && r.ok());
    await page.goto('/organization/people');
    await access;
    await expect(new PeoplePage(page).row('Jordan Reyes')).toBeVisible({ timeout: 30_000 });
    // Nothing beside the screen: the navigation waits behind the menu button.
    await expect(shell.navigation).toBeHidden();
    await expect(shell.menuButton).toBeVisible();

    await tabToMenuButton(page);
    await page.keyboard.press('Enter');
    await expect(shell.navigation).toBeVisible();
    const last = shell.navigation.locator('ion-item').last();
    await expect(last).toHaveText('Account & security');
    await last.scrollIntoViewIfNeeded();
    const lastBox = (await last.boundingBox())!;
    const signOutBox = (await shell.signOutButton.boundingBox())!;
    expect(lastBox.y + lastBox.height, 'the last item ends above Sign out').toBeLessThanOrEqual(signOutBox.y);
    await saveScreen(page, 'menu-overlay-scrolled');

    await page.keyboard.press('Escape');
    await expect(shell.navigation).toBeHidden();
  });
});

for (const { name, viewport } of TABLET_SIZES) {
  test.describe(`the People tables at the ${name} size`, () => {
    test.use({ viewport });

    test('show every column inside the window', async ({ page }) => {
      const people = new PeoplePage(page);
      await signInByApi(page, DEMO.clinicOwner.email);
      await page.goto('/organization/people');
      // The first list of a fresh page can take a while on a busy machine.
      await expect(people.row('Jordan Reyes')).toBeVisible({ timeout: 30_000 });
      await expectWithinWidth(page, people.table.getByRole('columnheader', { name: 'Status' }));
      await saveScreen(page, 'people-therapists-tablet');
      await people.tab('Students').click();
      await expect(people.row('Leo Thompson')).toBeVisible();
      await expectWithinWidth(page, people.table.getByRole('columnheader', { name: 'Enrollment' }));
      await saveScreen(page, 'people-students-tablet');
    });

    test('fit the therapists, former members included, without scrolling sideways', async ({ page }) => {
      const people = new PeoplePage(page);
      await signInByApi(page, DEMO.clinicOwner.email);
      await page.goto('/organization/people');
      await expect(people.row('Jordan Reyes')).toBeVisible({ timeout: 30_000 });
      await people.show.selectOption({ label: 'Current and former' });
      await expect(people.row('Sam Ortiz')).toContainText('Terminated');
      const overflow = await people.table.evaluate((table) => table.scrollWidth - table.parentElement!.clientWidth);
      expect(overflow, 'pixels of the table past its frame').toBeLessThanOrEqual(0);
      await expectWithinWidth(page, people.table.getByRole('columnheader').last());
      await saveScreen(page, 'people-therapists-former-tablet');
    });
  });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
]) {
  test.describe(`focus mode at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('takes the menu away while the collector is focused on one goal, and gives it back after', async ({ page }) => {
      const shell = new AppShell(page);
      const isBeside = viewport.width > 1024;
      await signInThroughApi(page.request, MAIN_BASE_URL, COLLECTOR_DEMO.jordan);
      await openSessionFromToday(page, MAIN_BASE_URL, 'Leo Thompson');
      // The menu is at hand on the session screen: beside it, or behind the toolbar's menu button.
      if (isBeside) {
        await expect(shell.navigation).toBeVisible();
      } else {
        await expect(shell.menuButton).toBeVisible();
      }

      await page
        .getByRole('button', { name: /^Focus on / })
        .first()
        .click();
      await expect(page.getByRole('button', { name: 'Show all goals' }).first()).toBeVisible();
      await expect(shell.navigation).toBeHidden();
      await expect(shell.menuButton).toHaveCount(0);
      await saveScreen(page, 'collector-focus-mode');

      await page.getByRole('button', { name: 'Show all goals' }).first().click();
      if (isBeside) {
        await expect(shell.navigation).toBeVisible();
      } else {
        await expect(shell.menuButton).toBeVisible();
      }
    });
  });
}
