import type { Locator, Page } from '@playwright/test';
import { screenWithTitle } from './screen';

/** The owner's organization settings form. */
export class OrganizationSettingsPage {
  readonly root: Locator;
  readonly name: Locator;
  readonly timezone: Locator;
  readonly save: Locator;

  constructor(private readonly page: Page) {
    this.root = screenWithTitle(page, 'Organization settings');
    this.name = this.root.getByLabel('Name', { exact: true });
    this.timezone = this.root.getByLabel('Time zone');
    this.save = this.root.getByRole('button', { name: 'Save settings' });
  }

  async goto(suffix = ''): Promise<void> {
    await this.page.goto(`/organization/settings${suffix}`);
  }
}
