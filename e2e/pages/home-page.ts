import { expect, type Locator, type Page } from '@playwright/test';
import { screenWithTitle } from './screen';

/** Home: the greeting, the active organization's card and tiles to the user's areas. */
export class HomePage {
  readonly root: Locator;
  readonly organization: Locator;
  readonly organizationName: Locator;
  readonly areas: Locator;

  constructor(private readonly page: Page) {
    this.root = screenWithTitle(page, 'Home');
    this.organization = this.root.getByRole('region', { name: 'Your organization' });
    this.organizationName = this.organization.getByRole('heading', { level: 3 });
    this.areas = this.root.getByRole('region', { name: 'Go to' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
  }

  greeting(firstName: string): Locator {
    return this.root.getByRole('heading', { name: `Welcome, ${firstName}` });
  }

  /** A fact in the organization card ('Your role', 'Organization code', 'Time zone'). */
  fact(term: string): Locator {
    return this.organization
      .locator('dl > div')
      .filter({ has: this.page.locator('dt', { hasText: term }) })
      .locator('dd');
  }

  async expectSignedIn(firstName: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/$/);
    await expect(this.greeting(firstName)).toBeVisible();
  }

  /** An owner's Home has settled once its dashboard (a lazy chunk and a call of its own) has answered. */
  async expectDashboardLoaded(): Promise<void> {
    await expect(this.root.getByRole('heading', { name: /Sessions this week/ })).toBeVisible();
  }
}
