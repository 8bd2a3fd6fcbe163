import { expect, test, type Page } from '@playwright/test';
import { DEMO, MAIN_BASE_URL, expectAllSent, scheduleFreshSession, signInThroughApi } from '../support/collector-helpers';

/**
 * Starting a session moves its start to the tap time; Today keeps the row where it was, labelled
 * with its planned slot, and shows the actual start beside it.
 */
const rowsInOrder = (page: Page) =>
  page.getByTestId('session-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-session-id')));

test('Today keeps a started session in its planned slot and shows when it started', async ({ page }) => {
  test.setTimeout(2 * 60_000);
  await signInThroughApi(page.request, MAIN_BASE_URL, DEMO.jordan);
  // Planned an hour or more ahead: starting it now moves its start_at.
  const sessionId = await scheduleFreshSession(page, MAIN_BASE_URL, 'Leo Thompson');
  await page.goto(`${MAIN_BASE_URL}/collector`);
  const row = page.locator(`[data-testid="session-row"][data-session-id="${sessionId}"]`);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('last-refresh')).toContainText('Updated');
  const plannedTime = (await row.locator('.session-row__time strong').textContent())!;
  const order = await rowsInOrder(page);
  await expect(row.getByTestId('session-started')).toHaveCount(0);

  await row.click();
  await page.waitForURL(new RegExp(`/collector/session/${sessionId}$`));
  await page.getByRole('button', { name: 'Start session' }).click();
  await expect(page.getByTestId('session-status')).toHaveText('In progress');
  await expectAllSent(page, 60_000);

  for (const how of ['back to Today', 'after a reload'] as const) {
    if (how === 'back to Today') {
      await page.locator('.back-to-today').click();
    } else {
      await page.reload();
    }
    await expect(row, how).toBeVisible({ timeout: 30_000 });
    await expect(row.locator('.session-row__time strong'), how).toHaveText(plannedTime);
    // The actual start (now) beside it, not the planned time.
    await expect(row.getByTestId('session-started'), how).toHaveText(/Started \d{1,2}:\d{2}/);
    await expect(row.getByTestId('session-started'), how).not.toContainText(plannedTime);
    expect(await rowsInOrder(page), how).toEqual(order);
  }
});
