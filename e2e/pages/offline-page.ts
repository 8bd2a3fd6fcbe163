import { expect, type Locator, type Page } from '@playwright/test';
import { screenWithTitle } from './screen';

export const OFFLINE_URL = '/status/offline?internal=1';
export const LAST_PATH_KEY = 'lastPathBeforeOffline';

/** The offline status page, where an online-only screen goes when the network fails. */
export class OfflinePage {
  readonly root: Locator;
  readonly heading: Locator;
  readonly status: Locator;
  readonly tryNow: Locator;

  constructor(private readonly page: Page) {
    this.root = screenWithTitle(page, 'Offline');
    this.heading = this.root.getByRole('heading', { name: 'You are offline' });
    this.status = this.root.locator('.offline-page__status');
    this.tryNow = this.root.getByRole('button', { name: 'Try now' });
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/status\/offline\?internal=1$/);
    await expect(this.heading).toBeVisible();
  }

  async savedPath(): Promise<string | null> {
    return this.page.evaluate((key) => localStorage.getItem(key), LAST_PATH_KEY);
  }
}
