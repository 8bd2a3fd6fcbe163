import { expect, type Locator, type Page } from '@playwright/test';
import { screenWithTitle } from './screen';

/** The organization's services: stats, toolbar, table, pagination, the form and the confirmations. */
export class ServicesPage {
  readonly root: Locator;
  readonly stats: Locator;
  readonly search: Locator;
  readonly status: Locator;
  readonly newService: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly range: Locator;
  readonly next: Locator;
  readonly previous: Locator;
  readonly dialog: Locator;
  readonly bulkBar: Locator;
  readonly report: Locator;

  constructor(private readonly page: Page) {
    this.root = screenWithTitle(page, 'Services');
    this.stats = this.root.getByRole('definition').locator('..').locator('..');
    this.search = this.root.getByLabel('Search services');
    this.status = this.root.getByRole('combobox', { name: 'Status' });
    this.newService = this.root.getByRole('button', { name: 'New service' }).first();
    this.table = this.root.getByRole('table', { name: 'Services' });
    this.rows = this.table.locator('tbody tr');
    this.range = this.root.locator('.admin-pagination__range');
    this.next = this.root.getByRole('button', { name: 'Next' });
    this.previous = this.root.getByRole('button', { name: 'Previous' });
    this.dialog = this.root.locator('dialog[open]');
    this.bulkBar = this.root.getByRole('region', { name: 'Selected rows' });
    this.report = this.root.locator('.admin-report');
  }

  async goto(): Promise<void> {
    await this.page.goto('/organization/services');
    await expect(this.root).toBeVisible();
  }

  stat(label: string): Locator {
    return this.root
      .locator('.admin-stats__item')
      .filter({ has: this.page.getByText(label, { exact: true }) })
      .locator('dd');
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.locator('.admin-cell-main__title', { hasText: new RegExp(`^${name}$`) }) });
  }

  field(label: string): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }

  async fillForm(values: { name?: string; price?: string; duration?: string; description?: string }): Promise<void> {
    if (values.name !== undefined) {
      await this.field('Name (required)').fill(values.name);
    }
    if (values.description !== undefined) {
      await this.field('Description').fill(values.description);
    }
    if (values.price !== undefined) {
      await this.dialog.getByLabel(/^Price \(/).fill(values.price);
    }
    if (values.duration !== undefined) {
      await this.field('Duration (minutes)').fill(values.duration);
    }
  }

  async select(name: string): Promise<void> {
    await this.row(name).getByRole('checkbox').check();
  }
}
