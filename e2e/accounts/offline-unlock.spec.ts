import { expect, test } from '@playwright/test';

/**
 * The lock screen works offline. Unlocking without a connection checks the password
 * against the verifier derived at sign-in with WebCrypto (PBKDF2), and the server session is
 * unlocked when the connection returns.
 */
const EMAIL = 'priya.nair@thera-demo.example';
const PASSWORD = 'Thera-demo-2026';

// At the desk size the menu, which names the signed-in person, stays beside the screen (a tablet folds it away).
test.use({ viewport: { width: 1280, height: 800 } });

test('unlocks offline with the password checked on the device, then unlocks the server session online', async ({ page, context }) => {
  await page.goto('/sign-in');
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(EMAIL);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Priya Nair').first()).toBeVisible();
  // The verifier is derived in the background after sign-in.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('thera.unlockVerifier') !== null)).toBe(true);

  await page.goto('/account');
  await page.getByRole('button', { name: /lock/i }).last().click();
  const unlockButton = page.getByRole('button', { name: 'Unlock' });
  await expect(unlockButton).toBeVisible();
  await expect(page.locator('body')).not.toContainText('Priya');
  // The server session is locked too.
  expect((await page.request.get('/api/users/auth/session/')).status()).toBe(200);
  expect((await (await page.request.get('/api/users/auth/session/')).json()).locked).toBe(true);

  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort());

  await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
  await unlockButton.click();
  await expect(page.getByText('Incorrect password.').first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText('Priya');

  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await unlockButton.click();
  await expect(page.getByText('Priya Nair').first()).toBeVisible();

  await context.unroute('**/api/**');
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect
    .poll(async () => ((await (await page.request.get('/api/users/auth/session/')).json()) as { locked: boolean }).locked, {
      timeout: 15_000,
    })
    .toBe(false);
});
