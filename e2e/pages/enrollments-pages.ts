import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { screenWithTitle } from './screen';

/** One of the enrollment screens (Enrollments, Contract templates, Privacy templates): its table rows and its dialog. */
export class EnrollmentScreen {
  readonly root: Locator;
  readonly rows: Locator;
  readonly dialog: Locator;

  constructor(
    private readonly page: Page,
    readonly title: string,
  ) {
    this.root = screenWithTitle(page, title);
    this.rows = this.root.locator('tbody tr');
    this.dialog = this.root.locator('dialog[open]');
  }

  newButton(noun: string): Locator {
    return this.root.getByRole('button', { name: `New ${noun}` }).first();
  }

  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  field(label: string | RegExp): Locator {
    return typeof label === 'string' ? this.dialog.getByLabel(label, { exact: true }) : this.dialog.getByLabel(label);
  }

  /** The sandboxed frame a contract shows in. */
  contract(title: string | RegExp): FrameLocator {
    return this.dialog.frameLocator(`iframe[title${typeof title === 'string' ? `="${title}"` : '^="Contract"'}]`);
  }

  async save(button: string): Promise<void> {
    await this.dialog.getByRole('button', { name: button }).click();
    await expect(this.dialog).toHaveCount(0);
  }
}
