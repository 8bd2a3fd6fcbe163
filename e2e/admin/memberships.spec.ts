import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { MemberPage, MyOrganizationsPage } from '../pages/memberships-pages';
import { PeoplePage } from '../pages/people-roles-pages';
import { signInByApi } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { saveScreen, AT_THE_DESK } from '../support/screens';
import { DEMO, DEMO_ORGANIZATIONS } from '../support/demo';
import { screenWithTitle } from '../pages/screen';

test.use(AT_THE_DESK);

const SCHOOL_OWNER = 'owner@maple-grove.example';
const PRIYA = 'priya.nair@thera-demo.example';

// A resignation asked and then withdrawn leaves the demo therapist as she was: other specs sign in as her.
test('a therapist resigns with a reason, the owner sees it on her page, and she withdraws it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  await signInByApi(page, PRIYA);
  await page.goto('/my-organizations');
  const mine = new MyOrganizationsPage(page);
  const school = mine.row('Maple Grove School');
  await expect(school).toContainText('Active');

  await school.getByRole('button', { name: 'Resign from Maple Grove School' }).click();
  await expect(mine.dialog).toContainText('Resign from Maple Grove School?');
  // The reason is required, as the server says it.
  await mine.dialog.getByRole('button', { name: 'Send resignation' }).click();
  await expect(mine.dialog).toContainText('Give a reason.');
  await mine.dialog.getByLabel(/Why are you leaving/).fill('Moving to another state next term.');
  await mine.dialog.getByRole('button', { name: 'Send resignation' }).click();
  await expect(school).toContainText('Your resignation waits for Maple Grove School to accept it.');
  await expect(school).toContainText('Resigning');
  await saveScreen(page, 'my-memberships-resigning');
  await expectNoSeriousA11yViolations(page, 'my-memberships-resigning');

  // The owner finds her on People and opens her page: status, the reason, and both actions.
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: test.info().project.use.baseURL });
  const owner = await ownerContext.newPage();
  await signInByApi(owner, SCHOOL_OWNER);
  await owner.goto('/');
  await new AppShell(owner).navigateTo('People');
  const people = new PeoplePage(owner);
  await people.row('Priya Nair').getByRole('link', { name: 'Membership details' }).click();
  const member = new MemberPage(owner, 'Priya Nair');
  await expect(member.fact('Status')).toHaveText('Resigning');
  await expect(member.fact('Reason for resigning')).toHaveText('Moving to another state next term.');
  await expect(member.root.getByRole('button', { name: 'Accept resignation' })).toBeVisible();
  await member.root.getByRole('button', { name: 'End membership' }).click();
  await expect(member.dialog).toContainText("End Priya Nair's membership?");
  await member.dialog.getByRole('button', { name: 'End membership' }).click();
  await expect(member.dialog).toContainText('Give a reason.');
  await saveScreen(owner, 'member-end-dialog');
  await member.dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(member.dialog).toHaveCount(0);
  await member.root.getByRole('tab', { name: 'Work' }).click();
  await expect(member.root.getByRole('heading', { name: 'Assigned students' })).toBeVisible();
  await expectNoSeriousA11yViolations(owner, 'member-page');
  await ownerContext.close();

  // She withdraws: active again, with Resign offered once more.
  await school.getByRole('button', { name: 'Withdraw resignation from Maple Grove School' }).click();
  await mine.dialog.getByRole('button', { name: 'Withdraw resignation' }).click();
  await expect(school).toContainText('Active');
  await expect(school.getByRole('button', { name: 'Resign from Maple Grove School' })).toBeVisible();
});

test('a former therapist reads on Home that his membership ended, and when, and finds My organizations from there', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await signInByApi(page, DEMO.sam.email);
  const mine = (await (await page.request.get('/api/therapist-management/my-memberships/')).json()) as {
    results: { status: string; ended_at: string }[];
  };
  expect(mine.results).toEqual([expect.objectContaining({ status: 'terminated', ended_at: expect.any(String) })]);
  const ended = mine.results[0]!;
  // The date as the page writes it: the reader's locale and time zone, which the browser knows.
  const endedOn = await page.evaluate(
    (at) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(at)),
    ended.ended_at,
  );

  await page.goto('/');
  const home = screenWithTitle(page, 'Home');
  await expect(home.getByRole('heading', { name: 'Your membership has ended' })).toBeVisible();
  await expect(home).toContainText(`Your membership with ${DEMO_ORGANIZATIONS.clinic.name} ended on ${endedOn}.`);
  await expect(home.getByRole('heading', { name: 'No organization yet' })).toHaveCount(0);
  await saveScreen(page, 'home-former-member');
  await expectNoSeriousA11yViolations(page, 'home-former-member');

  await home.getByRole('link', { name: 'Go to My organizations' }).click();
  const clinic = new MyOrganizationsPage(page).row(DEMO_ORGANIZATIONS.clinic.name);
  await expect(clinic).toContainText('Terminated');
  await expect(clinic).toContainText(`Ended ${endedOn}`);
});
