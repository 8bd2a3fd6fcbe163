import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { HomePage } from '../pages/home-page';
import { ProfilePage } from '../pages/profile-page';
import { SignInPage } from '../pages/sign-in-page';
import { registerOwnerByApi } from '../support/api';

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

test('a session ended elsewhere signs the user out at the next call, and signing in returns there', async ({
  page,
  playwright,
  baseURL,
}) => {
  const owner = await registerOwnerByApi(page.request);
  const home = new HomePage(page);
  const shell = new AppShell(page);
  const signIn = new SignInPage(page);
  const profile = new ProfilePage(page);
  await home.goto();
  await home.expectSignedIn(owner.firstName);
  // Home's own calls have answered, so the next call is the one the navigation below makes.
  await home.expectDashboardLoaded();

  // Another tab signs out with the same cookie: the server session is gone, this page still holds the cookie.
  const elsewhere = await playwright.request.newContext({
    baseURL,
    storageState: { cookies: await page.context().cookies(), origins: [] },
  });
  expect((await elsewhere.post('/api/users/auth/logout/')).ok()).toBe(true);
  await elsewhere.dispose();

  // The next screen's call answers 401: the app signs out, says why, and remembers where the user was going.
  await shell.navigateTo('My profile');
  await signIn.expectShown();
  await expect(page.locator('ion-toast').getByText(SESSION_ENDED)).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fprofile$/);
  await expect(page.getByText(owner.email)).toHaveCount(0);

  await signIn.signIn(owner.email, owner.password);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(profile.firstName).toHaveValue(owner.firstName);
});

test('a lost session cookie signs the user out at the next call', async ({ page }) => {
  const owner = await registerOwnerByApi(page.request);
  const home = new HomePage(page);
  const shell = new AppShell(page);
  const signIn = new SignInPage(page);
  await home.goto();
  await home.expectSignedIn(owner.firstName);
  await home.expectDashboardLoaded();

  await page.context().clearCookies();
  await shell.navigateTo('Organization');
  await signIn.expectShown();
  await expect(page.locator('ion-toast').getByText(SESSION_ENDED)).toBeVisible();
  await expect(shell.menu).toHaveCount(0);
});
