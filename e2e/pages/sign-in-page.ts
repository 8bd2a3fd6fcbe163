import { expect, type Locator, type Page } from '@playwright/test';
import { screenWithTitle } from './screen';

/** The sign-in screen, as a person sees it: a heading, two labelled fields, one button. */
export class SignInPage {
  readonly root: Locator;
  readonly heading: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly createAccountLink: Locator;

  constructor(private readonly page: Page) {
    this.root = screenWithTitle(page, 'Sign in');
    this.heading = this.root.getByRole('heading', { level: 1, name: 'Sign in' });
    this.email = this.root.getByLabel('E-mail address');
    this.password = this.root.getByLabel('Password', { exact: true });
    this.submit = this.root.getByRole('button', { name: 'Sign in', exact: true });
    this.error = this.root.locator('.form-error[role="alert"]');
    this.createAccountLink = this.root.getByRole('link', { name: 'Create an account' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/sign-in');
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/sign-in(\?|$)/);
    await expect(this.heading).toBeVisible();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }
}
