import { expect, test, type APIRequestContext } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { AuditPage } from '../pages/audit-page';
import { ServicesPage } from '../pages/services-page';
import { registerOwnerByApi, signInByApi } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DEMO } from '../support/demo';
import { DESK_SIZES, saveScreenAtSizes, AT_THE_DESK, TABLET_SIZES } from '../support/screens';

test.use(AT_THE_DESK);

const T = '/api/tenant-management';

async function activeOrganization(request: APIRequestContext): Promise<{ id: string; code: string }> {
  const response = await request.get(`${T}/organizations/`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: Array<{ id: string; code: string }> }).results[0]!;
}

test.describe('the audit trail at the desk', () => {
  test.use({ viewport: DESK_SIZES[0].viewport });

  test('an owner changes a service and finds the change on the audit screen, filtered by kind of record', async ({ page }) => {
    test.setTimeout(120_000);
    const owner = await registerOwnerByApi(page.request);
    const org = await activeOrganization(page.request);
    // Two kinds of record in the trail, so the filter has something to leave out.
    const service = await page.request.post(`${T}/organization/${org.code}/services/`, { data: { name: 'Speech therapy', price: '45' } });
    expect(service.status(), await service.text()).toBe(201);
    const role = await page.request.post(`${T}/organization/${org.id}/roles/`, { data: { name: 'Billing', permission_keys: [] } });
    expect(role.status(), await role.text()).toBe(201);

    // The change, made on the services screen.
    const shell = new AppShell(page);
    const services = new ServicesPage(page);
    await page.goto('/');
    await shell.navigateTo('Services');
    await services.row('Speech therapy').getByRole('button', { name: 'Edit Speech therapy' }).click();
    await services.fillForm({ price: '50' });
    await services.dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(services.dialog).toHaveCount(0);
    await expect(services.row('Speech therapy')).toContainText('$50.00');

    const audit = new AuditPage(page);
    await shell.navigateTo('Audit trail');
    await expect(audit.range).toHaveText('1–3 of 3 entries');
    await audit.kind.selectOption({ label: 'Service (2)' });
    await expect(audit.range).toHaveText('1–2 of 2 entries');
    await expect(audit.table).not.toContainText('Billing');
    const change = audit.rows.first();
    await expect(change).toContainText('Changed');
    await expect(change).toContainText('Price: 45.00 → 50.00');
    await expect(change).toContainText(`${owner.firstName} ${owner.lastName}`);
    await expect(change).toContainText(owner.email);
    await expect(audit.rows.nth(1)).toContainText('Created');
    await saveScreenAtSizes(page, 'audit-by-kind', DESK_SIZES);
    await expectNoSeriousA11yViolations(page, 'audit-list');

    // One record's history, and back to every record of the kind.
    await change.getByRole('button', { name: 'Show only the history of service Speech therapy' }).click();
    await expect(audit.onlyRecord).toContainText('Only the history of service Speech therapy');
    await expect(audit.rows).toHaveCount(2);
    await audit.root.getByRole('button', { name: 'Show every record again' }).click();
    await expect(audit.onlyRecord).toHaveCount(0);
    await expect(audit.kind).toHaveValue('service');

    // The filters are in the address: a reload, Back and Forward find them again. (A department made
    // meanwhile, read after the reload, is named below.)
    const department = await page.request.post(`${T}/organization/${org.code}/departments/`, { data: { name: 'Speech unit' } });
    expect(department.status(), await department.text()).toBe(201);
    await expect(page).toHaveURL(/[?&]entity=service/);
    await page.reload();
    await expect(audit.kind).toHaveValue('service');
    await expect(audit.range).toHaveText('1–2 of 2 entries');
    await shell.navigateTo('Services');
    await page.goBack();
    await expect(audit.kind).toHaveValue('service');
    await expect(audit.range).toHaveText('1–2 of 2 entries');
    await page.goForward();
    await expect(services.row('Speech therapy')).toBeVisible();
    await page.goBack();

    // A department's record is its name, linked to its screen; dates on the organization's clock.
    await audit.kind.selectOption('');
    await expect(audit.range).toHaveText('1–4 of 4 entries');
    const made = audit.rowsOf('Speech unit');
    await expect(made).toContainText('Department');
    await expect(audit.table).not.toContainText((await department.json()).id);
    await saveScreenAtSizes(page, 'audit-names', [...DESK_SIZES, TABLET_SIZES[1]]);
    await made.getByRole('link', { name: 'Speech unit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Speech unit' })).toBeVisible();
    await page.goBack();
    await expect(audit.rowsOf('Speech unit')).toHaveCount(1);
  });
});

test('the front desk has no audit trail in the menu, and the screen says the server refused', async ({ page }) => {
  await signInByApi(page, DEMO.dana.email);
  await page.goto('/');
  const shell = new AppShell(page);
  await shell.openMenu();
  await expect(shell.navigation.getByText('Services', { exact: true })).toBeVisible();
  await expect(shell.navigation.getByText('Audit trail', { exact: true })).toHaveCount(0);
  const audit = new AuditPage(page);
  await audit.goto();
  await expect(audit.root.getByRole('alert')).toBeVisible();
  await expect(audit.table).toHaveCount(0);
});
