import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { PeoplePage } from '../pages/people-roles-pages';
import { StudentRecordPage } from '../pages/student-record-page';
import { signInByApi, uniqueName } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DEMO } from '../support/demo';
import { AT_THE_DESK, DESK_SIZES, saveScreenAtSizes } from '../support/screens';

test.use(AT_THE_DESK);

const T = '/api/tenant-management';
/** A clinic student with Jordan in Applied Behavior Analysis; the goals this journey gives him are its own. */
const STUDENT = 'Noah Bennett';
const ABA = 'Applied Behavior Analysis';
const [DESK] = DESK_SIZES;

async function json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

/** Two goals of this journey's own for the student: one to edit, one that gets a trial from Jordan (data, so it is retired). */
async function seedGoals(request: APIRequestContext, browser: Browser, baseURL: string) {
  const orgs = await json<{ results: { id: string; code: string }[] }>(await request.get(`${T}/organizations/`));
  const { id: orgId, code } = orgs.results[0]!;
  const students = await json<{ results: { id: string }[] }>(await request.get(`${T}/organization/${code}/students/?search=Noah`));
  const studentId = students.results[0]!.id;
  const record = await json<{ departments: { id: string; name: string }[] }>(
    await request.get(`/api/student-record/organization/${orgId}/students/${studentId}/`),
  );
  const departmentId = record.departments.find((d) => d.name === ABA)!.id;
  const goals = `/api/theragoals/organization/${orgId}/assigned-goals/`;
  const create = async (title: string, targets: string[]) =>
    await json<{ goal_id: string; sub_goals: { id: string }[] }>(
      await request.post(goals, {
        data: { student_id: studentId, department_id: departmentId, title, domain: 'Play skills', sub_goals: targets },
      }),
    );
  const edited = { title: uniqueName('Stacks blocks '), targets: ['red', 'blue'] };
  const retired = { title: uniqueName('Rolls a ball '), targets: ['to a peer'] };
  await create(edited.title, edited.targets);
  const withData = await create(retired.title, retired.targets);
  // Jordan scores one trial of it in one of Noah's sessions, as the tablet would.
  const jordan = await browser.newContext({ baseURL });
  await json(await jordan.request.post('/api/users/auth/login/', { data: { email: DEMO.jordan.email, password: 'Thera-demo-2026' } }));
  const sessions = await json<{ results: { id: string; student: { id: string } }[] }>(
    await jordan.request.get('/api/scheduling/therasessions/?page_size=100'),
  );
  const session = sessions.results.find((s) => s.student.id === studentId)!;
  const point = {
    id: crypto.randomUUID(),
    goal_id: withData.goal_id,
    sub_goal_id: withData.sub_goals[0]!.id,
    trial_no: 1,
    kind: 'trial',
    outcome: 'correct',
    prompt_level: null,
    count: null,
    duration_ms: null,
    recorded_at: new Date().toISOString(),
    device_id: 'e2e-record-tablet',
    device_seq: 1,
  };
  await json(
    await jordan.request.post(`/api/collector/sessions/${session.id}/points/`, {
      data: { points: [point] },
      headers: { 'idempotency-key': crypto.randomUUID() },
    }),
  );
  await jordan.close();
  return { edited, retired };
}

test.describe(`the student's page at the ${DESK.name} size`, () => {
  test.use({ viewport: DESK.viewport });

  test('the owner opens a student from People, edits a goal, retires one with data and assigns a therapist', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    await signInByApi(page, DEMO.clinicOwner.email);
    const { edited, retired } = await seedGoals(page.request, browser, baseURL!);

    // From People: the student's name is a link to their page.
    await page.goto('/');
    await new AppShell(page).navigateTo('People');
    const people = new PeoplePage(page);
    await people.tab('Students').click();
    await people.row(STUDENT).getByRole('link', { name: STUDENT }).click();
    const record = new StudentRecordPage(page, STUDENT);
    await expect(record.root.getByRole('heading', { name: 'Placements' })).toBeVisible();
    await expect(record.goal(edited.title)).toContainText('No data yet.');
    await expect(record.goal(retired.title)).toContainText('1 session with data');
    await saveScreenAtSizes(page, 'student-record', DESK_SIZES);
    await expectNoSeriousA11yViolations(page, 'student-record');

    // Edit a goal: planned trials 10 → 12, and its target "blue" renamed "navy".
    await record
      .goal(edited.title)
      .getByRole('button', { name: `Edit ${edited.title}` })
      .click();
    await expect(record.dialog.getByRole('heading', { name: `Edit “${edited.title}”` })).toBeVisible();
    const target = record.dialog.getByLabel('Target 2');
    await target.fill('navy');
    await target.press('Enter');
    await expect(record.goal(edited.title).locator('.record-chip', { hasText: 'navy' })).toBeVisible();
    await record.dialog.getByLabel('Planned trials a session').fill('12');
    await saveScreenAtSizes(page, 'student-record-edit', DESK_SIZES);
    await expectNoSeriousA11yViolations(page, 'student-record-edit');
    await record.dialog.getByRole('button', { name: 'Save goal' }).click();
    await expect(record.dialog).toHaveCount(0);
    await expect(record.goal(edited.title)).toContainText('12 planned a session');

    // The goal with data is retired, not deleted: its data stays.
    await record
      .goal(retired.title)
      .getByRole('button', { name: `Retire ${retired.title}` })
      .click();
    await expect(record.dialog).toContainText('discontinued rather than deleted');
    await record.dialog.getByRole('button', { name: 'Retire (discontinue)' }).click();
    await expect(record.goal(retired.title)).toContainText('Discontinued');
    await expect(record.goal(retired.title)).toContainText('1 session with data');

    // Assign a therapist in a department, then take the assignment back (the demo's Maya keeps her caseload).
    const aba = record.department(ABA);
    await aba.getByRole('button', { name: 'Assign therapist' }).click();
    await record.dialog.getByLabel('Search').fill('Maya');
    await record.dialog.getByRole('button', { name: /^Assign Maya Chen/ }).click();
    await expect(aba.getByRole('list', { name: `Therapists in ${ABA}` })).toContainText('Maya Chen');
    await saveScreenAtSizes(page, 'student-record-assigned', DESK_SIZES);
    await aba.getByRole('button', { name: 'Unassign Maya Chen' }).click();
    await record.dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(aba.getByRole('list', { name: `Therapists in ${ABA}` })).not.toContainText('Maya Chen');
  });
});
