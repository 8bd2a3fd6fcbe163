import { expect, test, type APIRequestContext } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { AdminScreen } from '../pages/classrooms-programs-pages';
import { signInByApi, uniqueName } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DEMO } from '../support/demo';
import { saveScreen, saveScreenAtSizes, DESK_SIZES, AT_THE_DESK } from '../support/screens';

test.use(AT_THE_DESK);

const T = '/api/tenant-management';
const C = '/api/classrooms';

async function activeOrganizationCode(request: APIRequestContext): Promise<string> {
  const response = await request.get(`${T}/organizations/`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: Array<{ code: string }> }).results[0]!.code;
}

const [DESK] = DESK_SIZES;

/** The owner's journeys run in full at the owner's desk; classrooms-programs-layout.spec.ts opens their screens at the other size. */
test.describe(`classrooms and programs at the ${DESK.name} size`, () => {
  test.use({ viewport: DESK.viewport });

  test('the owner searches, pages and bulk deletes classrooms, programs and departments', async ({ page }) => {
    test.setTimeout(120_000);
    await signInByApi(page, DEMO.clinicOwner.email);
    const code = await activeOrganizationCode(page.request);
    for (const [kind, path, noun] of [
      ['Classrooms', `${C}/organization/${code}/classrooms/`, 'classrooms'],
      ['Programs', `${T}/organization/${code}/programs/`, 'programs'],
      ['Departments', `${T}/organization/${code}/departments/`, 'departments'],
    ] as const) {
      // Twelve of a kind, made through the API: enough for two pages of ten.
      const prefix = uniqueName(`Paged ${DESK.name} `);
      for (let i = 1; i <= 12; i += 1) {
        const made = await page.request.post(path, { data: { name: `${prefix} ${String(i).padStart(2, '0')}` } });
        expect(made.status(), await made.text()).toBe(201);
      }
      const list = new AdminScreen(page, kind, kind);
      await page.goto('/');
      await new AppShell(page).navigateTo(kind);
      await list.root.getByLabel(`Search ${noun}`).fill(prefix);
      await expect(list.range).toHaveText(`1–12 of 12 ${noun}`);
      await list.pageSize.selectOption('10');
      await expect(list.range).toHaveText(`1–10 of 12 ${noun}`);
      await list.next.click();
      await expect(list.range).toHaveText(`11–12 of 12 ${noun}`);
      await expect(list.rows).toHaveCount(2);
      await list.previous.click();
      await expect(list.rows).toHaveCount(10);

      // Bulk delete: the confirmation names how many; the list and its count follow.
      for (const i of ['01', '02', '03']) {
        await list.select(`${prefix} ${i}`);
      }
      await expect(list.bulkBar).toContainText(`3 ${noun} selected`);
      await list.bulkBar.getByRole('button', { name: 'Delete selected' }).click();
      await expect(list.dialog.getByRole('heading', { name: `Delete 3 ${noun}?` })).toBeVisible();
      await saveScreen(page, `${noun}-bulk-confirm`);
      await list.confirm('Delete');
      await expect(list.range).toHaveText(`1–9 of 9 ${noun}`);
      await expect(list.row(`${prefix} 01`)).toHaveCount(0);
    }
  });

  test('the owner seats a student in a one-seat classroom and is told why a second does not fit', async ({ page }) => {
    test.setTimeout(120_000);
    const name = uniqueName(`Cedar room ${DESK.name} `);
    const list = new AdminScreen(page, 'Classrooms', 'Classrooms');
    await signInByApi(page, DEMO.clinicOwner.email);
    await page.goto('/');
    await new AppShell(page).navigateTo('Classrooms');
    await expect(list.root).toBeVisible();

    // Create: the contract's schema checks first, then the server.
    await list.button('New classroom').click();
    await expect(list.dialog.getByRole('heading', { name: 'New classroom' })).toBeVisible();
    await list.dialog.getByRole('button', { name: 'Create classroom' }).click();
    await expect(list.dialog).toContainText('Give the classroom a name.');
    await list.field('Name (required)').fill(name);
    await list.field('Grade level').fill('Grade 2');
    await list.field('Room').fill('Room 12');
    await list.field('Capacity').fill('1');
    await expect(list.dialog.getByRole('combobox', { name: 'Homeroom teacher' })).toBeEnabled();
    await list.dialog.getByRole('combobox', { name: 'Homeroom teacher' }).selectOption({ label: 'Jordan Reyes' });
    await saveScreen(page, 'classrooms-form');
    await expectNoSeriousA11yViolations(page, 'classrooms-form');
    await list.dialog.getByRole('button', { name: 'Create classroom' }).click();
    await expect(list.dialog).toHaveCount(0);
    await list.root.getByLabel('Search classrooms').fill(name);
    await expect(list.rows).toHaveCount(1);
    await expect(list.row(name)).toContainText('0 of 1 seat');
    await expect(list.row(name)).toContainText('Jordan Reyes');
    await expect(list.row(name)).toContainText('Enabled');
    await expect(list.stat('All classrooms')).not.toHaveText('0');
    await saveScreen(page, 'classrooms-list');
    await expectNoSeriousA11yViolations(page, 'classrooms-list');

    // Detail: seat one student, then the capacity refusal for a second, with the server's reason.
    await list.row(name).getByRole('link', { name }).click();
    const detail = new AdminScreen(page, name, 'Students');
    await expect(detail.root.getByRole('heading', { name: 'No students in this classroom yet' })).toBeVisible();
    await expect(detail.root).toContainText('Grade 2 · Room 12 · 0 of 1 seat · Homeroom teacher: Jordan Reyes');
    await detail.button('Seat a student').click();
    await detail.pick('Leo', 'Seat', 'Leo Thompson');
    await expect(detail.dialog).toHaveCount(0);
    await expect(detail.row('Leo Thompson')).toBeVisible();
    await expect(detail.root).toContainText('1 of 1 seat');

    await detail.button('Seat a student').click();
    await expect(detail.dialog).toContainText(`${name} is full (1 of 1 seat)`);
    await detail.pick('Noah', 'Seat', 'Noah Bennett');
    await expect(detail.dialog.getByRole('alert')).toHaveText(`Unable to add student: ${name} is full: 1 of 1 seats are taken.`);
    await saveScreen(page, 'classroom-capacity-refusal');
    await expectNoSeriousA11yViolations(page, 'classroom-capacity-refusal');
    await detail.dialog.getByRole('button', { name: 'Close' }).click();
    await expect(detail.dialog).toHaveCount(0);
    await expect(detail.row('Noah Bennett')).toHaveCount(0);
    await saveScreen(page, 'classroom-detail');
    await expectNoSeriousA11yViolations(page, 'classroom-detail');

    // Take the student out again, then delete the classroom from the list.
    await detail.row('Leo Thompson').getByRole('button', { name: 'Remove Leo Thompson' }).click();
    await expect(detail.dialog.getByRole('heading', { name: `Remove Leo Thompson from ${name}?` })).toBeVisible();
    await detail.confirm('Remove');
    await expect(detail.root.getByRole('heading', { name: 'No students in this classroom yet' })).toBeVisible();
    await detail.root.getByRole('link', { name: '‹ All classrooms' }).click();
    await expect(list.row(name)).toContainText('0 of 1 seat');
    await list
      .row(name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    await list.confirm('Delete');
    await expect(list.row(name)).toHaveCount(0);
  });

  test('the owner creates a program, adds a student from the candidates and removes them', async ({ page }) => {
    test.setTimeout(120_000);
    const name = uniqueName(`Reading club ${DESK.name} `);
    const list = new AdminScreen(page, 'Programs', 'Programs');
    await signInByApi(page, DEMO.clinicOwner.email);
    await page.goto('/');
    await new AppShell(page).navigateTo('Programs');
    await expect(list.row('Early Intervention')).toBeVisible();

    await list.button('New program').click();
    await list.field('Name (required)').fill(name);
    await list.field('Description').fill('Shared reading, twice a week.');
    await list.dialog.getByRole('button', { name: 'Create program' }).click();
    await expect(list.dialog).toHaveCount(0);
    await expect(list.row(name)).toContainText('Shared reading, twice a week.');
    await saveScreen(page, 'programs-list');
    await expectNoSeriousA11yViolations(page, 'programs-list');

    await list.row(name).getByRole('link', { name }).click();
    const detail = new AdminScreen(page, name, 'Students');
    await expect(detail.tab('Students')).toHaveAttribute('aria-selected', 'true');
    await expect(detail.root.getByRole('heading', { name: 'No students in this program yet' })).toBeVisible();
    await detail.button('Add student').click();
    await expect(detail.dialog.getByRole('heading', { name: `Add a student to ${name}` })).toBeVisible();
    await detail.pick('Noah', 'Add', 'Noah Bennett');
    await expect(detail.dialog).toHaveCount(0);
    await expect(detail.row('Noah Bennett')).toContainText('Active');
    // The toast is on screen, not on its way, when the screen is checked.
    await expect(page.locator('ion-toast').getByText(`Added Noah Bennett to ${name}.`)).toBeVisible();
    await saveScreen(page, 'program-students');
    await expectNoSeriousA11yViolations(page, 'program-students');

    // The other tabs, by keyboard: arrows move between them.
    await detail.tab('Students').focus();
    await page.keyboard.press('ArrowRight');
    await expect(detail.tab('Team')).toHaveAttribute('aria-selected', 'true');
    await expect(detail.tab('Team')).toBeFocused();
    await expect(detail.root.getByRole('tabpanel')).toContainText(/team member|No team yet/);
    await saveScreen(page, 'program-team');
    await expectNoSeriousA11yViolations(page, 'program-team');
    await page.keyboard.press('ArrowRight');
    await expect(detail.tab('Departments')).toHaveAttribute('aria-selected', 'true');
    await expect(detail.root.getByRole('table', { name: 'Departments' })).toContainText('Applied Behavior Analysis');
    await saveScreen(page, 'program-departments');

    await detail.tab('Students').click();
    await detail.row('Noah Bennett').getByRole('button', { name: 'Remove Noah Bennett' }).click();
    await detail.confirm('Remove');
    await expect(detail.root.getByRole('heading', { name: 'No students in this program yet' })).toBeVisible();

    await detail.root.getByRole('link', { name: '‹ All programs' }).click();
    await list
      .row(name)
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    await list.confirm('Delete');
    await expect(list.row(name)).toHaveCount(0);
  });
});

test.describe('classrooms and programs for a therapist at the desk', () => {
  test.use({ viewport: DESK.viewport });

  test('a therapist sees classrooms and programs without manage controls', async ({ browser, page }) => {
    test.setTimeout(90_000);
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signInByApi(owner, DEMO.clinicOwner.email);
    const code = await activeOrganizationCode(owner.request);
    const classroom = uniqueName('Maple room ');
    const created = await owner.request.post(`${C}/organization/${code}/classrooms/`, { data: { name: classroom, capacity: 8 } });
    expect(created.status(), await created.text()).toBe(201);
    await ownerContext.close();

    await signInByApi(page, DEMO.jordan.email);
    // The server refuses what the screen hides.
    const refused = await page.request.post(`${C}/organization/${code}/classrooms/`, { data: { name: `${classroom} 2` } });
    expect(refused.status()).toBe(403);

    // Read-only areas outside a therapist's daily work have no menu entry (src/shared/access/menu-areas.ts);
    // Departments, where their teams and students are, has one.
    const shell = new AppShell(page);
    const access = page.waitForResponse((r) => r.url().includes('/my-access/') && r.ok());
    await page.goto('/');
    await access;
    await shell.openMenu();
    await expect(shell.navigation.getByText('Departments', { exact: true })).toBeVisible();
    for (const hidden of ['Services', 'Programs', 'Classrooms']) {
      await expect(shell.navigation.getByText(hidden, { exact: true })).toHaveCount(0);
    }
    await shell.closeMenu();

    // Their addresses still open, read-only.
    const list = new AdminScreen(page, 'Classrooms', 'Classrooms');
    await page.goto('/organization/classrooms');
    await expect(list.row(classroom)).toContainText('0 of 8 seats');
    await expect(list.root).toContainText('only people who manage classrooms can change them');
    await expect(list.root.getByRole('button', { name: 'New classroom' })).toHaveCount(0);
    await expect(list.root.getByRole('button', { name: /^(Edit|Delete)/ })).toHaveCount(0);
    await expect(list.table.getByRole('checkbox')).toHaveCount(0);
    await saveScreenAtSizes(page, 'classrooms-read-only', DESK_SIZES);
    await expectNoSeriousA11yViolations(page, 'classrooms-read-only');
    await list.row(classroom).getByRole('link', { name: classroom }).click();
    const room = new AdminScreen(page, classroom, 'Students');
    await expect(room.root.getByRole('heading', { name: 'No students in this classroom yet' })).toBeVisible();
    await expect(room.root.getByRole('button', { name: /Seat a student|Edit classroom/ })).toHaveCount(0);

    const programs = new AdminScreen(page, 'Programs', 'Programs');
    await page.goto('/organization/programs');
    await expect(programs.row('Early Intervention')).toBeVisible();
    await expect(programs.root.getByRole('button', { name: /^(New program|Edit|Delete)/ })).toHaveCount(0);
    await programs.row('Early Intervention').getByRole('link', { name: 'Early Intervention' }).click();
    const program = new AdminScreen(page, 'Early Intervention', 'Students');
    await expect(program.row('Leo Thompson')).toBeVisible();
    await expect(program.root.getByRole('button', { name: /^(Add student|Remove|Edit program)/ })).toHaveCount(0);
    await saveScreenAtSizes(page, 'program-read-only', DESK_SIZES);
    await expectNoSeriousA11yViolations(page, 'program-read-only');
  });
});
