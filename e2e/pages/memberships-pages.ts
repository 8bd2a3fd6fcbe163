import type { Locator, Page } from '@playwright/test';
import { screenWithTitle } from './screen';

/** My organizations: the signed-in member's memberships, one row per organization with its resign or withdraw action. */
export class MyOrganizationsPage {
  readonly root: Locator;
  readonly dialog: Locator;

  constructor(page: Page) {
    this.root = screenWithTitle(page, 'My organizations');
    this.dialog = page.locator('dialog[open]');
  }

  row(organization: string): Locator {
    return this.root.locator('.my-memberships__item').filter({ hasText: organization });
  }
}

/** One member as the organization sees them: status, reason, dates, and the owner's actions. */
export class MemberPage {
  readonly root: Locator;
  readonly dialog: Locator;
  readonly facts: Locator;

  constructor(page: Page, name: string) {
    this.root = screenWithTitle(page, name);
    this.dialog = page.locator('dialog[open]');
    this.facts = this.root.locator('.member-status__facts');
  }

  fact(label: string): Locator {
    return this.facts
      .locator('div')
      .filter({ has: this.root.page().locator('dt').getByText(label, { exact: true }) })
      .locator('dd');
  }
}
