import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { HomePage } from '../pages/home-page';
import { RegisterPage } from '../pages/register-page';
import { SignInPage } from '../pages/sign-in-page';
import { uniqueEmail, uniqueName } from '../support/api';
import { TABLET_SIZES } from '../support/screens';

test.describe('accounts at the tablet in landscape', () => {
  test.use({ viewport: TABLET_SIZES[0].viewport });

  test('registers an owner with a new organization, signs out and signs in again', async ({ page }) => {
    const signIn = new SignInPage(page);
    const register = new RegisterPage(page);
    const shell = new AppShell(page);
    const home = new HomePage(page);
    const owner = {
      firstName: uniqueName('Ines'),
      lastName: uniqueName('Brandt'),
      email: uniqueEmail('register'),
      password: 'a long e2e passphrase',
      organizationName: `Riverside ${uniqueName('Clinic')}`,
      kind: 'School' as const,
      timezone: 'Europe/Berlin',
    };

    await page.goto('/');
    await signIn.expectShown();
    await signIn.createAccountLink.click();
    await register.registerOwner(owner);

    // Signed in at once, on Home, working in the organization just created.
    await home.expectSignedIn(owner.firstName);
    await expect(home.organizationName).toHaveText(owner.organizationName);
    await expect(home.fact('Your role')).toHaveText('Owner');
    await expect(home.fact('Time zone')).toHaveText(owner.timezone);
    await expect(home.organization).toContainText('School');
    await shell.openMenu();
    await expect(shell.menu).toContainText(`${owner.firstName} ${owner.lastName}`);
    await expect(shell.menu).toContainText(owner.email);
    await expect(shell.navigation.getByText('Organization', { exact: true })).toBeVisible();

    await shell.signOut();
    await signIn.expectShown();
    await expect(page.getByText(owner.email)).toHaveCount(0);
    // The session is gone on the server too: a reload stays signed out.
    await page.reload();
    await signIn.expectShown();

    await signIn.signIn(owner.email, owner.password);
    await home.expectSignedIn(owner.firstName);
    await expect(home.organizationName).toHaveText(owner.organizationName);
  });
});

test('a wrong password on sign-in says so and keeps the person signed out', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn('owner@harbor-clinic.example', 'not the password');
  await expect(signIn.error).toHaveText('Invalid email or password.');
  await signIn.expectShown();
});

test('registering an e-mail address that is taken shows the reason beside the field', async ({ page }) => {
  const register = new RegisterPage(page);
  await register.goto();
  await register.registerOwner({
    firstName: 'Grace',
    lastName: 'Again',
    email: 'owner@harbor-clinic.example',
    password: 'a long e2e passphrase',
    organizationName: 'Duplicate Clinic',
    kind: 'Clinic',
    timezone: 'Europe/Berlin',
  });
  await expect(register.error).toHaveText('An account with this e-mail already exists.');
  await expect(register.root.getByText('An account with this e-mail already exists.')).toHaveCount(2); // summary and field
  await expect(page).toHaveURL(/\/register$/);
});
