import { expect, type Locator, type Page } from '@playwright/test';
import { screenWithTitle } from './screen';

/** The collector's Today screen: workspace, then today's and tomorrow's sessions. */
export class CollectorTodayPage {
  readonly root: Locator;
  readonly sessionRows: Locator;

  constructor(private readonly page: Page) {
    this.root = screenWithTitle(page, 'Today');
    this.sessionRows = this.root.getByTestId('session-row');
  }

  async goto(): Promise<void> {
    await this.page.goto('/collector');
    await expect(this.sessionRows.first()).toBeVisible();
  }

  /** The ids of the sessions under a day's heading ("Today · Thursday, November 26"), in the order shown. */
  sessionIdsOn(day: 'Today' | 'Tomorrow'): Promise<string[]> {
    return this.root
      .locator('section.day')
      .filter({ has: this.page.getByRole('heading', { name: new RegExp(`^${day} · `) }) })
      .getByTestId('session-row')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-session-id') ?? ''));
  }

  async openFirstSession(): Promise<void> {
    await this.sessionRows.first().click();
    await expect(this.page).toHaveURL(/\/collector\/session\/[0-9a-f-]+$/);
  }
}

/** One session in the collector; its title is the student's name. */
export class CollectorSessionPage {
  readonly root: Locator;

  constructor(page: Page) {
    this.root = page
      .locator('.ion-page')
      .filter({ has: page.locator('ion-back-button').filter({ visible: true }) })
      .last();
  }
}
