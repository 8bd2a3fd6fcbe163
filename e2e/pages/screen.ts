import type { Locator, Page } from '@playwright/test';

/**
 * The Ionic page on screen whose level-1 heading is `title`. Ionic keeps pages the user left in the
 * DOM (hidden), so a field label like 'E-mail address' can exist twice; scoping to the visible page
 * finds the one a person sees.
 */
export function screenWithTitle(page: Page, title: string | RegExp): Locator {
  const heading = page.getByRole('heading', { level: 1, name: title, exact: typeof title === 'string' ? true : undefined });
  return page.locator('.ion-page').filter({ has: heading }).last();
}
