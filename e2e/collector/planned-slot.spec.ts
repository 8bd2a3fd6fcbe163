import { expect, test, type Page } from '@playwright/test';
import { DEMO, MAIN_BASE_URL, expectAllSent, openSessionFromToday, signInThroughApi } from '../support/collector-helpers';

/**
 * Starting a session moves its start to the tap time; Today keeps the row where it was, labelled
 * with its planned slot, and shows the actual start beside it.
 */
const rowsInOrder = (page: Page) =>
  page.getByTestId('session-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-session-id')));

test('Today keeps a started session in its planned slot and shows when it started', async ({ page }) => {
  test.setTimeout(2 * 60_000);
  await signInThroughApi(page.request, MAIN_BASE_URL, DEMO.jordan);
  const sessionId = await openSessionFromToday(page, MAIN_BASE_URL, 'Leo Thompson');
  await page.getByRole('button', { name: 'Today' }).click();
  const row = page.locator(`[data-testid="session-row"][data-session-id="${sessionId}"]`);
  await expect(row).toBeVisible();
  const plannedTime = (await row.locator('.session-row__time strong').textContent())!;
  const order = await rowsInOrder(page);
  await expect(row.getByTestId('session-started')).toHaveCount(0);

  await row.click();
  await page.waitForURL(new RegExp(`/collector/session/${sessionId}$`));
  // The session is planned an hour or more ahead: starting now moves its start_at.
  await page.getByRole('button', { name: 'Start session' }).click();
  await expect(page.getByTestId('session-status')).toHaveText('In progress');
  const startedAt = await page.evaluate(() => new Date().toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' }));
  await expectAllSent(page, 60_000);

  for (const how of ['back to Today', 'after a reload'] as const) {
    if (how === 'back to Today') {
      await page.getByRole('button', { name: 'Today' }).click();
    } else {
      await page.reload();
    }
    await expect(row, how).toBeVisible({ timeout: 30_000 });
    await expect(row.locator('.session-row__time strong'), how).toHaveText(plannedTime);
    await expect(row.getByTestId('session-started'), how).toHaveText(new RegExp(`Started (${startedAt}|\\d{1,2}:\\d{2}\\s?[AP]M)`));
    expect(await rowsInOrder(page), how).toEqual(order);
  }
});
