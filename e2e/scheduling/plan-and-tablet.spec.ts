import { expect, request, test, type APIRequestContext, type Page } from '@playwright/test';
import { PlanPage } from '../pages/scheduling-pages';
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
 * The schedule from the desk to the tablet. The owner plans a week in bulk from yesterday: the
 * preview lists its dates, warns that yesterday's is past and leaves it out, and names a conflict
 * with a session seeded through the API; the owner moves the slot and creates it, and the
 * therapist's Today (another browser, the tablet) lists it. Then the owner moves a session while
 * the tablet is offline and collecting on it: back online, every point reaches the server, the
 * start (tapped before the move) wins, and Today, the session and its activities say so.
 */
const ZONE = 'America/New_York';
const OWNER = 'owner@harbor-clinic.example';
const base = MAIN_BASE_URL;
const dayOf = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(ms);
const weekdayOf = (ms: number) => new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'long' }).format(ms);
const dayLabelOf = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'long', month: 'long', day: 'numeric' }).format(new Date(iso));
const timeOf = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/** An instant from a wall-clock time in New York (the demo clinic's zone) on a day. */
async function instantAt(page: Page, day: string, time: string): Promise<string> {
  return page.evaluate(
    ({ day, time, zone }) => {
      const guess = Date.parse(`${day}T${time}:00Z`);
      const shown = new Date(new Date(guess).toLocaleString('en-US', { timeZone: zone })).getTime();
      const utc = new Date(new Date(guess).toLocaleString('en-US', { timeZone: 'UTC' })).getTime();
      return new Date(guess + (utc - shown)).toISOString();
    },
    { day, time, zone: ZONE },
  );
}

async function ownerApi(): Promise<{ api: APIRequestContext; organizationId: string }> {
  const api = await request.newContext({ baseURL: base });
  const { organizationId } = await signInThroughApi(api, base, OWNER);
  return { api, organizationId };
}

test.use({ timezoneId: ZONE });

