import { expect, type Locator, type Page } from '@playwright/test';
import { screenWithTitle } from './screen';

/** An admin list screen or a detail screen with its lists (classrooms, programs and their students). */
export class AdminScreen {
  readonly root: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly dialog: Locator;
  readonly range: Locator;
  readonly next: Locator;
  readonly previous: Locator;
  readonly pageSize: Locator;
  readonly bulkBar: Locator;

  constructor(
    protected readonly page: Page,
    title: string | RegExp,
    tableName: string,
  ) {
    this.root = screenWithTitle(page, title);
    this.table = this.root.getByRole('table', { name: tableName });
    this.rows = this.table.locator('tbody tr');
    this.dialog = this.root.locator('dialog[open]');
    this.range = this.root.locator('.admin-pagination__range');
    this.next = this.root.getByRole('button', { name: 'Next' });
    this.previous = this.root.getByRole('button', { name: 'Previous' });
    this.pageSize = this.root.getByRole('combobox', { name: 'Rows per page' });
    this.bulkBar = this.root.getByRole('region', { name: 'Selected rows' });
  }

  async select(name: string): Promise<void> {
    await this.row(name).getByRole('checkbox').check();
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

  button(name: string): Locator {
    return this.root.getByRole('button', { name, exact: true }).first();
  }

  /** Confirms the open confirmation dialog with its danger button. */
  async confirm(label: string): Promise<void> {
    await this.dialog.getByRole('button', { name: label, exact: true }).click();
    await expect(this.dialog).toHaveCount(0);
  }

  /** In a picker dialog: search, then press "<verb> <name>". */
  async pick(search: string, verb: string, name: string): Promise<void> {
    await this.dialog.getByLabel('Search students').fill(search);
    await this.dialog.getByRole('button', { name: `${verb} ${name}`, exact: true }).click();
  }

  tab(name: string): Locator {
    return this.root.getByRole('tab', { name, exact: true });
  }
}
