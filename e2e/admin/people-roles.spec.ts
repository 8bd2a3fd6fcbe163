import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { PeoplePage, RolesPage } from '../pages/people-roles-pages';
import { ServicesPage } from '../pages/services-page';
import { signInByApi } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DEMO } from '../support/demo';
import { saveScreen, DESK_SIZES, AT_THE_DESK } from '../support/screens';

test.use(AT_THE_DESK);

const T = '/api/tenant-management';

async function clinicCode(request: APIRequestContext): Promise<string> {
  const response = await request.get(`${T}/organizations/`);
  expect(response.status()).toBe(200);
  const results = ((await response.json()) as { results: Array<{ code: string; name: string }> }).results;
  return results.find((o) => o.name === 'Harbor Therapy Clinic')!.code;
}

/** Signs in and opens a screen once the server has said what this member may do (the menu follows it). */
async function openAs(page: Page, email: string, path = '/'): Promise<void> {
  await signInByApi(page, email);
  const access = page.waitForResponse((r) => r.url().includes('/my-access/') && r.ok());
  await page.goto(path);
  await access;
}

const [DESK, LANDSCAPE] = DESK_SIZES;

/** The owner's journeys run in full at the owner's desk; the other size opens the same screens below. */
test.describe(`people and roles at the ${DESK.name} size`, () => {
  test.use({ viewport: DESK.viewport });
  const { name: tablet, viewport } = DESK;

  test('the owner sees the three directories and searches them', async ({ page }) => {
    const people = new PeoplePage(page);
    await openAs(page, DEMO.clinicOwner.email);
    await new AppShell(page).navigateTo('People');
    await expect(page).toHaveURL(/\/organization\/people/);
    await expect(people.tab('Therapists')).toHaveAttribute('aria-selected', 'true');
    await expect(people.row('Jordan Reyes')).toContainText('Applied Behavior Analysis');
    await saveScreen(page, 'people-therapists');
    await expectNoSeriousA11yViolations(page, `people-therapists-${tablet}`);

    await people.tab('Students').click();
    await expect(page).toHaveURL(/show=students/);
    await expect(people.row('Leo Thompson')).toContainText('Sarah Thompson');
    await expect(people.row('Noah Bennett')).toContainText('Applied Behavior Analysis');
    // Where a student is: departments, programs and classroom, each a link for the owner.
    await expect(people.row('Noah Bennett').getByRole('link', { name: 'Social Skills Group' })).toHaveAttribute(
      'href',
      /\/organization\/programs\/[0-9a-f-]{36}$/,
    );
    await people.search('students').fill('noah');
    await expect(people.row('Leo Thompson')).toHaveCount(0);
    await expect(people.row('Noah Bennett')).toHaveCount(1);
    await saveScreen(page, 'people-students-search');

    // Keyboard: the arrow key moves to the next tab and opens it.
    await people.tab('Students').focus();
    await page.keyboard.press('ArrowRight');
    await expect(people.tab('Parents')).toHaveAttribute('aria-selected', 'true');
    await expect(people.tab('Parents')).toBeFocused();
    await expect(people.row('Sarah Thompson')).toContainText('Leo Thompson');
    await expect(people.row('Sarah Thompson')).toContainText('Ava Thompson');
    await saveScreen(page, 'people-parents');
    await expectNoSeriousA11yViolations(page, `people-parents-${tablet}`);

    // A department in the directory opens that department.
    await people.tab('Therapists').click();
    await people.row('Jordan Reyes').getByRole('link', { name: 'Applied Behavior Analysis' }).click();
    await expect(page).toHaveURL(/\/organization\/departments\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('tab', { name: 'Team' })).toBeVisible();

    // A therapist's name opens their week (the owner holds dashboard.view), a week at a time.
    await new AppShell(page).navigateTo('People');
    await people.row('Jordan Reyes').getByRole('link', { name: 'Jordan Reyes' }).click();
    await expect(page).toHaveURL(/\/organization\/people\/members\/[0-9a-f-]{36}$/);
    const week = page.getByRole('heading', { name: /^Jordan Reyes’s sessions this week · / });
    await expect(week).toBeVisible();
    const thisWeek = (await week.textContent()) ?? '';
    await page.getByRole('button', { name: /Previous week/ }).click();
    await expect(week).not.toHaveText(thisWeek);
    await expect(page.getByRole('button', { name: 'This week' })).toBeEnabled();
    await expect(page.getByRole('table', { name: 'Workspace hours per day' }).locator('tbody td')).toHaveCount(7);
    await saveScreen(page, 'member-week');
    await expectNoSeriousA11yViolations(page, `member-week-${tablet}`);
  });

  test('a role with services.view only, given to the front desk, limits what they see and what the server answers', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const roleName = `Front desk test ${tablet} ${Date.now().toString(36)}`;
    const roles = new RolesPage(page);
    await openAs(page, DEMO.clinicOwner.email);
    await new AppShell(page).navigateTo('Roles');
    await expect(roles.root).toBeVisible();
    await expect(roles.role('Therapist')).toContainText('Built in');
    await expect(roles.role('Front desk')).toContainText('Built in');
    await expect(roles.role('Front desk')).toContainText('See services and prices');

    // A built-in role cannot be deleted: it offers no Delete, and the row says so in words.
    await expect(roles.role('Front desk').getByRole('button', { name: 'Edit Front desk' })).toBeVisible();
    await expect(roles.role('Front desk').getByRole('button', { name: 'Delete Front desk' })).toHaveCount(0);
    await expect(roles.role('Front desk')).toContainText('it can be changed, not deleted');

    // Create: view and manage per capability; manage brings view with it.
    await roles.newRole.click();
    await expect(roles.dialog.getByRole('heading', { name: 'New role' })).toBeVisible();
    await roles.dialog.getByLabel('Name (required)').fill(roleName);
    await roles.permission('Create, change and delete services').check();
    await expect(roles.permission('See services and prices')).toBeChecked();
    await expect(roles.permission('See services and prices')).toBeDisabled();
    await saveScreen(page, 'roles-form');
    await expectNoSeriousA11yViolations(page, `roles-form-${tablet}`);
    // Services read-only after all: unticking manage frees view, which stays ticked.
    await roles.permission('Create, change and delete services').uncheck();
    await expect(roles.permission('See services and prices')).toBeChecked();
    await expect(roles.permission('See services and prices')).toBeEnabled();
    await roles.dialog.getByRole('button', { name: 'Create role' }).click();
    await expect(roles.dialog).toHaveCount(0);
    await expect(roles.role(roleName)).toContainText('Services: See services and prices');
    await expect(roles.role(roleName)).not.toContainText('Create, change and delete services');
    await expect(roles.membersOf(roleName)).toHaveText('0');

    // Give it to the front desk (Dana Brooks) from the members list.
    const dana = `${DEMO.dana.firstName} ${DEMO.dana.lastName}`;
    await roles.root.getByLabel('Search members').fill('brooks');
    await expect(roles.member(dana)).toHaveCount(1);
    await roles.member(dana).getByLabel(`Role of ${dana}`).selectOption({ label: roleName });
    // (Toasts queue behind the refusal's; the count is the server's answer.)
    await expect(roles.membersOf(roleName)).toHaveText('1');
    await saveScreen(page, 'roles');
    await expectNoSeriousA11yViolations(page, `roles-${tablet}`);

    // A role in use cannot be deleted either: no Delete until its members hold another role.
    await expect(roles.role(roleName).getByRole('button', { name: `Delete ${roleName}` })).toHaveCount(0);
    await expect(roles.role(roleName)).toContainText('In use: give its members another role before deleting it.');
    await expect(roles.role(roleName)).toHaveCount(1);

    // The owner may open a student's record; take Leo's id from the directory.
    const code = await clinicCode(page.request);
    const students = await page.request.get(`${T}/organization/${code}/students/`, { params: { search: 'Leo' } });
    const leo = ((await students.json()) as { results: Array<{ id: string; first_name: string }> }).results[0]!;
    expect((await page.request.get(`/api/collector/students/${leo.id}/history/`)).status()).toBe(200);

    // The front desk signs in: services read-only, no People or Roles, and the server refuses the rest.
    const context = await browser.newContext({ viewport, baseURL: test.info().project.use.baseURL });
    const desk = await context.newPage();
    await openAs(desk, DEMO.dana.email, '/organization/services');
    const services = new ServicesPage(desk);
    await expect(services.root).toBeVisible();
    await expect(services.root.getByText('You can see the services; only people who manage services can change them.')).toBeVisible();
    await expect(services.row('Speech therapy session')).toBeVisible();
    await expect(services.root.getByRole('button', { name: 'New service' })).toHaveCount(0);
    await expect(services.root.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await saveScreen(desk, 'front-desk-services');
    await expectNoSeriousA11yViolations(desk, `front-desk-services-${tablet}`);
    const shell = new AppShell(desk);
    await shell.openMenu();
    await expect(shell.navigation.getByText('Services', { exact: true })).toBeVisible();
    await expect(shell.navigation.getByText('People', { exact: true })).toHaveCount(0);
    await expect(shell.navigation.getByText('Roles', { exact: true })).toHaveCount(0);
    await saveScreen(desk, 'front-desk-menu');
    await shell.closeMenu();
    // "A front-desk person cannot open a child's file": the record call, the directory and a change are refused.
    expect((await desk.request.get(`/api/collector/students/${leo.id}/history/`)).status()).toBe(403);
    expect((await desk.request.get(`${T}/organization/${code}/students/`)).status()).toBe(403);
    expect((await desk.request.post(`${T}/organization/${code}/services/`, { data: { name: 'Nope', price: '1.00' } })).status()).toBe(403);
    // Typed in by hand, the People screen says there is nothing for this role.
    await desk.goto('/organization/people');
    await expect(desk.getByText('Your role does not include the student or team directories.')).toBeVisible();
    await context.close();
  });
});

