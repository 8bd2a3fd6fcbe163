import { expect, type Locator, type Page } from '@playwright/test';

/** The lock screen: no personal data, a password field, unlock and sign out. */
export class LockScreen {
  readonly heading: Locator;
  readonly password: Locator;
  readonly unlockButton: Locator;
  readonly signOutButton: Locator;
  readonly error: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Thera is locked' });
    this.password = page.getByLabel('Password', { exact: true });
    this.unlockButton = page.getByRole('button', { name: 'Unlock' });
    this.signOutButton = page.getByRole('button', { name: 'Sign out' });
    this.error = page.locator('.form-error[role="alert"]');
  }

  async expectShown(): Promise<void> {
    await expect(this.heading).toBeVisible();
  }

  async unlock(password: string): Promise<void> {
    await this.password.fill(password);
    await this.unlockButton.click();
  }

  /**
   * Every text a person or a screen reader could get from the page: visible text including shadow
   * roots, attribute values (alt, aria-label, title, value), input values, the window title and
   * what the page keeps in localStorage.
   */
  async everythingOnPage(): Promise<string> {
    return this.page.evaluate(() => {
      const parts: string[] = [document.title];
      const visit = (root: Document | ShadowRoot | Element) => {
        for (const element of Array.from(root.querySelectorAll('*'))) {
          for (const attribute of Array.from(element.attributes)) {
            parts.push(attribute.value);
          }
          if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
            parts.push(element.value);
          }
          if (element.shadowRoot) {
            visit(element.shadowRoot);
          }
        }
      };
      parts.push(document.body.innerText, document.documentElement.outerHTML);
      visit(document);
      for (let i = 0; i < localStorage.length; i += 1) {
        const key = localStorage.key(i);
        if (key) {
          parts.push(`${key}=${localStorage.getItem(key) ?? ''}`);
        }
      }
      return parts.join('\n');
    });
  }
}
