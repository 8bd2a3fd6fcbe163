import { expect, test } from '@playwright/test';
import { HomePage } from '../pages/home-page';
import { signInByApi } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DEMO } from '../support/demo';
import { saveScreen, AT_THE_DESK } from '../support/screens';

test.use(AT_THE_DESK);

const T = '/api/tenant-management';

/**
 * The owner's Home is the organization's dashboard: the totals and this week's sessions as a chart
 * (with the same figures in a table for screen readers). A therapist's Home has none of it.
 */
test('the owner sees the organization dashboard with the server’s figures; a therapist sees their own week', async ({ page }) => {
  await signInByApi(page, DEMO.clinicOwner.email);
  const organizations = await page.request.get(`${T}/organizations/`);
  const code = ((await organizations.json()) as { results: { code: string }[] }).results[0]!.code;
  const summary = (await (await page.request.get(`${T}/organization/${code}/dashboard/summary/`)).json()) as {
    totals: { students: number; therapists: number };
    week: { sessions_planned: number; days: unknown[] };
  };
  expect(summary.totals.students).toBeGreaterThan(0);

  const home = new HomePage(page);
  await home.goto();
  const totals = page.getByRole('list', { name: 'Organization totals' }).or(page.locator('dl[aria-label="Organization totals"]'));
  await expect(totals).toContainText(`Students${summary.totals.students}`);
  await expect(totals).toContainText(`Therapists${summary.totals.therapists}`);
  await expect(page.getByRole('heading', { name: /Sessions this week/ })).toBeVisible();
  await expect(page.locator('.week-chart__canvas canvas')).toBeVisible();
  // The chart's figures, day by day, for screen readers.
  const table = page.getByRole('table', { name: 'Sessions and data points per day', includeHidden: true });
  await expect(table.locator('tbody tr')).toHaveCount(7);
  await expect(page.getByText(new RegExp(`${summary.week.sessions_planned} planned`))).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'dashboard-owner');
  await saveScreen(page, 'dashboard-owner');

  await page.context().clearCookies();
  await signInByApi(page, DEMO.jordan.email);
  await home.goto();
  await expect(home.greeting('Jordan')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
  // A therapist's Home is their own week, with the server's figures.
  const jordanCode = (
    (await (await page.request.get(`${T}/organizations/`)).json()) as {
      results: { id: string; code: string; membership_id: string | null }[];
    }
  ).results.find((o) => o.code === code)!;
  const mine = (await (
    await page.request.get(`${T}/memberships/${jordanCode.membership_id}/dashboard/?organization_id=${jordanCode.id}`)
  ).json()) as { totals: { assigned_students: number }; week: { sessions_planned: number }; period: { days: unknown[] } };
  await expect(page.getByRole('heading', { name: 'Your week' })).toBeVisible();
  const myTotals = page.locator('dl[aria-label="Your totals"]').or(page.getByRole('list', { name: 'Your totals' }));
  await expect(myTotals).toContainText(`Assigned students${mine.totals.assigned_students}`);
  await expect(page.getByRole('heading', { name: /Your sessions this week/ })).toBeVisible();
  await expect(page.getByText(new RegExp(`${mine.week.sessions_planned} planned`))).toBeVisible();
  await expect(page.locator('.week-chart__canvas canvas')).toBeVisible();
  // The workspace dashboard: its hours for the week and per day, and when the figures were fetched.
  await expect(myTotals).toContainText('Workspace, week');
  await expect(page.getByRole('table', { name: 'Workspace hours per day' }).locator('tbody td')).toHaveCount(mine.period.days.length);
  await expect(page.getByRole('status').filter({ hasText: /^Updated / })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'dashboard-therapist');
  await saveScreen(page, 'dashboard-therapist');
});
