import { TZDate } from '@date-fns/tz';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { CalendarPage } from '../pages/calendar-page';
import { signInByApi } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DEMO, DEMO_ORGANIZATIONS } from '../support/demo';
import { DESK_SIZES, saveScreen, TABLET_SIZES } from '../support/screens';

const T = '/api/tenant-management';
const ZONE = DEMO_ORGANIZATIONS.clinic.timezone;
const STUDENT = 'Noah Bennett';
const THERAPIST = `${DEMO.jordan.firstName} ${DEMO.jordan.lastName}`;

/** Tuesday of next week (weeks start on Sunday, as the calendar shows them) at 7:00 in the clinic's zone. */
function nextWeeksTuesdayAtSeven(): TZDate {
  const today = new TZDate(Date.now(), ZONE);
  return new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + (7 - today.getDay()) + 2, 7, 0, ZONE);
}

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** Books Jordan with Noah next week at 7:00 for 45 minutes, as the owner, through the API. */
async function bookSessionByApi(request: APIRequestContext): Promise<void> {
  const [clinic] = (await json<{ results: Array<{ id: string; code: string }> }>(request, `${T}/organizations/`)).results;
  const therapists = await json<{ results: Array<{ membership_id: string; first_name: string }> }>(
    request,
    `${T}/organization/${clinic!.code}/therapists/?page_size=100&search=${DEMO.jordan.lastName}`,
  );
  const students = await json<{ results: Array<{ id: string }> }>(request, `${T}/organization/${clinic!.code}/students/?search=${STUDENT}`);
  const start = nextWeeksTuesdayAtSeven();
  const response = await request.post(`/api/scheduling/therasessions/?organization_id=${clinic!.id}`, {
    data: {
      organization_id: clinic!.id,
      therapist_id: therapists.results[0]!.membership_id,
      student_id: students.results[0]!.id,
      start_at: new Date(start.getTime()).toISOString(),
      end_at: new Date(start.getTime() + 45 * 60_000).toISOString(),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test.use({ viewport: { width: 1280, height: 800 } });

test('the owner drags a session to another hour of the week, gives the reason, sees it there, and cancels it from its panel', async ({
  page,
}) => {
  test.setTimeout(40_000);
  await signInByApi(page, DEMO.clinicOwner.email);
  await bookSessionByApi(page.request);
  const calendar = new CalendarPage(page);
  await calendar.goto();
  // The address says where the calendar is from the first moment, so a link copied now opens this week.
  await expect(page).toHaveURL(/[?&]view=week&date=\d{4}-\d{2}-\d{2}/);
  await calendar.nextWeek();
  const session = calendar.item(`${STUDENT} with ${THERAPIST}`).filter({ hasText: '7:00' });
  await expect(session).toBeVisible();
  // The block's times in the reader's hour cycle: en-US says AM or PM.
  await expect(session).toContainText(/7:00\s–\s7:45\sAM/);
  await expectNoSeriousA11yViolations(page, 'calendar-week');
  await saveScreen(page, 'calendar-week');

  await calendar.dragDown(session, 1);
  await expect(calendar.dialog.getByRole('heading', { name: 'Move session' })).toBeVisible();
  await expect(calendar.dialog.getByLabel('Start')).toHaveValue('08:00');
  await calendar.dialog.getByRole('button', { name: 'Move session' }).click();
  await expect(calendar.dialog.getByText('Give a reason.')).toBeVisible();
  await calendar.dialog.getByLabel('Reason (required)').fill('The family asked for an hour later.');
  await calendar.dialog.getByRole('button', { name: 'Move session' }).click();

  await expect(calendar.dialog).toBeHidden();
  const moved = calendar.item(`${STUDENT} with ${THERAPIST}`).filter({ hasText: '8:00' });
  await expect(moved).toBeVisible();
  await expect(calendar.item(`${STUDENT} with ${THERAPIST}`).filter({ hasText: '7:00' })).toHaveCount(0);

  // The keyboard opens it too: Enter on the focused session shows its panel, where it is cancelled.
  await moved.focus();
  await page.keyboard.press('Enter');
  await expect(calendar.panel.getByText(/8:00\s–\s8:45\sAM/).first()).toBeVisible();
  await saveScreen(page, 'calendar-session-panel');
  await calendar.panel.getByRole('button', { name: 'Cancel session…' }).click();
  await calendar.dialog.getByLabel('Reason').fill('The family is away that week.');
  await calendar.dialog.getByRole('button', { name: 'Cancel the session' }).click();
  await expect(calendar.item(`Cancelled: ${STUDENT} with ${THERAPIST}`)).toBeVisible();

  // The address keeps the week shown (as the plan's "See the week" link gives it) and the therapist
  // chosen: a reload finds both again.
  await calendar.root.getByRole('combobox', { name: 'Therapist' }).selectOption({ label: THERAPIST });
  await expect(page).toHaveURL(/[?&]view=week&date=\d{4}-\d{2}-\d{2}/);
  await expect(page).toHaveURL(/[?&]therapist=[0-9a-f-]{36}/);
  await page.reload();
  await expect(calendar.item(`Cancelled: ${STUDENT} with ${THERAPIST}`)).toBeVisible();
  await expect(calendar.root.getByRole('combobox', { name: 'Therapist' })).toHaveValue(/[0-9a-f-]{36}/);
  await expect(calendar.root.getByRole('combobox', { name: 'Therapist' }).locator('option:checked')).toHaveText(THERAPIST);
  for (const size of [...TABLET_SIZES, DESK_SIZES[0]]) {
    await page.setViewportSize(size.viewport);
    await saveScreen(page, 'calendar-week-filtered');
  }
});
