import type { Locator, Page } from '@playwright/test';
import { screenWithTitle } from './screen';

/** "Professional profile": the therapist's own profile, a card per part, each list with its dialog. */
export class ProfessionalProfilePage {
  readonly root: Locator;
  readonly firstName: Locator;
  readonly headline: Locator;
  readonly saveAbout: Locator;
  readonly dialog: Locator;

  constructor(private readonly page: Page) {
    this.root = screenWithTitle(page, 'Professional profile');
    this.firstName = this.root.getByLabel('First name');
    this.headline = this.root.getByLabel('Headline');
    this.saveAbout = this.root.getByRole('button', { name: 'Save', exact: true }).first();
    this.dialog = page.locator('dialog[open]');
  }

  async goto(): Promise<void> {
    await this.page.goto('/professional-profile');
  }

  section(title: string): Locator {
    return this.root.getByRole('region', { name: title });
  }

  field(label: string): Locator {
    return this.dialog.getByLabel(label, { exact: true });
  }
}
