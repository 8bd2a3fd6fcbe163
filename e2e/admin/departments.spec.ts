import { expect, test, type APIRequestContext } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { DepartmentPage, DepartmentsPage } from '../pages/departments-page';
import { signInByApi, uniqueName } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DEMO } from '../support/demo';
import { saveScreen, saveScreenAtSizes, DESK_SIZES, AT_THE_DESK } from '../support/screens';

test.use(AT_THE_DESK);

const T = '/api/tenant-management';
/** A demo student of the clinic already assigned to Jordan (Applied Behavior Analysis): assigning him
 * again in a new department leaves Jordan's collector as it was for the specs that read it. */
const STUDENT = 'Noah Bennett';
const THERAPIST = `${DEMO.jordan.firstName} ${DEMO.jordan.lastName}`;
const OWNER = `${DEMO.clinicOwner.firstName} ${DEMO.clinicOwner.lastName}`;

async function activeOrganizationCode(request: APIRequestContext): Promise<string> {
  const response = await request.get(`${T}/organizations/`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: Array<{ code: string }> }).results[0]!.code;
}

async function createDepartmentByApi(request: APIRequestContext, code: string, name: string): Promise<string> {
  const response = await request.post(`${T}/organization/${code}/departments/`, { data: { name } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const [DESK, LANDSCAPE] = DESK_SIZES;

/** The owner's journey runs in full at the owner's desk; the other size opens the same screens below. */
test.describe(`departments at the ${DESK.name} size`, () => {
  test.use({ viewport: DESK.viewport });

  test('the owner creates a department, builds its team and students, assigns a therapist, reads the history and removes', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const list = new DepartmentsPage(page);
    const name = uniqueName(`Feeding clinic ${DESK.name} `);
    await signInByApi(page, DEMO.clinicOwner.email);
    await page.goto('/');
    await new AppShell(page).navigateTo('Departments');
    await expect(list.row('Applied Behavior Analysis')).toBeVisible();
    const allBefore = Number(await list.stat('All departments').textContent());

    // Create: the contract's schema first, then the server's answer on the field.
    await list.newDepartment.click();
    await list.dialog.getByRole('button', { name: 'Create department' }).click();
    await expect(list.dialog).toContainText('Give the department a name.');
    await list.dialog.getByLabel('Name (required)').fill('speech & LANGUAGE');
    await list.dialog.getByRole('button', { name: 'Create department' }).click();
    await expect(list.dialog).toContainText('A department with this name already exists.');
    await saveScreen(page, 'departments-form-error');
    await expectNoSeriousA11yViolations(page, 'departments-form');
    await list.dialog.getByLabel('Name (required)').fill(name);
    await list.dialog.getByRole('button', { name: 'Create department' }).click();
    await expect(list.dialog).toHaveCount(0);
    await expect(list.row(name)).toContainText('Enabled');
    await expect(list.stat('All departments')).toHaveText(String(allBefore + 1));
    await saveScreen(page, 'departments-list');
    await expectNoSeriousA11yViolations(page, 'departments-list');

    // Search and the enabled filter.
    await list.search.fill(name);
    await expect(list.rows).toHaveCount(1);
    await list.status.selectOption({ label: 'Disabled only' });
    await expect(list.root.getByRole('heading', { name: 'No departments match' })).toBeVisible();
    await list.status.selectOption({ label: 'All departments' });
    await expect(list.rows).toHaveCount(1);

    // Open it: Team.
    await list.row(name).getByRole('link', { name }).click();
    const detail = new DepartmentPage(page, name);
    await expect(detail.tab('Team')).toHaveAttribute('aria-selected', 'true');
    await expect(detail.panel.getByRole('heading', { name: 'No team yet' })).toBeVisible();
    await detail.panel.getByRole('button', { name: 'Add member' }).first().click();
    await expect(detail.dialog.getByRole('heading', { name: 'Add a team member' })).toBeVisible();
    await detail.dialog.getByLabel(/^Search the organization/).fill('Jordan');
    await expect(detail.dialog.getByRole('button', { name: `Add ${THERAPIST}` })).toBeVisible();
    await saveScreen(page, 'department-add-member');
    await expectNoSeriousA11yViolations(page, 'department-add-member');
    await detail.pick('Jordan', THERAPIST);
    await expect(detail.row(THERAPIST)).toContainText('Therapist');
    // The toast says what happened (and is on screen, not on its way, when the screen is checked).
    await expect(page.locator('ion-toast').getByText(`Added ${THERAPIST} to the team`)).toBeVisible();
    await saveScreen(page, 'department-team');
    await expectNoSeriousA11yViolations(page, 'department-team');

    // Students: add one, assign the team's therapist (keyboard: arrows move between tabs).
    await detail.tab('Team').focus();
    await page.keyboard.press('ArrowRight');
    await expect(detail.tab('Students')).toHaveAttribute('aria-selected', 'true');
    await expect(detail.tab('Students')).toBeFocused();
    await detail.panel.getByRole('button', { name: 'Add student' }).first().click();
    await detail.pick('Noah', STUDENT);
    await expect(detail.row(STUDENT)).toContainText('None assigned');
    await expect(page.locator('ion-toast').getByText(`Added ${STUDENT} to the department`)).toBeVisible();
    // The last step's toast doesn't linger to answer this one.
    await expect(page.locator('ion-toast').getByText(`Added ${THERAPIST} to the team`)).toHaveCount(0);
    await detail
      .row(STUDENT)
      .getByRole('button', { name: `Assign a therapist to ${STUDENT}` })
      .click();
    await detail.dialog.getByRole('combobox', { name: 'Therapist' }).selectOption({ label: THERAPIST });
    await saveScreen(page, 'department-assign');
    await expectNoSeriousA11yViolations(page, 'department-assign');
    await detail.dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(detail.dialog).toHaveCount(0);
    await expect(detail.row(STUDENT)).toContainText(THERAPIST);
    await expect(detail.root).toContainText('1 student');
    await saveScreen(page, 'department-students');
    await expectNoSeriousA11yViolations(page, 'department-students');

    // History: readable sentences, newest first.
    await detail.tab('History').click();
    const history = detail.panel.locator('.dept-history__item');
    await expect(history.first()).toContainText(`${OWNER} assigned ${STUDENT} to ${THERAPIST}`);
    await expect(detail.panel).toContainText(`${OWNER} added ${STUDENT} to the department`);
    await expect(detail.panel).toContainText(`${OWNER} added ${THERAPIST} to the team`);
    await expect(detail.panel).toContainText(`${OWNER} created the department “${name}”`);
    await expect(detail.panel.locator('.admin-pagination__range')).toHaveText('1–4 of 4 changes');
    await saveScreen(page, 'department-history');
    await expectNoSeriousA11yViolations(page, 'department-history');

    // Unassign, remove the student and the member (each confirmed).
    await detail.tab('Students').click();
    await detail
      .row(STUDENT)
      .getByRole('button', { name: `Unassign ${THERAPIST} from ${STUDENT}` })
      .click();
    await expect(detail.dialog.getByRole('heading', { name: `Unassign ${THERAPIST}?` })).toBeVisible();
    await detail.dialog.getByRole('button', { name: 'Unassign', exact: true }).click();
    await expect(detail.row(STUDENT)).toContainText('None assigned');
    await detail
      .row(STUDENT)
      .getByRole('button', { name: `Remove ${STUDENT}` })
      .click();
    await expect(detail.dialog.getByRole('heading', { name: `Remove ${STUDENT}?` })).toBeVisible();
    await detail.dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(detail.panel.getByRole('heading', { name: 'No students yet' })).toBeVisible();
    // A spare department made elsewhere meanwhile (before the last change here refreshes the list).
    const code = await activeOrganizationCode(page.request);
    const spare = `${name} spare`;
    const spareId = await createDepartmentByApi(page.request, code, spare);
    await detail.tab('Team').click();
    await detail
      .row(THERAPIST)
      .getByRole('button', { name: `Remove ${THERAPIST}` })
      .click();
    await detail.dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(detail.panel.getByRole('heading', { name: 'No team yet' })).toBeVisible();
    await detail.tab('History').click();
    await expect(history.first()).toContainText(`${OWNER} removed ${THERAPIST} from the team`);
    await expect(detail.panel).toContainText(`${OWNER} unassigned ${STUDENT} from ${THERAPIST}`);

    // Back on the list: bulk delete where one of two went elsewhere meanwhile: the report says which and why.
    await detail.root.getByRole('link', { name: 'All departments' }).click();
    await expect(list.root).toBeVisible();
    await list.search.fill(name);
    await expect(list.rows).toHaveCount(2);
    await list.row(name).getByRole('checkbox').check();
    await list.row(spare).getByRole('checkbox').check();
    expect((await page.request.delete(`${T}/departments/${spareId}/`)).status()).toBe(200);
    await list.bulkBar.getByRole('button', { name: 'Delete selected' }).click();
    await expect(list.dialog.getByRole('heading', { name: 'Delete 2 departments?' })).toBeVisible();
    await list.dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(list.report).toContainText('1 department deleted; 1 could not be deleted:');
    await expect(list.report).toContainText(`${spare}: Department not found.`);
    await saveScreen(page, 'departments-bulk-report');
    await expect(list.root.getByRole('heading', { name: 'No departments match' })).toBeVisible();
  });
});

test.describe('departments for a therapist at the desk', () => {
  test.use({ viewport: DESK.viewport });

  test('a therapist sees departments without manage controls and no history', async ({ page }) => {
    const list = new DepartmentsPage(page);
    await signInByApi(page, DEMO.jordan.email);
    await page.goto('/');
    await new AppShell(page).navigateTo('Departments');
    await expect(list.root).toContainText('only people who manage departments can change them');
    await expect(list.root.getByRole('button', { name: 'New department' })).toHaveCount(0);
    await expect(list.root.getByRole('button', { name: /^(Edit|Delete)/ })).toHaveCount(0);
    await expect(list.table.getByRole('checkbox')).toHaveCount(0);
    await saveScreenAtSizes(page, 'departments-read-only', DESK_SIZES);
    await expectNoSeriousA11yViolations(page, 'departments-read-only');

    await list.row('Applied Behavior Analysis').getByRole('link').click();
    const detail = new DepartmentPage(page, 'Applied Behavior Analysis');
    await expect(detail.row(THERAPIST)).toBeVisible();
    await expect(detail.tab('History')).toHaveCount(0);
    await expect(detail.root.getByRole('button', { name: /^(Add member|Edit|Remove)/ })).toHaveCount(0);
    await detail.tab('Students').click();
    await expect(detail.row(STUDENT)).toContainText(THERAPIST);
    await expect(detail.panel.getByRole('button', { name: /^(Add student|Assign|Unassign|Remove)/ })).toHaveCount(0);
    await saveScreenAtSizes(page, 'department-read-only', DESK_SIZES);
    await expectNoSeriousA11yViolations(page, 'department-read-only');
    // The server is the guard too: the history is refused without audit.view.
    const id = new URL(page.url()).pathname.split('/').pop();
    expect((await page.request.get(`${T}/departments/${id}/history/`)).status()).toBe(403);
  });
});

/** Places a student of the clinic in a department through the API. */
async function placeStudentByApi(request: APIRequestContext, code: string, departmentId: string, search: string): Promise<void> {
  const listed = await request.get(`${T}/organization/${code}/students/`, { params: { search } });
  const student = ((await listed.json()) as { results: Array<{ id: string }> }).results[0]!;
  const placed = await request.post(`${T}/departments/${departmentId}/students/`, { data: { student_id: student.id } });
  expect(placed.status(), await placed.text()).toBe(201);
}

test.describe(`departments at the ${LANDSCAPE.name} size`, () => {
  test.use({ viewport: LANDSCAPE.viewport });

  test("the owner's department screens, dialogs and reports lay out at this size", async ({ page }) => {
    test.setTimeout(120_000);
    // The rows the journey builds by hand come from the API; each screen it passes is opened, checked and pictured.
    const list = new DepartmentsPage(page);
    const name = uniqueName(`Feeding clinic ${LANDSCAPE.name} `);
    await signInByApi(page, DEMO.clinicOwner.email);
    const code = await activeOrganizationCode(page.request);
    const id = await createDepartmentByApi(page.request, code, name);
    await placeStudentByApi(page.request, code, id, 'Noah');
    await list.goto();

    await list.newDepartment.click();
    await list.dialog.getByLabel('Name (required)').fill('speech & LANGUAGE');
    await list.dialog.getByRole('button', { name: 'Create department' }).click();
    await expect(list.dialog).toContainText('A department with this name already exists.');
    await saveScreen(page, 'departments-form-error');
    await expectNoSeriousA11yViolations(page, 'departments-form');
    await list.dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(list.dialog).toHaveCount(0);
    await expect(list.row(name)).toContainText('Enabled');
    await saveScreen(page, 'departments-list');
    await expectNoSeriousA11yViolations(page, 'departments-list');

    await list.row(name).getByRole('link', { name }).click();
    const detail = new DepartmentPage(page, name);
    await detail.panel.getByRole('button', { name: 'Add member' }).first().click();
    await detail.dialog.getByLabel(/^Search the organization/).fill('Jordan');
    await expect(detail.dialog.getByRole('button', { name: `Add ${THERAPIST}` })).toBeVisible();
    await saveScreen(page, 'department-add-member');
    await expectNoSeriousA11yViolations(page, 'department-add-member');
    await detail.pick('Jordan', THERAPIST);
    await expect(detail.row(THERAPIST)).toContainText('Therapist');
    await expect(page.locator('ion-toast').getByText(`Added ${THERAPIST} to the team`)).toBeVisible();
    await saveScreen(page, 'department-team');
    await expectNoSeriousA11yViolations(page, 'department-team');

    await detail.tab('Students').click();
    await detail
      .row(STUDENT)
      .getByRole('button', { name: `Assign a therapist to ${STUDENT}` })
      .click();
    await detail.dialog.getByRole('combobox', { name: 'Therapist' }).selectOption({ label: THERAPIST });
    await saveScreen(page, 'department-assign');
    await expectNoSeriousA11yViolations(page, 'department-assign');
    await detail.dialog.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(detail.row(STUDENT)).toContainText(THERAPIST);
    await saveScreen(page, 'department-students');
    await expectNoSeriousA11yViolations(page, 'department-students');

    await detail.tab('History').click();
    await expect(detail.panel.locator('.dept-history__item').first()).toContainText(`${OWNER} assigned ${STUDENT} to ${THERAPIST}`);
    await saveScreen(page, 'department-history');
    await expectNoSeriousA11yViolations(page, 'department-history');

    // The bulk report where one of two went elsewhere meanwhile.
    const spare = `${name} spare`;
    const spareId = await createDepartmentByApi(page.request, code, spare);
    await detail.root.getByRole('link', { name: 'All departments' }).click();
    await list.search.fill(name);
    await expect(list.rows).toHaveCount(2);
    await list.row(name).getByRole('checkbox').check();
    await list.row(spare).getByRole('checkbox').check();
    expect((await page.request.delete(`${T}/departments/${spareId}/`)).status()).toBe(200);
    await list.bulkBar.getByRole('button', { name: 'Delete selected' }).click();
    await list.dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(list.report).toContainText('1 department deleted; 1 could not be deleted:');
    await saveScreen(page, 'departments-bulk-report');
  });
});