test.describe(`people and roles at the ${LANDSCAPE.name} size`, () => {
  test.use({ viewport: LANDSCAPE.viewport });
  const { name: tablet, viewport } = LANDSCAPE;

  test("the owner's directories and roles, and the front desk's services and menu, lay out at this size", async ({ page, browser }) => {
    test.setTimeout(120_000);
    // What the desk journeys build and check is theirs; here each screen they pass is opened, checked and pictured.
    const people = new PeoplePage(page);
    await openAs(page, DEMO.clinicOwner.email, '/organization/people');
    await expect(people.row('Jordan Reyes')).toContainText('Applied Behavior Analysis');
    await saveScreen(page, 'people-therapists');
    await expectNoSeriousA11yViolations(page, `people-therapists-${tablet}`);
    await people.tab('Students').click();
    await people.search('students').fill('noah');
    await expect(people.row('Leo Thompson')).toHaveCount(0);
    await expect(people.row('Noah Bennett')).toHaveCount(1);
    await saveScreen(page, 'people-students-search');
    await people.tab('Parents').click();
    await expect(people.row('Sarah Thompson')).toContainText('Leo Thompson');
    await saveScreen(page, 'people-parents');
    await expectNoSeriousA11yViolations(page, `people-parents-${tablet}`);
    await people.tab('Therapists').click();
    await people.row('Jordan Reyes').getByRole('link', { name: 'Jordan Reyes' }).click();
    const week = page.getByRole('heading', { name: /^Jordan Reyes’s sessions this week · / });
    const thisWeek = (await week.textContent()) ?? '';
    await page.getByRole('button', { name: /Previous week/ }).click();
    await expect(week).not.toHaveText(thisWeek);
    await saveScreen(page, 'member-week');
    await expectNoSeriousA11yViolations(page, `member-week-${tablet}`);

    const roles = new RolesPage(page);
    await roles.goto();
    await expect(roles.role('Front desk')).toContainText('Built in');
    await saveScreen(page, 'roles');
    await expectNoSeriousA11yViolations(page, `roles-${tablet}`);
    await roles.newRole.click();
    await roles.dialog.getByLabel('Name (required)').fill(`Front desk test ${tablet}`);
    await roles.permission('Create, change and delete services').check();
    await expect(roles.permission('See services and prices')).toBeDisabled();
    await saveScreen(page, 'roles-form');
    await expectNoSeriousA11yViolations(page, `roles-form-${tablet}`);

    const context = await browser.newContext({ viewport, baseURL: test.info().project.use.baseURL });
    const desk = await context.newPage();
    await openAs(desk, DEMO.dana.email, '/organization/services');
    const services = new ServicesPage(desk);
    await expect(services.row('Speech therapy session')).toBeVisible();
    await saveScreen(desk, 'front-desk-services');
    await expectNoSeriousA11yViolations(desk, `front-desk-services-${tablet}`);
    const shell = new AppShell(desk);
    await shell.openMenu();
    await expect(shell.navigation.getByText('Services', { exact: true })).toBeVisible();
    await saveScreen(desk, 'front-desk-menu');
    await context.close();
  });
});

test('a therapist finds only their own students, is told so, and has no Roles entry', async ({ page }) => {
  const people = new PeoplePage(page);
  await openAs(page, DEMO.jordan.email);
  const shell = new AppShell(page);
  await shell.navigateTo('People');
  await expect(people.tab('Students')).toHaveAttribute('aria-selected', 'true');
  await expect(people.tab('Therapists')).toHaveCount(0);
  await expect(people.root.getByText('You see the students assigned to you.')).toBeVisible();
  await expect(people.row('Leo Thompson')).toHaveCount(1);
  await expect(people.row('Noah Bennett')).toHaveCount(1);
  await expect(people.row('Ava Thompson')).toHaveCount(0); // Maya's student only
  await shell.openMenu();
  await expect(shell.navigation.getByText('Roles', { exact: true })).toHaveCount(0);
});
