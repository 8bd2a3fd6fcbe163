import { expect, type Locator, type Page } from '@playwright/test';
import { screenWithTitle } from './screen';

/** The organization's departments: stats, toolbar, table, the form and the confirmations. */
export class DepartmentsPage {
  readonly root: Locator;
  readonly search: Locator;
  readonly status: Locator;
  readonly newDepartment: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly dialog: Locator;
  readonly bulkBar: Locator;
  readonly report: Locator;

  constructor(private readonly page: Page) {
    this.root = screenWithTitle(page, 'Departments');
    this.search = this.root.getByLabel('Search departments');
    this.status = this.root.getByRole('combobox', { name: 'Status' });
    this.newDepartment = this.root.getByRole('button', { name: 'New department' }).first();
    this.table = this.root.getByRole('table', { name: 'Departments' });
    this.rows = this.table.locator('tbody tr');
    this.dialog = this.root.locator('dialog[open]');
    this.bulkBar = this.root.getByRole('region', { name: 'Selected rows' });
    this.report = this.root.locator('.admin-report');
  }

  async goto(): Promise<void> {
    await this.page.goto('/organization/departments');
    await expect(this.root).toBeVisible();
  }

  stat(label: string): Locator {
    return this.root
      .locator('.admin-stats__item')
      .filter({ has: this.page.getByText(label, { exact: true }) })
      .locator('dd');
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }
}

/** One department: summary, tabs, and the active tab's panel with its dialogs. */
export class DepartmentPage {
  readonly root: Locator;
  readonly tabs: Locator;
  readonly panel: Locator;
  readonly dialog: Locator;

  constructor(
    private readonly page: Page,
    name: string,
  ) {
    this.root = screenWithTitle(page, name);
    this.tabs = this.root.getByRole('tablist', { name: 'Department' });
    this.panel = this.root.getByRole('tabpanel');
    this.dialog = this.root.locator('dialog[open]');
  }

  tab(name: string): Locator {
    return this.tabs.getByRole('tab', { name, exact: true });
  }

  row(text: string): Locator {
    return this.panel.locator('tbody tr').filter({ has: this.page.locator('.admin-cell-main__title', { hasText: text }) });
  }

  async pick(search: string, name: string): Promise<void> {
    await this.dialog.getByLabel(/^Search the organization/).fill(search);
    await this.dialog.getByRole('button', { name: `Add ${name}` }).click();
    await expect(this.dialog).toHaveCount(0);
  }
}
