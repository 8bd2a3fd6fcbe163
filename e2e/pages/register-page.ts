import { expect, type Locator, type Page } from '@playwright/test';
import { screenWithTitle } from './screen';

export interface OwnerRegistration {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  organizationName: string;
  kind: 'Clinic' | 'School';
  /** An IANA zone shown in the time-zone list, e.g. 'Europe/Berlin'. */
  timezone: string;
}

/** Searches the time zone picker by the zone's city and picks the zone from the list. */
export async function chooseTimeZone(within: Locator, zone: string): Promise<void> {
  const box = within.getByRole('combobox', { name: 'Time zone' });
  await box.fill(zone.split('/').at(-1)!.replaceAll('_', ' '));
  await within.getByRole('option', { name: new RegExp(`\\(${zone}\\)$`) }).click();
  await expect(box).toHaveValue(new RegExp(`\\(${zone}\\)$`));
}

/** "Create your account": account type, personal fields and, for owners, the new organization. */
export class RegisterPage {
  readonly root: Locator;
  readonly heading: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(private readonly page: Page) {
    this.root = screenWithTitle(page, 'Create your account');
    this.heading = this.root.getByRole('heading', { level: 1, name: 'Create your account' });
    this.submit = this.root.getByRole('button', { name: 'Create account' });
    this.error = this.root.locator('.form-error[role="alert"]');
  }

  async goto(): Promise<void> {
    await this.page.goto('/register');
    await expect(this.heading).toBeVisible();
  }

  async registerOwner(owner: OwnerRegistration): Promise<void> {
    const form = this.root;
    await form.getByRole('radio', { name: /Organization owner/ }).click();
    await form.getByLabel('First name').fill(owner.firstName);
    await form.getByLabel('Last name').fill(owner.lastName);
    await form.getByLabel('E-mail address').fill(owner.email);
    await form.getByLabel('Password', { exact: true }).fill(owner.password);
    const organization = form.getByRole('group', { name: 'Your organization' });
    await organization.getByLabel('Organization name').fill(owner.organizationName);
    await organization.getByRole('radio', { name: owner.kind }).click();
    await expect(organization.getByRole('radio', { name: owner.kind })).toBeChecked();
    await chooseTimeZone(organization, owner.timezone);
    await this.submit.click();
  }

  /** A therapist's account: no organization of their own; they join one by invitation. */
  async registerTherapist(therapist: Omit<OwnerRegistration, 'organizationName' | 'kind' | 'timezone'>): Promise<void> {
    const form = this.root;
    await form.getByRole('radio', { name: /^Therapist/ }).click();
    await form.getByLabel('First name').fill(therapist.firstName);
    await form.getByLabel('Last name').fill(therapist.lastName);
    await form.getByLabel('E-mail address').fill(therapist.email);
    await form.getByLabel('Password', { exact: true }).fill(therapist.password);
    await this.submit.click();
  }
}
