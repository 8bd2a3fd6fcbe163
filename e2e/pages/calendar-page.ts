import { expect, type Locator, type Page } from '@playwright/test';
import { screenWithTitle } from './screen';

/** The calendar: its toolbar, the sessions and events drawn on it, the move form and the side panel. */
export class CalendarPage {
  readonly root: Locator;
  readonly dialog: Locator;
  readonly panel: Locator;

  constructor(private readonly page: Page) {
    this.root = screenWithTitle(page, 'Calendar');
    this.dialog = this.root.locator('dialog[open]');
    this.panel = this.root.locator('aside.cal-panel');
  }

  async goto(): Promise<void> {
    await this.page.goto('/organization/calendar');
    await expect(this.root.getByRole('tab', { name: 'Week view' })).toBeVisible();
  }

  async nextWeek(): Promise<void> {
    await this.root.getByRole('button', { name: 'Next Week' }).click();
  }

  /** A session or event on the calendar, by the words it shows ("Noah Bennett with Jordan Reyes"). */
  item(text: string): Locator {
    return this.root.getByRole('button', { name: new RegExp(text) });
  }

  /** The height of an hour in the week's time grid, from two of its hour labels. */
  async hourHeight(): Promise<number> {
    const seven = await this.root.getByText('7am', { exact: true }).first().boundingBox();
    const eight = await this.root.getByText('8am', { exact: true }).first().boundingBox();
    if (!seven || !eight) {
      throw new Error('The time grid shows no hour labels');
    }
    return eight.y - seven.y;
  }

  /** Drags an item down the time grid by a number of hours, with the mouse, as a person would. */
  async dragDown(item: Locator, hours: number): Promise<void> {
    const box = await item.boundingBox();
    if (!box) {
      throw new Error('The item is not on screen');
    }
    const distance = (await this.hourHeight()) * hours;
    const x = box.x + box.width / 2;
    const y = box.y + Math.min(10, box.height / 2);
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    for (let step = 1; step <= 10; step += 1) {
      await this.page.mouse.move(x, y + (distance * step) / 10);
    }
    await this.page.mouse.up();
  }
}
