import { expect, type Locator, type Page } from '@playwright/test';
import { screenWithTitle } from './screen';

/** Account & security: three cards (password, e-mail address, lock). */
export class AccountPage {
  readonly root: Locator;
  readonly passwordCard: Locator;
  readonly emailCard: Locator;
  readonly lockCard: Locator;

  constructor(private readonly page: Page) {
    this.root = screenWithTitle(page, 'Account & security');
    const card = (title: string) =>
      this.root.locator('.card').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
    this.passwordCard = card('Password');
    this.emailCard = card('E-mail address');
    this.lockCard = card('Lock Thera');
  }

  async goto(): Promise<void> {
    await this.page.goto('/account');
    await expect(this.passwordCard).toBeVisible();
  }

  async changePassword(current: string, next: string, repeat = next): Promise<void> {
    await this.passwordCard.getByLabel('Current password', { exact: true }).fill(current);
    await this.passwordCard.getByLabel('New password', { exact: true }).fill(next);
    await this.passwordCard.getByLabel('Repeat the new password').fill(repeat);
    await this.passwordCard.getByRole('button', { name: 'Change password' }).click();
  }

  async changeEmail(newEmail: string, password: string): Promise<void> {
    await this.emailCard.getByLabel('New e-mail address').fill(newEmail);
    await this.emailCard.getByLabel('Current password', { exact: true }).fill(password);
    await this.emailCard.getByRole('button', { name: 'Change e-mail' }).click();
  }

  async lockNow(): Promise<void> {
    await this.lockCard.getByRole('button', { name: 'Lock now' }).click();
  }
}
