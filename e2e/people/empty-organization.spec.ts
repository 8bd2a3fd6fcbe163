import { expect, test, type Page } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { DepartmentPage, DepartmentsPage } from '../pages/departments-page';
import { EnrollmentScreen } from '../pages/enrollments-pages';
import { InvitationsTab, MyOrganizationsPage } from '../pages/invitations-pages';
import { MemberPage } from '../pages/memberships-pages';
import { PeoplePage } from '../pages/people-roles-pages';
import { RegisterPage } from '../pages/register-page';
import { uniqueEmail, uniqueName } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { saveScreen } from '../support/screens';
import { targetGroup } from '../support/collector-helpers';

const PASSWORD = 'e2e long passphrase 1';
const T = '/api/tenant-management';

/** Schedules a session for the student today, as the owner, through the API: the app has no screen to schedule one yet. */
async function scheduleTodayByApi(owner: Page, studentName: string): Promise<void> {
  const organizations = await owner.request.get(`${T}/organizations/`);
  const organization = ((await organizations.json()) as { results: Array<{ id: string; code: string }> }).results[0]!;
  const listed = await owner.request.get(`${T}/organization/${organization.code}/students/?search=${encodeURIComponent(studentName)}`);
  const student = ((await listed.json()) as { results: Array<{ id: string; therapists: Array<{ membership_id: string }> }> }).results[0]!;
  const departments = await owner.request.get(`${T}/organization/${organization.code}/departments/`);
  const department = ((await departments.json()) as { results: Array<{ id: string }> }).results[0]!;
  // A slot a few minutes from now: Today lists today's and tomorrow's sessions, so it shows whatever the hour.
  const start = Math.ceil(Date.now() / 60_000) * 60_000 + 5 * 60_000;
  const created = await owner.request.post(`/api/scheduling/therasessions/?organization_id=${organization.id}`, {
    data: {
      organization_id: organization.id,
      therapist_id: student.therapists[0]!.membership_id,
      student_id: student.id,
      department_id: department.id,
      start_at: new Date(start).toISOString(),
      end_at: new Date(start + 30 * 60_000).toISOString(),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
}

test('from an empty organization: an owner and a therapist register, join, enroll, assign, run a session and part', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = page;
  await owner.setViewportSize({ width: 1280, height: 800 });
  const organizationName = `Journey Clinic ${Math.random().toString(36).slice(2, 7)}`;
  const therapistName = { first: uniqueName('Robin'), last: uniqueName('Hale') };
  const therapistFull = `${therapistName.first} ${therapistName.last}`;

  // The owner registers with a new clinic.
  const ownerRegister = new RegisterPage(owner);
  await ownerRegister.goto();
  await ownerRegister.registerOwner({
    firstName: 'Olivia',
    lastName: uniqueName('Stone'),
    email: uniqueEmail('owner'),
    password: PASSWORD,
    organizationName,
    kind: 'Clinic',
    timezone: 'Europe/Berlin',
  });
  await expect(owner.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await saveScreen(owner, 'journey-owner-home');

  // The therapist registers in a browser of their own and reads their code off Home.
  const therapistContext = await browser.newContext({ viewport: { width: 1024, height: 768 }, baseURL: test.info().project.use.baseURL });
  const therapist = await therapistContext.newPage();
  const therapistRegister = new RegisterPage(therapist);
  await therapistRegister.goto();
  await therapistRegister.registerTherapist({
    firstName: therapistName.first,
    lastName: therapistName.last,
    email: uniqueEmail('therapist'),
    password: PASSWORD,
  });
  const codeValue = therapist.locator('.therapist-code__value');
  await expect(codeValue).toBeVisible();
  const code = (await codeValue.textContent())!.trim();
  await saveScreen(therapist, 'journey-therapist-home');

  // The owner invites by that code from People.
  const shell = new AppShell(owner);
  await shell.navigateTo('People');
  const invitations = new InvitationsTab(owner);
  await expect(invitations.root.getByRole('heading', { name: 'No therapists yet' })).toBeVisible();
  await saveScreen(owner, 'journey-owner-people-empty');
  await invitations.root.getByRole('button', { name: 'Invite a therapist' }).first().click();
  await invitations.dialog.getByLabel('Therapist code').fill(code);
  await invitations.dialog.getByRole('button', { name: 'Find therapist' }).click();
  await invitations.dialog.getByText(`Found: ${therapistFull}`).waitFor();
  await saveScreen(owner, 'journey-invite-dialog');
  await expectNoSeriousA11yViolations(owner, 'journey-invite-dialog');
  await invitations.dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invitations.dialog).toHaveCount(0);
  await saveScreen(owner, 'journey-owner-invited');

  // The therapist accepts on My organizations.
  await therapist.goto('/my-organizations');
  const mine = new MyOrganizationsPage(therapist);
  await expect(mine.invitation(organizationName)).toBeVisible();
  await saveScreen(therapist, 'journey-therapist-invitation');
  await expectNoSeriousA11yViolations(therapist, 'journey-my-organizations');
  await mine
    .invitation(organizationName)
    .getByRole('button', { name: `Join ${organizationName}` })
    .click();
  await expect(mine.memberships()).toContainText('Active');
  await saveScreen(therapist, 'journey-therapist-joined');

  // The owner makes a department and puts the therapist in its team.
  await shell.navigateTo('Departments');
  const departments = new DepartmentsPage(owner);
  await saveScreen(owner, 'journey-departments-empty');
  await departments.newDepartment.click();
  await departments.dialog.getByLabel('Name (required)').fill('Speech therapy');
  await departments.dialog.getByRole('button', { name: 'Create department' }).click();
  await expect(departments.dialog).toHaveCount(0);
  await departments.row('Speech therapy').getByRole('link', { name: 'Speech therapy' }).click();
  const department = new DepartmentPage(owner, 'Speech therapy');
  await department.panel.getByRole('button', { name: 'Add member' }).first().click();
  await department.pick(therapistName.first, therapistFull);
  await saveScreen(owner, 'journey-department-team');

  // Templates the owner writes first, then the enrollment of a new student with both.
  await shell.navigateTo('Contract templates');
  const templates = new EnrollmentScreen(owner, 'Contract templates');
  await templates.newButton('contract template').click();
  await templates.field('Name (required)').fill('Therapy agreement');
  await templates.field(/^Contract text/).fill('<p>Therapy for {{student_name}} from {{start_date}}.</p>');
  await templates.save('Create contract template');
  await shell.navigateTo('Privacy templates');
  const privacy = new EnrollmentScreen(owner, 'Privacy templates');
  await privacy.newButton('privacy-role template').click();
  await privacy.field('Name (required)').fill('Therapists see goals');
  await privacy.dialog.getByRole('checkbox', { name: 'Therapist: Goals and data' }).check();
  await privacy.save('Create privacy-role template');
  await shell.navigateTo('Enrollments');
  const enrollments = new EnrollmentScreen(owner, 'Enrollments');
  await saveScreen(owner, 'journey-enrollments-empty');
  await enrollments.newButton('enrollment').click();
  await enrollments.field('First name (required)').fill('Mila');
  await enrollments.field('Last name (required)').fill('Okafor');
  await enrollments.field('Privacy template').selectOption({ label: 'Therapists see goals' });
  await saveScreen(owner, 'journey-enrollment-form');
  // Checked before a contract is picked: axe cannot enter the preview's sandboxed frame and waits on it.
  await expectNoSeriousA11yViolations(owner, 'journey-enrollment-form');
  await enrollments.field('Contract').selectOption({ label: 'Issue from “Therapy agreement”' });
  await enrollments.save('Create enrollment');
  await expect(enrollments.row('Mila Okafor')).toContainText('Active');

  // The student joins the department and is assigned to the therapist there.
  await shell.navigateTo('Departments');
  await departments.row('Speech therapy').getByRole('link', { name: 'Speech therapy' }).click();
  await department.tab('Students').click();
  await department.panel.getByRole('button', { name: 'Add student' }).first().click();
  await department.pick('Mila', 'Mila Okafor');
  await department.row('Mila Okafor').getByRole('button', { name: 'Assign a therapist to Mila Okafor' }).click();
  await department.dialog.getByRole('combobox', { name: 'Therapist' }).selectOption({ label: therapistFull });
  await department.dialog.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(department.row('Mila Okafor')).toContainText(therapistFull);
  await saveScreen(owner, 'journey-department-students');

  // The owner gives Mila a goal with two targets from her row.
  await department.row('Mila Okafor').getByRole('button', { name: 'Goals for Mila Okafor' }).click();
  const goals = owner.getByRole('dialog', { name: 'Goals for Mila Okafor' });
  await expect(goals.getByRole('heading', { name: 'No goals yet' })).toBeVisible();
  await saveScreen(owner, 'journey-goals-empty');
  await goals.getByRole('button', { name: 'Add goal' }).click();
  await goals.getByRole('textbox', { name: 'Goal', exact: true }).fill('Names colours');
  await goals.getByLabel('Targets, one per line').fill('red\nblue');
  await saveScreen(owner, 'journey-goal-form');
  await expectNoSeriousA11yViolations(owner, 'journey-goal-form');
  await goals.getByRole('button', { name: 'Add goal' }).click();
  await expect(goals.getByRole('heading', { name: 'Names colours' })).toBeVisible();
  await expect(goals.getByRole('list', { name: 'Targets of Names colours' }).getByRole('listitem')).toHaveText(['red', 'blue']);
  await expect(goals).toContainText('Scored trials · 10 planned a session');
  await saveScreen(owner, 'journey-goals');
  await expectNoSeriousA11yViolations(owner, 'journey-goals-dialog');
  await goals.getByRole('button', { name: 'Close' }).click();
  await expect(goals).toHaveCount(0);

  await scheduleTodayByApi(owner, 'Mila Okafor');

  // The therapist opens Today and runs the session.
  await therapist.goto('/collector');
  const row = therapist.getByTestId('session-row').filter({ hasText: 'Mila Okafor' });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await saveScreen(therapist, 'journey-therapist-today');
  await row.click();
  await therapist.getByRole('button', { name: 'Start session' }).click();
  await expect(therapist.getByTestId('session-status')).toHaveText('In progress');
  // The goal the owner gave is there to score: a few trials on each target.
  for (const [target, outcome] of [
    ['red', 'Correct'],
    ['red', 'Incorrect'],
    ['blue', 'Correct'],
  ] as const) {
    const group = targetGroup(therapist, target);
    const trial = Number(await group.getByTestId('trial-no').textContent());
    await group.getByRole('button', { name: outcome, exact: true }).click();
    await expect(group.getByTestId('trial-no')).toHaveText(String(trial + 1));
  }
  await saveScreen(therapist, 'journey-therapist-session');
  await therapist.getByRole('button', { name: 'End session' }).click();
  const ending = therapist.getByRole('dialog', { name: 'End session' });
  await ending.getByRole('radio', { name: /Completed/ }).check();
  await ending.getByLabel('Note').fill('First meeting: getting to know Mila.');
  await ending.getByRole('button', { name: /save and end/i }).click();
  await expect(therapist.getByTestId('session-status')).toHaveText('Completed');
  await expect(therapist.getByTestId('sync-state')).toHaveText('All sent', { timeout: 30_000 });

  // The owner ends the membership with a reason, from the therapist's page.
  await shell.navigateTo('People');
  const people = new PeoplePage(owner);
  await people.tab('Therapists').click();
  await people.row(therapistFull).getByRole('link', { name: 'Membership details' }).click();
  const member = new MemberPage(owner, therapistFull);
  await member.root.getByRole('button', { name: 'End membership' }).click();
  await member.dialog.getByLabel(/reason/i).fill('The clinic closes its speech service.');
  await saveScreen(owner, 'journey-member-end');
  await member.dialog.getByRole('button', { name: 'End membership' }).click();
  await expect(member.fact('Status')).toHaveText('Terminated');
  await saveScreen(owner, 'journey-member-ended');

  // On People the therapist has left the current members and is found among the former ones.
  await shell.navigateTo('People');
  await expect(people.root.getByRole('heading', { name: 'No therapists yet' })).toBeVisible();
  await people.show.selectOption({ label: 'Former members' });
  await expect(people.row(therapistFull)).toContainText('Terminated');
  await saveScreen(owner, 'journey-people-former');

  // The therapist's next call is refused: Today has no sessions for them there, My organizations says it ended.
  await therapist.goto('/collector');
  await expect(therapist.getByRole('heading', { name: 'No therapist membership here' })).toBeVisible({ timeout: 30_000 });
  await saveScreen(therapist, 'journey-therapist-after-end');
  await therapist.goto('/my-organizations');
  const ended = new MyOrganizationsPage(therapist).memberships();
  await expect(ended).toContainText('Terminated');
  await expect(ended).toContainText('This membership has ended.');
  await saveScreen(therapist, 'journey-therapist-my-orgs-after-end');
  await therapistContext.close();
});
