import { expect, request, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import {
  DEMO,
  MAIN_BASE_URL,
  expectAllSent,
  fetchCollectorSession,
  goOffline,
  goOnline,
  scheduleFreshSession,
  signInThroughApi,
  targetGroup,
  waitForServiceWorker,
} from '../support/collector-helpers';
import { DESK_SIZES, TABLET_SIZES, saveScreen, saveScreenAtSizes } from '../support/screens';

/**
 * The office changes the day while the therapist collects offline. The therapist starts a session
 * and scores on it without a connection; meanwhile the office cancels that session and moves the
 * therapist's next one to next week. Back online: the session took place (its start overtook the
 * cancel), every trial is on the server, the indicator says "All sent", the open session says what
 * happened, Today says where the moved session went, and the owner's session page says it too.
 */
const ZONE = 'America/New_York';
const OWNER = 'owner@harbor-clinic.example';
const base = MAIN_BASE_URL;

test.use({ timezoneId: ZONE, viewport: TABLET_SIZES[0].viewport, hasTouch: true, serviceWorkers: 'allow' });

test('a cancel and a move made while the tablet collects offline are settled and said on both sides', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(3 * 60_000);
  const me = await signInThroughApi(page.request, base, DEMO.jordan);
  const owner = await request.newContext({ baseURL: base });
  const { organizationId } = await signInThroughApi(owner, base, OWNER);
  const session = (id: string) => `/api/scheduling/therasessions/${id}`;
  const q = `?organization_id=${organizationId}`;

  // Both today or tomorrow, so the tablet caches them: the one to collect on, and Leo's next one.
  const collected = await scheduleFreshSession(page, base, 'Leo Thompson');
  const next = await scheduleFreshSession(page, base, 'Leo Thompson', Date.now() + 3 * 3600_000);
  await page.goto(`${base}/collector`);
  const row = page.locator(`[data-testid="session-row"][data-session-id="${collected}"]`);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(`[data-testid="session-row"][data-session-id="${next}"]`)).toBeVisible();
  await waitForServiceWorker(page);

  // Offline: start the session and score two trials.
  await goOffline(context);
  await row.click();
  await page.getByRole('button', { name: 'Start session' }).click();
  await expect(page.getByTestId('session-status')).toHaveText('In progress');
  for (const outcome of ['Correct', 'Incorrect'] as const) {
    const group = targetGroup(page, 'clap hands');
    const trial = Number(await group.getByTestId('trial-no').textContent());
    await group.getByRole('button', { name: outcome, exact: true }).click();
    await expect(group.getByTestId('trial-no')).toHaveText(String(trial + 1));
  }

  // Meanwhile the office cancels it, and moves the next one a week on.
  const cancelled = await owner.post(`${session(collected)}/cancel/${q}`, { data: { reason: 'child is sick' } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  const nextRow = (await (await owner.get(`${session(next)}/${q}`)).json()) as { start_at: string };
  const weekOn = Date.parse(nextRow.start_at) + 7 * 24 * 3600_000;
  const moved = await owner.post(`${session(next)}/reschedule/${q}`, {
    data: { start_at: new Date(weekOn).toISOString(), end_at: new Date(weekOn + 45 * 60_000).toISOString(), reason: 'room closed' },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  // Back online, on the session: everything is sent, nothing needs attention, and the screen says why it still runs.
  await goOnline(context);
  await expectAllSent(page);
  const note = page.locator('.session-page').getByTestId('session-change');
  await expect(note).toContainText('Cancelled by the office — child is sick, but it was started on the tablet at', { timeout: 30_000 });
  await expect(note).toContainText('the session took place and its data is kept');
  await expect(page.getByTestId('session-status')).toHaveText('In progress');
  await saveScreenAtSizes(page, 'session-cancel-overtaken', TABLET_SIZES);
  await expectNoSeriousA11yViolations(page, 'session-cancel-overtaken');
  const server = await fetchCollectorSession(page.request, base, collected, me.organizationId);
  expect(server.goals.flatMap((g) => g.data).filter((p) => p.kind === 'trial')).toHaveLength(2);

  // Today: the session runs with the note, and the moved one says where it went.
  await page.goto(`${base}/collector`);
  await expect(row.getByTestId('session-change')).toContainText('Cancelled by the office — child is sick');
  const movedAway = page.getByTestId('moved-away');
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'long', month: 'long', day: 'numeric' }).format(weekOn);
  await expect(movedAway).toContainText(`Leo's`, { timeout: 30_000 });
  await expect(movedAway).toContainText(`was moved to ${weekday} at`);
  await expect(movedAway).toContainText('— room closed');
  await saveScreenAtSizes(page, 'today-moved-away', TABLET_SIZES);
  await expectNoSeriousA11yViolations(page, 'today-moved-away');

  // The owner's session page: the details and the activities say the start overtook the cancel.
  const desk = await browser.newContext({ timezoneId: ZONE, viewport: DESK_SIZES[0].viewport });
  const deskPage = await desk.newPage();
  await signInThroughApi(deskPage.request, base, OWNER);
  await deskPage.goto(`${base}/organization/schedule/sessions/${collected}`);
  await expect(deskPage.getByTestId('overtaken-change')).toContainText('the therapist had started it on the tablet', { timeout: 30_000 });
  await expect(deskPage.getByText(/started the session on the tablet at .*, after the office had cancelled it/)).toBeVisible();
  await saveScreen(deskPage, 'desk-session-cancel-overtaken');
  await expectNoSeriousA11yViolations(deskPage, 'desk-session-cancel-overtaken');
  await desk.close();
  await owner.dispose();
});
