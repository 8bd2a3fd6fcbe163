import type { Locator, Page } from '@playwright/test';
import { screenWithTitle } from './screen';

/** "My profile": name and phone (owners through the organization-owner profile). */
export class ProfilePage {
  readonly root: Locator;
  readonly firstName: Locator;
  readonly lastName: Locator;
  readonly phone: Locator;
  readonly save: Locator;

  constructor(private readonly page: Page) {
    this.root = screenWithTitle(page, 'My profile');
    this.firstName = this.root.getByLabel('First name');
    this.lastName = this.root.getByLabel('Last name');
    this.phone = this.root.getByLabel('Phone');
    this.save = this.root.getByRole('button', { name: 'Save profile' });
  }

  async goto(suffix = ''): Promise<void> {
    await this.page.goto(`/profile${suffix}`);
  }
}
