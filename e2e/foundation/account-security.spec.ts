import { expect, test } from '@playwright/test';
import { AccountPage } from '../pages/account-page';
import { AppShell } from '../pages/app-shell';
import { HomePage } from '../pages/home-page';
import { LockScreen } from '../pages/lock-screen';
import { SignInPage } from '../pages/sign-in-page';
import { registerOwnerByApi, uniqueEmail } from '../support/api';
import { TABLET_SIZES } from '../support/screens';

const toast = (page: import('@playwright/test').Page, text: string) => page.locator('ion-toast').getByText(text);

test.describe('the lock at the tablet in landscape', () => {
  test.use({ viewport: TABLET_SIZES[0].viewport });

  test('locking hides every personal detail; a wrong password is refused, the right one unlocks', async ({ page }) => {
    // A fresh owner: wrong unlock passwords count against the session, never against demo data.
    const owner = await registerOwnerByApi(page.request);
    const account = new AccountPage(page);
    const lock = new LockScreen(page);
    const shell = new AppShell(page);
    await account.goto();
    await shell.openMenu();
    await expect(shell.menu).toContainText(owner.email);
    await shell.closeMenu();
    // Control: before locking, the same sweep finds the person's details.
    expect(await lock.everythingOnPage()).toContain(owner.email);

    await account.lockNow();
    await lock.expectShown();
    await expect(page).toHaveTitle('Locked · Thera');
    const shown = await lock.everythingOnPage();
    for (const secret of [owner.email, owner.firstName, owner.lastName, owner.organizationName!]) {
      expect(shown, `the lock screen must not reveal "${secret}"`).not.toContain(secret);
    }
    await expect(shell.menu).toHaveCount(0);

    // The lock is on the server: a reload still shows the lock screen and nothing personal.
    await page.reload();
    await lock.expectShown();
    expect(await lock.everythingOnPage()).not.toContain(owner.email);

    await lock.unlock('not my password');
    await expect(lock.error).toContainText('Wrong password.');
    await expect(lock.error).toContainText('4 attempts left');
    await lock.expectShown();

    await lock.unlock(owner.password);
    await expect(lock.heading).toBeHidden();
    await expect(account.passwordCard).toBeVisible();
    await expect(account.emailCard).toContainText(owner.email);
  });
});

test('changes the password: the new one signs in, the old one no longer does', async ({ page }) => {
  const owner = await registerOwnerByApi(page.request);
  const account = new AccountPage(page);
  const shell = new AppShell(page);
  const signIn = new SignInPage(page);
  const home = new HomePage(page);
  const newPassword = 'a brand new e2e passphrase';
  await account.goto();

  // Two different new passwords are caught on the form, before anything is sent.
  await account.changePassword(owner.password, newPassword, 'something else entirely');
  await expect(account.passwordCard.getByText('The two passwords differ.')).toBeVisible();
  // A wrong current password is refused by the server.
  await account.changePassword('not my password', newPassword);
  await expect(account.passwordCard.locator('.form-error')).toBeVisible();

  await account.changePassword(owner.password, newPassword);
  await expect(toast(page, 'Password changed.')).toBeVisible();
  await expect(account.passwordCard.getByLabel('Current password')).toHaveValue('');

  await shell.signOut();
  await signIn.expectShown();
  await signIn.signIn(owner.email, owner.password);
  await expect(signIn.error).toHaveText('Invalid email or password.');
  await signIn.signIn(owner.email, newPassword);
  await home.expectSignedIn(owner.firstName);
});

test('changes the e-mail address: the new one signs in, the old one no longer does', async ({ page }) => {
  const owner = await registerOwnerByApi(page.request);
  const account = new AccountPage(page);
  const shell = new AppShell(page);
  const signIn = new SignInPage(page);
  const home = new HomePage(page);
  const newEmail = uniqueEmail('moved');
  await account.goto();
  await expect(account.emailCard).toContainText(`You sign in with ${owner.email}`);

  await account.changeEmail(newEmail, 'not my password');
  await expect(account.emailCard.locator('.form-error')).toBeVisible();
  await expect(account.emailCard).toContainText(owner.email);

  await account.changeEmail(newEmail, owner.password);
  await expect(toast(page, 'E-mail address changed.')).toBeVisible();
  await expect(account.emailCard).toContainText(`You sign in with ${newEmail}`);
  await expect(shell.menu).toContainText(newEmail);

  await shell.signOut();
  await signIn.expectShown();
  await signIn.signIn(owner.email, owner.password);
  await expect(signIn.error).toHaveText('Invalid email or password.');
  await signIn.signIn(newEmail, owner.password);
  await home.expectSignedIn(owner.firstName);
});
