import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { CollectorTodayPage } from '../pages/collector-pages';
import { HomePage } from '../pages/home-page';
import { signInByApi } from '../support/api';
import { DEMO, DEMO_ORGANIZATIONS } from '../support/demo';
import { TABLET_SIZES } from '../support/screens';

const { clinic, school } = DEMO_ORGANIZATIONS;

test.describe('the organization switcher at the tablet in portrait, in the overlay menu', () => {
  test.use({ viewport: TABLET_SIZES[1].viewport });

  test('a therapist in two organizations switches and the screens follow', async ({ page }) => {
    const shell = new AppShell(page);
    const home = new HomePage(page);
    await signInByApi(page, DEMO.maya.email);
    await home.goto();
    await home.expectSignedIn(DEMO.maya.firstName);

    // Signed in to the first organization; the switcher lists both.
    await expect(home.organizationName).toHaveText(clinic.name);
    await expect(home.fact('Your role')).toHaveText('Therapist');
    await expect(home.fact('Time zone')).toHaveText(clinic.timezone.replaceAll('_', ' ')); // shown as in the settings list
    await shell.openMenu();
    await expect(shell.organizationOptions).toHaveText([new RegExp(clinic.name), new RegExp(school.name)]);
    await expect(shell.activeOrganizationOption).toContainText(clinic.name);

    await shell.switchOrganization(school.name);
    await expect(home.organizationName).toHaveText(school.name);
    await expect(home.fact('Time zone')).toHaveText(school.timezone);
    await expect(home.organization).toContainText(school.kind);
    await shell.openMenu();
    await expect(shell.activeOrganizationOption).toContainText(school.name);

    // The collector shows the school's sessions now: its students, not the clinic's.
    await shell.navigateTo('Data collector');
    const today = new CollectorTodayPage(page);
    await expect(today.sessionRows.first()).toBeVisible();
    await expect(today.root).toContainText(/Ethan Bennett|Sofia Garcia/);
    await expect(today.root).not.toContainText(/Leo Thompson|Ava Thompson|Noah Bennett/);

    // The choice lives in the server session: a reload keeps it.
    await page.reload();
    await expect(today.sessionRows.first()).toBeVisible();
    await expect(today.root).toContainText(/Ethan Bennett|Sofia Garcia/);

    // And back.
    await shell.switchOrganization(clinic.name);
    await expect(today.root).toContainText(/Leo Thompson|Ava Thompson|Noah Bennett/);
    await expect(today.root).not.toContainText(/Ethan Bennett|Sofia Garcia/);
    await shell.navigateTo('Home');
    await expect(home.organizationName).toHaveText(clinic.name);
  });
});

test('a therapist in one organization sees it named, without a switcher', async ({ page }) => {
  const shell = new AppShell(page);
  const home = new HomePage(page);
  await signInByApi(page, DEMO.jordan.email);
  await home.goto();
  await expect(home.organizationName).toHaveText(clinic.name);
  await expect(shell.menu).toContainText(clinic.name);
  await expect(shell.organizationSelect).toHaveCount(0);
});

test.describe('the overlay menu at 768×1024', () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test('an item tapped while the menu still opens takes the person there and the menu out of the way', async ({ page }) => {
    const shell = new AppShell(page);
    const home = new HomePage(page);
    await signInByApi(page, DEMO.maya.email);
    await home.goto();
    await home.expectSignedIn(DEMO.maya.firstName);
    await page.getByRole('button', { name: 'Open navigation' }).filter({ visible: true }).click();
    // No wait for the opening animation: the item is tapped mid-way (Ionic's menu toggle ignores it then).
    await shell.navigation.getByText('Data collector', { exact: true }).dispatchEvent('click');
    await expect(page).toHaveURL(/\/collector$/);
    await expect(shell.navigation).toBeHidden();
    await expect(new CollectorTodayPage(page).sessionRows.first()).toBeVisible();
  });
});
