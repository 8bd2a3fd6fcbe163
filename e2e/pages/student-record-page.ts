import type { Locator, Page } from '@playwright/test';
import { screenWithTitle } from './screen';

/** A student's page: the placements, the goals by domain, the dialogs it opens. */
export class StudentRecordPage {
  readonly root: Locator;
  readonly dialog: Locator;

  constructor(
    private readonly page: Page,
    name: string,
  ) {
    this.root = screenWithTitle(page, name);
    this.dialog = page.locator('dialog[open]');
  }

  /** One goal's row, by its title. */
  goal(title: string): Locator {
    return this.root.locator('.record-goal').filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  /** One department of the placements, by its name. */
  department(name: string): Locator {
    return this.root.locator('.record-department').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }
}
