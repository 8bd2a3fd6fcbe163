import { expect, type Locator, type Page } from '@playwright/test';

/** The split pane shows the menu beside the content from this width (src/app/shell.tsx): wider than a landscape tablet. */
const SPLIT_PANE_MIN_WIDTH = 1025;

/**
 * The signed-in frame: the menu with the user, the organization switcher, the navigation and
 * sign-out. Below the split-pane width the menu is an overlay opened from the toolbar.
 */
export class AppShell {
  readonly menu: Locator;
  readonly navigation: Locator;
  readonly organizationSelect: Locator;
  readonly signOutButton: Locator;

  constructor(private readonly page: Page) {
    this.menu = page.locator('ion-menu');
    this.navigation = this.menu.getByRole('navigation', { name: 'Main' });
    this.organizationSelect = this.menu.getByRole('combobox', { name: 'Organization' });
    this.signOutButton = this.menu.getByRole('button', { name: 'Sign out' });
  }

  get isMenuOverlay(): boolean {
    return (this.page.viewportSize()?.width ?? 1024) < SPLIT_PANE_MIN_WIDTH;
  }

  /** Shows the menu (a no-op beside the split pane). */
  async openMenu(): Promise<void> {
    if (this.isMenuOverlay && !(await this.navigation.isVisible())) {
      await this.page.getByRole('button', { name: 'Open navigation' }).filter({ visible: true }).click();
    }
    await expect(this.navigation).toBeVisible();
  }

  /** Closes the overlay menu by tapping beside it, as a person would (a no-op beside the split pane). */
  async closeMenu(): Promise<void> {
    if (!this.isMenuOverlay || !(await this.navigation.isVisible())) {
      return;
    }
    const width = this.page.viewportSize()?.width ?? 768;
    await this.menu.locator('ion-backdrop').click({ position: { x: width - 20, y: 200 } });
    try {
      await expect(this.navigation).toBeHidden({ timeout: 3000 });
    } catch {
      // A tap during the opening animation can be swallowed on a loaded machine: close it as Ionic does.
      await this.page.evaluate(() =>
        (document.querySelector('ion-menu') as (HTMLElement & { close?: () => Promise<boolean> }) | null)?.close?.(),
      );
      await expect(this.navigation).toBeHidden();
    }
  }

  /**
   * The toolbar's menu button on the screen on top (it hides itself where the menu sits beside).
   * While Ionic moves from one screen to the next, both toolbars show: the entering screen is the
   * later one in the page.
   */
  get menuButton(): Locator {
    return this.page.getByRole('button', { name: 'Open navigation' }).filter({ visible: true }).last();
  }

  async navigateTo(label: string): Promise<void> {
    await this.openMenu();
    await this.navigation.getByText(label, { exact: true }).click();
  }

  /** The organizations offered by the switcher (the placeholder left out). */
  get organizationOptions(): Locator {
    return this.organizationSelect.locator('option:not([disabled])');
  }

  /**
   * Found hidden too: the overlay menu closes itself once a switch is done, and a switch that ends
   * before the first look would otherwise leave a hidden select that a role query never finds.
   */
  get activeOrganizationOption(): Locator {
    return this.menu.getByRole('combobox', { name: 'Organization', includeHidden: true }).locator('option:checked');
  }

  /** Picks the organization whose option names it (the option may add its kind). */
  async switchOrganization(name: string): Promise<void> {
    await this.openMenu();
    const value = await this.organizationOptions.filter({ hasText: name }).getAttribute('value');
    if (!value) {
      throw new Error(`No organization option for ${name}`);
    }
    await this.organizationSelect.selectOption(value);
    await expect(this.activeOrganizationOption).toContainText(name);
    // The overlay menu (portrait) closes itself once the switch is done; the split pane stays.
    if (this.isMenuOverlay) {
      await expect(this.navigation).toBeHidden();
    } else {
      await expect(this.navigation).toBeVisible();
    }
  }

  async signOut(): Promise<void> {
    await this.openMenu();
    await this.signOutButton.click();
  }

  /** The toolbar title of the screen on top (Ionic keeps earlier pages in the DOM, hidden). */
  screenTitle(name: string | RegExp): Locator {
    return this.page.locator('ion-header').getByRole('heading', { level: 1, name });
  }
}
