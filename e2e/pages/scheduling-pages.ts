import { expect, type Locator, type Page } from '@playwright/test';
import { screenWithTitle } from './screen';

/** One weekly slot as the plan form shows it: its days, start time, people and service. */
export interface SlotInput {
  weekday: string;
  time: string;
  therapist: string;
  student: string;
  service: string;
}

/** "Plan a schedule": dates, weekly slots, the preview and the creation. */
export class PlanPage {
  readonly root: Locator;
  readonly preview: Locator;

  constructor(private readonly page: Page) {
    this.root = screenWithTitle(page, 'Plan a schedule');
    this.preview = this.root.getByRole('region', { name: /^Preview:/ });
  }

  async goto(): Promise<void> {
    await this.page.goto('/organization/schedule/plan');
    await expect(this.root.getByLabel('First day')).toBeVisible({ timeout: 30_000 });
  }

  async fillDates(first: string, last: string): Promise<void> {
    await this.root.getByLabel('First day').fill(first);
    await this.root.getByLabel('Last day').fill(last);
  }

  slot(index: number): Locator {
    return this.root.getByRole('group', { name: `Weekly slot ${index + 1}` });
  }

  async fillSlot(index: number, input: SlotInput): Promise<void> {
    const slot = this.slot(index);
    await slot.getByRole('checkbox', { name: input.weekday }).check();
    await slot.getByLabel('Start time').fill(input.time);
    await slot.getByLabel('Therapist').selectOption({ label: input.therapist });
    const student = slot.getByLabel('Student');
    await expect(student.getByRole('option', { name: input.student })).toBeAttached();
    await student.selectOption({ label: input.student });
    await slot.getByLabel('Service').selectOption({ label: input.service });
  }

  async runPreview(): Promise<void> {
    await this.root.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(this.preview).toBeVisible();
  }
}
