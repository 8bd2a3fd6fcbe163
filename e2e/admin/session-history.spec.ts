import { TZDate } from '@date-fns/tz';
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { CalendarPage } from '../pages/calendar-page';
import { signInByApi } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DEMO, DEMO_ORGANIZATIONS } from '../support/demo';
import { AT_THE_DESK, DESK_SIZES, saveScreenAtSizes } from '../support/screens';

const T = '/api/tenant-management';
const S = '/api/scheduling/therasessions';
const ZONE = DEMO_ORGANIZATIONS.clinic.timezone;
const STUDENT = 'Noah Bennett';
const THERAPIST = `${DEMO.jordan.firstName} ${DEMO.jordan.lastName}`;
const NOTE = 'Noah greeted two peers at arrival without a prompt; waved at the end of the session.';

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  expect(response.status(), `${what}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Today at an hour in the clinic's zone, before the demo's own sessions of the day. */
function todayAt(hour: number): Date {
  const now = new TZDate(Date.now(), ZONE);
  return new Date(new TZDate(now.getFullYear(), now.getMonth(), now.getDate(), hour, 0, ZONE).getTime());
}

/**
 * Books Jordan with Noah today at `hour` and runs it through the API as a tablet would: started, a
 * greeting counted, ended with `note` (or none). Answers the session's and the student's ids.
 */
async function runSessionByApi(request: APIRequestContext, hour: number, note: string) {
  const [clinic] = (await ok<{ results: Array<{ id: string; code: string }> }>(await request.get(`${T}/organizations/`), 'organizations'))
    .results;
  const org = `organization_id=${clinic!.id}`;
  const therapists = await ok<{ results: Array<{ membership_id: string }> }>(
    await request.get(`${T}/organization/${clinic!.code}/therapists/?page_size=100&search=${DEMO.jordan.lastName}`),
    'therapists',
  );
  const students = await ok<{ results: Array<{ id: string }> }>(
    await request.get(`${T}/organization/${clinic!.code}/students/?search=${STUDENT}`),
    'students',
  );
  const studentId = students.results[0]!.id;
  const start = todayAt(hour);
  const session = await ok<{ id: string }>(
    await request.post(`${S}/?${org}`, {
      data: {
        organization_id: clinic!.id,
        therapist_id: therapists.results[0]!.membership_id,
        student_id: studentId,
        start_at: start.toISOString(),
        end_at: new Date(start.getTime() + 45 * 60_000).toISOString(),
      },
    }),
    'book',
  );
  const goals = await ok<{ results: Array<{ goal_id: string; measurement: string }> }>(
    await request.get(`/api/theragoals/organization/${clinic!.id}/assigned-goals/?student_ids=${studentId}`),
    'goals',
  );
  const greeting = goals.results.find((g) => g.measurement === 'frequency')!;
  await ok(await request.post(`${S}/${session.id}/start/?${org}`, { data: { shift_to_now: false } }), 'start');
  const point = {
    id: randomUUID(),
    goal_id: greeting.goal_id,
    sub_goal_id: null,
    trial_no: 1,
    kind: 'frequency',
    outcome: null,
    prompt_level: null,
    count: 2,
    duration_ms: null,
  };
  const stamp = { recorded_at: new Date().toISOString(), device_id: `e2e-tablet-${hour}`, device_seq: 1 };
  await ok(
    await request.post(`/api/collector/sessions/${session.id}/points/?${org}`, { data: { points: [{ ...point, ...stamp }] } }),
    'points',
  );
  await ok(
    await request.post(`${S}/${session.id}/end/?${org}`, { data: { action: 'completed', note, client_now: new Date().toISOString() } }),
    'end',
  );
  return { sessionId: session.id, studentId };
}

test.use({ ...AT_THE_DESK, viewport: { width: 1280, height: 800 } });

test('the owner opens a session from the calendar, reads its note in the history, and finds a session without a note in the caseload', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInByApi(page, DEMO.clinicOwner.email);
  const noted = await runSessionByApi(page.request, 7, NOTE);
  const unnoted = await runSessionByApi(page.request, 8, '');

  const calendar = new CalendarPage(page);
  await calendar.goto();
  await calendar.item(`${STUDENT} with ${THERAPIST}`).filter({ hasText: '7:00' }).click();
  await calendar.panel.getByRole('link', { name: 'Results and note in the session history' }).click();
  await expect(page).toHaveURL(new RegExp(`/organization/students/${noted.studentId}/sessions\\?session=${noted.sessionId}`));

  // The history opens at that session, expanded: its note in full and what was counted.
  const row = page.locator(`#session-${noted.sessionId}`);
  await expect(row.getByRole('button', { expanded: true })).toBeFocused();
  await expect(row.getByText(NOTE)).toBeVisible();
  await expect(row.getByRole('table', { name: 'Results by goal' })).toContainText('Greets peers spontaneously');
  await expect(row.getByRole('table', { name: 'Results by goal' })).toContainText('2 counted');
  // Older sessions of the demo's weeks are there too, closed until opened.
  await expect(
    page
      .getByRole('list', { name: `Sessions of ${STUDENT}` })
      .getByRole('button', { expanded: false })
      .first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'session-history');
  await saveScreenAtSizes(page, 'session-history', DESK_SIZES);

  // The caseload's "No note" filter lists the session that ended without one, and leads to it.
  await page.goto('/organization/caseload');
  await page.getByRole('tab', { name: /^No note/ }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: STUDENT }) });
  await expect(card.getByRole('heading', { name: 'Sessions without a note' })).toBeVisible();
  const link = card.locator(`a[href$="session=${unnoted.sessionId}"]`);
  await expect(link).toContainText(THERAPIST);
  await expect(card.getByRole('heading', { name: 'Near mastery' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'caseload');
  await saveScreenAtSizes(page, 'caseload-no-note', DESK_SIZES);
  await page.getByRole('tab', { name: 'All' }).click();
  // Without a filter, the goals near their criterion (the demo's rising ones) show too.
  await expect(page.getByRole('heading', { name: 'Near mastery' }).first()).toBeVisible();
  await saveScreenAtSizes(page, 'caseload-all', DESK_SIZES);
  await link.click();
  await expect(page.locator(`#session-${unnoted.sessionId}`).getByText('No note was written at the end of this session.')).toBeVisible();
});
