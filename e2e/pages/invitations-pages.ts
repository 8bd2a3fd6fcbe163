import type { Locator, Page } from '@playwright/test';
import { screenWithTitle } from './screen';

/** The owner's side: People's Invitations tab and the invite dialog. */
export class InvitationsTab {
  readonly root: Locator;
  readonly dialog: Locator;

  constructor(private readonly page: Page) {
    this.root = screenWithTitle(page, 'People');
    this.dialog = this.root.locator('dialog[open]');
  }

  tab(name: 'Therapists' | 'Invitations'): Locator {
    return this.root.getByRole('tab', { name });
  }

  row(name: string): Locator {
    return this.root
      .getByRole('table')
      .locator('tbody tr')
      .filter({ has: this.page.locator('.admin-cell-main__title', { hasText: name }) });
  }

  /** Invites by the code the therapist gave, after the dialog has shown whose it is. */
  async inviteByCode(code: string, expectedName: string): Promise<void> {
    await this.root.getByRole('button', { name: 'Invite a therapist' }).first().click();
    await this.dialog.getByLabel('Therapist code').fill(code);
    await this.dialog.getByRole('button', { name: 'Find therapist' }).click();
    await this.dialog.getByText(`Found: ${expectedName}`).waitFor();
    await this.dialog.getByRole('button', { name: 'Send invitation' }).click();
  }
}

/** The therapist's My organizations: invitations to answer, memberships, their code. */
export class MyOrganizationsPage {
  readonly root: Locator;

  constructor(page: Page) {
    this.root = screenWithTitle(page, 'My organizations');
  }

  invitation(organizationName: string): Locator {
    return this.root.locator('.invitation-card').filter({ hasText: organizationName });
  }

  memberships(): Locator {
    return this.root.getByRole('list', { name: 'Your memberships' });
  }
}
