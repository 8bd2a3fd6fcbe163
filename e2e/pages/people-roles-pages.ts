import { expect, type Locator, type Page } from '@playwright/test';
import { screenWithTitle } from './screen';

/** The organization's people: directory tabs, the directory's table, its search. */
export class PeoplePage {
  readonly root: Locator;
  readonly table: Locator;

  constructor(private readonly page: Page) {
    this.root = screenWithTitle(page, 'People');
    this.table = this.root.getByRole('table');
  }

  tab(name: 'Therapists' | 'Students' | 'Parents'): Locator {
    return this.root.getByRole('tab', { name });
  }

  /** The therapists' current, former or all members. */
  get show(): Locator {
    return this.root.getByRole('combobox', { name: 'Show' });
  }

  search(directory: 'therapists' | 'students' | 'parents'): Locator {
    return this.root.getByLabel(`Search ${directory}`);
  }

  row(name: string): Locator {
    return this.table.locator('tbody tr').filter({ has: this.page.locator('.admin-cell-main__title', { hasText: name }) });
  }
}

/** The roles screen: the roles table, the role form, the members and their roles. */
export class RolesPage {
  readonly root: Locator;
  readonly roles: Locator;
  readonly members: Locator;
  readonly newRole: Locator;
  readonly dialog: Locator;

  constructor(private readonly page: Page) {
    this.root = screenWithTitle(page, 'Roles');
    this.roles = this.root.getByRole('table', { name: 'Roles' });
    this.members = this.root.getByRole('table', { name: 'Members' });
    this.newRole = this.root.getByRole('button', { name: 'New role' }).first();
    this.dialog = this.root.locator('dialog[open]');
  }

  async goto(): Promise<void> {
    await this.page.goto('/organization/roles');
    await expect(this.root).toBeVisible();
  }

  /** The role of exactly this name (its title may carry the "Built in" badge). */
  role(name: string): Locator {
    const exact = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(Built in)?$`);
    return this.roles.locator('tbody tr').filter({ has: this.page.locator('.admin-cell-main__title', { hasText: exact }) });
  }

  /** How many members hold the role (the third column). */
  membersOf(name: string): Locator {
    return this.role(name).getByRole('cell').nth(2);
  }

  member(name: string): Locator {
    return this.members.locator('tbody tr').filter({ has: this.page.locator('.admin-cell-main__title', { hasText: name }) });
  }

  /** A key's checkbox by the key's words (a view key held through manage adds "(comes with …)"). */
  permission(label: string): Locator {
    return this.dialog
      .locator('label.roles-picker__key')
      .filter({ hasText: new RegExp(`^${label}`) })
      .getByRole('checkbox');
  }
}