test('an owner plans a week with a conflict in the preview; the tablet shows it, and a move made while it was offline', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { api: owner, organizationId } = await ownerApi();
  await signInThroughApi(page.request, base, OWNER);
  const tablet = await browser.newContext({
    timezoneId: ZONE,
    viewport: TABLET_SIZES[0].viewport,
    hasTouch: true,
    serviceWorkers: 'allow',
  });
  const therapist = await tablet.newPage();
  await signInThroughApi(therapist.request, base, DEMO.jordan);

  // Seeded once through the API: Jordan with Leo tomorrow at 19:10, in the way of the plan's first try.
  const tomorrow = Date.now() + 24 * 3600_000;
  const leo = await scheduleFreshSession(therapist, base, 'Leo Thompson', Date.parse(await instantAt(page, dayOf(tomorrow), '19:10')));
  const seeded = (await (await owner.get(`/api/scheduling/therasessions/${leo}/?organization_id=${organizationId}`)).json()) as {
    start_at: string;
  };
  const seededTime = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' }).format(
    new Date(seeded.start_at),
  );

  const plan = new PlanPage(page);
  await plan.goto();
  // From yesterday: yesterday's slot is past whatever the hour, and the week has each weekday once.
  const yesterday = Date.now() - 24 * 3600_000;
  await plan.fillDates(dayOf(yesterday), dayOf(Date.now() + 5 * 24 * 3600_000));
  const slot = {
    weekday: weekdayOf(tomorrow),
    time: seededTime,
    therapist: 'Jordan Reyes',
    student: 'Leo Thompson',
    service: 'Speech therapy session (45 min)',
  };
  await plan.fillSlot(0, slot);
  await plan
    .slot(0)
    .getByRole('checkbox', { name: weekdayOf(yesterday) })
    .check();
  await plan.runPreview();
  await expect(plan.preview).toContainText('Preview: 1 session');
  const dates = plan.preview.getByRole('list', { name: /^Every date/ });
  await expect(dates.getByRole('listitem')).toHaveCount(2);
  await expect(plan.preview.getByRole('note')).toContainText('1 date is already past');
  await expect(dates.getByRole('listitem').first()).toContainText('In the past: left out.');
  await expect(dates.getByRole('listitem').last()).toContainText('Jordan Reyes already has a session at that time');
  await expect(dates).toContainText('Slot 1: Jordan Reyes with Leo Thompson');
  await expect(plan.preview.getByRole('button', { name: /Create anyway/ })).toBeVisible();
  for (const size of DESK_SIZES) {
    await page.setViewportSize(size.viewport);
    await dates.scrollIntoViewIfNeeded();
    await saveScreen(page, 'plan-preview-conflict');
  }
  await expectNoSeriousA11yViolations(page, 'plan-preview-conflict');
  // Included on purpose (a session that already happened), the past date is planned and says so.
  // The box is off while the preview is asked again, so it is clicked and then read, not check()ed.
  const includePast = plan.preview.getByRole('checkbox', { name: 'Include the date in the past' });
  await includePast.click();
  await expect(plan.preview).toContainText('Preview: 2 sessions');
  await expect(includePast).toBeChecked();
  await expect(dates.getByRole('listitem').first()).toContainText('In the past: included');
  await includePast.click();
  await expect(plan.preview).toContainText('Preview: 1 session');
  await expect(includePast).not.toBeChecked();

  // Moved to a free time, the plan goes in without overriding anything.
  await plan.slot(0).getByLabel('Start time').fill('21:40');
  await plan.runPreview();
  await expect(plan.preview).toContainText('No conflicts');
  await plan.preview.getByRole('button', { name: 'Create 1 session' }).click();
  await expect(plan.root.getByRole('heading', { name: '1 session created' })).toBeVisible();
  await expect(plan.root.getByRole('link', { name: 'See the week on the calendar' })).toBeVisible();
  await saveScreen(page, 'plan-created');

  // A term's plan (three months, three slots a week) is previewed as one scrolling list under its counts.
  await plan.root.getByRole('button', { name: 'Plan another schedule' }).click();
  await plan.fillDates(dayOf(Date.now() + 8 * 24 * 3600_000), dayOf(Date.now() + 98 * 24 * 3600_000));
  await plan.fillSlot(0, { ...slot, weekday: 'Monday', time: '06:05' });
  for (const weekday of ['Wednesday', 'Friday']) {
    await plan.slot(0).getByRole('checkbox', { name: weekday }).check();
  }
  await plan.runPreview();
  const term = plan.preview.getByRole('list', { name: /^Every date/ });
  await expect(plan.preview.getByRole('list', { name: 'The plan in figures' })).toContainText(/\d+ to create/);
  expect(await term.getByRole('listitem').count()).toBeGreaterThanOrEqual(36);
  expect(await term.evaluate((list) => list.scrollHeight > list.clientHeight)).toBe(true);
  await saveScreenAtSizes(page, 'plan-preview-term', DESK_SIZES);

  // The tablet, online: Today lists the planned session among Jordan's.
  await therapist.goto(`${base}/collector`);
  const planned = therapist.locator('[data-testid="session-row"]').filter({ hasText: 'Leo Thompson' }).filter({ hasText: '9:40' });
  await expect(planned).toBeVisible({ timeout: 30_000 });
  await waitForServiceWorker(therapist);

  // Offline on the tablet: start the seeded session and collect on it.
  const row = therapist.locator(`[data-testid="session-row"][data-session-id="${leo}"]`);
  await goOffline(tablet);
  await row.click();
  await therapist.getByRole('button', { name: 'Start session' }).click();
  for (const outcome of ['Correct', 'Incorrect', 'Correct'] as const) {
    const group = targetGroup(therapist, 'clap hands');
    const trial = Number(await group.getByTestId('trial-no').textContent());
    await group.getByRole('button', { name: outcome, exact: true }).click();
    await expect(group.getByTestId('trial-no')).toHaveText(String(trial + 1));
  }

  // Meanwhile the office moves it by an hour (later, or earlier if that is taken), with a reason.
  const start = Date.parse(seeded.start_at);
  let newStart = '';
  for (const offset of [3600_000, -3600_000, -2 * 3600_000]) {
    const at = start + offset;
    const moved = await owner.post(`/api/scheduling/therasessions/${leo}/reschedule/?organization_id=${organizationId}`, {
      data: { start_at: new Date(at).toISOString(), end_at: new Date(at + 45 * 60_000).toISOString(), reason: 'therapist at training' },
    });
    if (moved.status() === 200) {
      newStart = new Date(at).toISOString();
      break;
    }
    expect(moved.status(), await moved.text()).toBe(409);
  }
  expect(newStart, 'a free hour to move the session to').not.toBe('');

  // Back online: every point is delivered, and Today says what happened.
  await goOnline(tablet);
  await expectAllSent(therapist);
  const server = await fetchCollectorSession(therapist.request, base, leo, organizationId);
  expect(server.goals.flatMap((g) => g.data).filter((p) => p.kind === 'trial')).toHaveLength(3);
  // The move came after the tablet's start: the session took place at the start, and both sides say so.
  const said = `Moved by the office to ${dayLabelOf(newStart)} at ${timeOf(newStart)} — therapist at training while it was started on the tablet`;
  await therapist.goto(`${base}/collector`);
  const change = row.getByTestId('session-change');
  await expect(change).toContainText(said);
  for (const size of TABLET_SIZES) {
    await therapist.setViewportSize(size.viewport);
    await row.scrollIntoViewIfNeeded();
    await saveScreen(therapist, 'today-moved');
  }
  await expectNoSeriousA11yViolations(therapist, 'today-moved');
  // The session itself says so too, where the therapist was collecting.
  await row.click();
  const onSession = therapist.locator('.session-page').getByTestId('session-change');
  await expect(onSession).toBeVisible();
  await expect(onSession).toContainText(said);
  const activities = (await (
    await owner.get(`/api/scheduling/therasessions/${leo}/activities/?organization_id=${organizationId}`)
  ).json()) as { results: { sentence: string }[] };
  expect(activities.results.at(-1)?.sentence).toMatch(/^Moved by the office to .* while started on the tablet at /);
  await saveScreen(therapist, 'session-moved');
  await tablet.close();
  await owner.dispose();
});
