import { expect, type Locator, type Page } from '@playwright/test';
import { screenWithTitle } from './screen';

/** The organization's audit trail: filters, the table of entries and its pagination. */
export class AuditPage {
  readonly root: Locator;
  readonly person: Locator;
  readonly kind: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly range: Locator;
  readonly onlyRecord: Locator;

  constructor(private readonly page: Page) {
    this.root = screenWithTitle(page, 'Audit trail');
    this.person = this.root.getByRole('combobox', { name: 'Person' });
    this.kind = this.root.getByRole('combobox', { name: 'Kind of record' });
    this.table = this.root.getByRole('table', { name: 'Entries' });
    this.rows = this.table.locator('tbody tr');
    this.range = this.root.locator('.admin-pagination__range');
    this.onlyRecord = this.root.locator('.audit-only-record');
  }

  async goto(): Promise<void> {
    await this.page.goto('/organization/audit');
    await expect(this.root).toBeVisible();
  }

  /** Entries whose record cell names this record. */
  rowsOf(record: string): Locator {
    return this.rows.filter({ has: this.page.locator('.audit-record', { hasText: record }) });
  }
}
