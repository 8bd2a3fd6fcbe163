import { expect, test, type APIRequestContext } from '@playwright/test';
import { AdminScreen } from '../pages/classrooms-programs-pages';
import { signInByApi, uniqueName } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DEMO } from '../support/demo';
import { saveScreen, DESK_SIZES, AT_THE_DESK } from '../support/screens';

test.use(AT_THE_DESK);

const T = '/api/tenant-management';
const C = '/api/classrooms';
const [, LANDSCAPE] = DESK_SIZES;

/**
 * The owner's classroom and program journeys run in full at the desk (classrooms-programs.spec.ts);
 * at the tablet's landscape size the rows they build come from the API, and each screen and dialog
 * they pass is opened, checked with axe and pictured under the same name.
 */
test.describe(`classrooms and programs at the ${LANDSCAPE.name} size`, () => {
  test.use({ viewport: LANDSCAPE.viewport });

  let code = '';
  test.beforeEach(async ({ page }) => {
    await signInByApi(page, DEMO.clinicOwner.email);
    const response = await page.request.get(`${T}/organizations/`);
    expect(response.status()).toBe(200);
    code = ((await response.json()) as { results: Array<{ code: string }> }).results[0]!.code;
  });

  test('the bulk delete confirmations of classrooms, programs and departments', async ({ page }) => {
    for (const [kind, path, noun] of [
      ['Classrooms', `${C}/organization/${code}/classrooms/`, 'classrooms'],
      ['Programs', `${T}/organization/${code}/programs/`, 'programs'],
      ['Departments', `${T}/organization/${code}/departments/`, 'departments'],
    ] as const) {
      const prefix = uniqueName(`Paged ${LANDSCAPE.name} `);
      for (const i of ['01', '02', '03']) {
        const made = await page.request.post(path, { data: { name: `${prefix} ${i}` } });
        expect(made.status(), await made.text()).toBe(201);
      }
      const list = new AdminScreen(page, kind, kind);
      await page.goto(`/organization/${noun}?q=${encodeURIComponent(prefix)}`);
      await expect(list.range).toHaveText(`1–3 of 3 ${noun}`);
      for (const i of ['01', '02', '03']) {
        await list.select(`${prefix} ${i}`);
      }
      await expect(list.bulkBar).toContainText(`3 ${noun} selected`);
      await list.bulkBar.getByRole('button', { name: 'Delete selected' }).click();
      await expect(list.dialog.getByRole('heading', { name: `Delete 3 ${noun}?` })).toBeVisible();
      await saveScreen(page, `${noun}-bulk-confirm`);
      await list.confirm('Delete');
      await expect(list.rows).toHaveCount(0);
    }
  });

  test('the classroom form, list, detail and capacity refusal', async ({ page }) => {
    const name = uniqueName(`Cedar room ${LANDSCAPE.name} `);
    const list = new AdminScreen(page, 'Classrooms', 'Classrooms');
    const jordan = await membershipId(page.request, code, 'Jordan');
    const made = await page.request.post(`${C}/organization/${code}/classrooms/`, {
      data: { name, grade_level: 'Grade 2', room: 'Room 12', capacity: 1, homeroom_membership_id: jordan },
    });
    expect(made.status(), await made.text()).toBe(201);
    const classroomId = ((await made.json()) as { id: string }).id;
    const seated = await page.request.post(`${C}/classrooms/${classroomId}/students/`, {
      data: { student_id: await studentId(page.request, code, 'Leo') },
    });
    expect(seated.status(), await seated.text()).toBe(201);

    await page.goto('/organization/classrooms');
    await list.button('New classroom').click();
    await list.field('Name (required)').fill(`${name} form`);
    await list.field('Grade level').fill('Grade 2');
    await list.field('Room').fill('Room 12');
    await list.field('Capacity').fill('1');
    await expect(list.dialog.getByRole('combobox', { name: 'Homeroom teacher' })).toBeEnabled();
    await list.dialog.getByRole('combobox', { name: 'Homeroom teacher' }).selectOption({ label: 'Jordan Reyes' });
    await saveScreen(page, 'classrooms-form');
    await expectNoSeriousA11yViolations(page, 'classrooms-form');
    await list.dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(list.dialog).toHaveCount(0);
    await list.root.getByLabel('Search classrooms').fill(name);
    await expect(list.rows).toHaveCount(1);
    await expect(list.row(name)).toContainText('Jordan Reyes');
    await saveScreen(page, 'classrooms-list');
    await expectNoSeriousA11yViolations(page, 'classrooms-list');

    await list.row(name).getByRole('link', { name }).click();
    const detail = new AdminScreen(page, name, 'Students');
    await expect(detail.row('Leo Thompson')).toBeVisible();
    await detail.button('Seat a student').click();
    await expect(detail.dialog).toContainText(`${name} is full (1 of 1 seat)`);
    await detail.pick('Noah', 'Seat', 'Noah Bennett');
    await expect(detail.dialog.getByRole('alert')).toHaveText(`Unable to add student: ${name} is full: 1 of 1 seats are taken.`);
    await saveScreen(page, 'classroom-capacity-refusal');
    await expectNoSeriousA11yViolations(page, 'classroom-capacity-refusal');
    await detail.dialog.getByRole('button', { name: 'Close' }).click();
    await expect(detail.dialog).toHaveCount(0);
    await saveScreen(page, 'classroom-detail');
    await expectNoSeriousA11yViolations(page, 'classroom-detail');
    expect((await page.request.delete(`${C}/organization/${code}/classrooms/${classroomId}/`)).status()).toBe(200);
  });

  test('the program list and its Students, Team and Departments tabs', async ({ page }) => {
    const name = uniqueName(`Reading club ${LANDSCAPE.name} `);
    const list = new AdminScreen(page, 'Programs', 'Programs');
    const made = await page.request.post(`${T}/organization/${code}/programs/`, {
      data: { name, description: 'Shared reading, twice a week.' },
    });
    expect(made.status(), await made.text()).toBe(201);
    const programId = ((await made.json()) as { id: string }).id;

    await page.goto('/organization/programs');
    await expect(list.row(name)).toContainText('Shared reading, twice a week.');
    await saveScreen(page, 'programs-list');
    await expectNoSeriousA11yViolations(page, 'programs-list');

    await list.row(name).getByRole('link', { name }).click();
    const detail = new AdminScreen(page, name, 'Students');
    await detail.button('Add student').click();
    await detail.pick('Noah', 'Add', 'Noah Bennett');
    await expect(detail.row('Noah Bennett')).toContainText('Active');
    // The toast is on screen, not on its way, when the screen is checked.
    await expect(page.locator('ion-toast').getByText(`Added Noah Bennett to ${name}.`)).toBeVisible();
    await saveScreen(page, 'program-students');
    await expectNoSeriousA11yViolations(page, 'program-students');
    await detail.tab('Team').click();
    await expect(detail.root.getByRole('tabpanel')).toContainText(/team member|No team yet/);
    await saveScreen(page, 'program-team');
    await expectNoSeriousA11yViolations(page, 'program-team');
    await detail.tab('Departments').click();
    await expect(detail.root.getByRole('table', { name: 'Departments' })).toContainText('Applied Behavior Analysis');
    await saveScreen(page, 'program-departments');
    expect((await page.request.delete(`${T}/programs/${programId}/`)).status()).toBe(200);
  });
});

async function membershipId(request: APIRequestContext, code: string, search: string): Promise<string> {
  const response = await request.get(`${T}/organization-members/${code}/`, { params: { search } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: Array<{ membership_id: string }> }).results[0]!.membership_id;
}

async function studentId(request: APIRequestContext, code: string, search: string): Promise<string> {
  const response = await request.get(`${T}/organization/${code}/students/`, { params: { search } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: Array<{ id: string }> }).results[0]!.id;
}
