import { expect, test, type APIRequestContext, type Route } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { OfflinePage } from '../pages/offline-page';
import { ServicesPage } from '../pages/services-page';
import { registerOwnerByApi, signInByApi } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DEMO } from '../support/demo';
import { DESK_SIZES, saveScreen, saveScreenAtSizes, AT_THE_DESK } from '../support/screens';

test.use(AT_THE_DESK);

const T = '/api/tenant-management';

async function activeOrganizationCode(request: APIRequestContext): Promise<string> {
  const response = await request.get(`${T}/organizations/`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { results: Array<{ code: string }> }).results[0]!.code;
}

async function createServiceByApi(request: APIRequestContext, code: string, data: object): Promise<{ id: string; name: string }> {
  const response = await request.post(`${T}/organization/${code}/services/`, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; name: string };
}

const [DESK, LANDSCAPE] = DESK_SIZES;

/** The owner's journey runs in full at the owner's desk; the other size opens the same screens below. */
test.describe(`services at ${DESK.viewport.width}x${DESK.viewport.height}`, () => {
  test.use({ viewport: DESK.viewport });

  test('an owner creates, edits, searches, pages and bulk deletes services', async ({ page }) => {
    test.setTimeout(120_000);
    const services = new ServicesPage(page);
    await registerOwnerByApi(page.request);
    await page.goto('/');
    await new AppShell(page).navigateTo('Services');
    await expect(services.root.getByRole('heading', { name: 'No services yet' })).toBeVisible();
    await saveScreen(page, 'services-empty');

    // Create: the contract's schema checks before sending; the server's answer lands on the field.
    await services.newService.click();
    await expect(services.dialog.getByRole('heading', { name: 'New service' })).toBeVisible();
    await services.dialog.getByRole('button', { name: 'Create service' }).click();
    await expect(services.dialog).toContainText('Required.');
    await services.fillForm({ name: 'Speech therapy', description: 'One-to-one, in the clinic', price: '45', duration: '60' });
    await services.dialog.getByRole('button', { name: 'Create service' }).click();
    await expect(services.dialog).toHaveCount(0);
    await expect(services.row('Speech therapy')).toContainText('$45.00');
    await expect(services.row('Speech therapy')).toContainText('1 h');
    await expect(services.stat('All services')).toHaveText('1');

    await services.newService.click();
    await services.fillForm({ name: 'speech THERAPY', price: '10' });
    await services.dialog.getByRole('button', { name: 'Create service' }).click();
    await expect(services.dialog).toContainText('A service with this name already exists.');
    await saveScreen(page, 'services-form-error');
    await expectNoSeriousA11yViolations(page, 'services-form');
    await services.dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(services.dialog).toHaveCount(0);

    // Edit: price and status.
    await services.row('Speech therapy').getByRole('button', { name: 'Edit Speech therapy' }).click();
    await expect(services.dialog.getByRole('heading', { name: 'Edit service' })).toBeVisible();
    await services.fillForm({ price: '50.5' });
    await services.dialog.getByLabel('Active').uncheck();
    await services.dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(services.dialog).toHaveCount(0);
    await expect(services.row('Speech therapy')).toContainText('$50.50');
    await expect(services.row('Speech therapy')).toContainText('Inactive');
    await expect(services.stat('Inactive')).toHaveText('1');

    // Enough services to page through, made through the API.
    const code = await activeOrganizationCode(page.request);
    for (let i = 1; i <= 24; i += 1) {
      await createServiceByApi(page.request, code, { name: `Group session ${String(i).padStart(2, '0')}`, price: `${20 + i}.00` });
    }
    await page.reload();
    await expect(services.range).toHaveText('1–20 of 25 services');
    await expect(services.stat('All services')).toHaveText('25');
    await expect(services.stat('Price range')).toHaveText('$21.00 – $50.50');
    await saveScreen(page, 'services-list');
    await expectNoSeriousA11yViolations(page, 'services-list');
    await services.next.click();
    await expect(services.range).toHaveText('21–25 of 25 services');
    await expect(services.rows).toHaveCount(5);
    await services.previous.click();
    await expect(services.range).toHaveText('1–20 of 25 services');

    // Sort by price, highest first.
    await services.table.getByRole('button', { name: /Price/ }).click();
    await expect(services.rows.first()).toContainText('Group session 01');
    await services.table.getByRole('button', { name: /Price/ }).click();
    await expect(services.rows.first()).toContainText('Speech therapy');

    // Search and filter.
    await services.search.fill('session 1');
    await expect(services.range).toHaveText('1–10 of 10 services');
    await services.search.fill('');
    await services.status.selectOption({ label: 'Inactive only' });
    await expect(services.rows).toHaveCount(1);
    await expect(services.rows.first()).toContainText('Speech therapy');
    await services.status.selectOption({ label: 'All services' });
    await expect(services.range).toHaveText('1–20 of 25 services');

    // Bulk delete with a confirmation naming how many (back to the order by name first).
    await services.table.getByRole('button', { name: /Name/ }).click();
    await expect(services.rows.first()).toContainText('Group session 01');
    for (const name of ['Group session 01', 'Group session 02', 'Group session 03']) {
      await services.select(name);
    }
    await expect(services.bulkBar).toContainText('3 services selected');
    await services.bulkBar.getByRole('button', { name: 'Delete selected' }).click();
    await expect(services.dialog.getByRole('heading', { name: 'Delete 3 services?' })).toBeVisible();
    await saveScreen(page, 'services-bulk-confirm');
    await expectNoSeriousA11yViolations(page, 'services-bulk-confirm');
    await services.dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(services.dialog).toHaveCount(0);
    await expect(services.range).toHaveText('1–20 of 22 services');
    await expect(services.row('Group session 01')).toHaveCount(0);

    // A partial failure names the row and why: one of two was deleted elsewhere meanwhile.
    await services.select('Group session 04');
    await services.select('Group session 05');
    const gone = (await (await page.request.get(`${T}/organization/${code}/services/?search=Group%20session%2005`)).json()) as {
      results: Array<{ id: string }>;
    };
    expect((await page.request.delete(`${T}/services/${gone.results[0]!.id}/`)).status()).toBe(200);
    await services.bulkBar.getByRole('button', { name: 'Delete selected' }).click();
    await services.dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(services.report).toContainText('1 service deleted; 1 could not be deleted:');
    await expect(services.report).toContainText('Group session 05: Service not found.');
    await saveScreen(page, 'services-bulk-report');
    await expect(services.range).toHaveText('1–20 of 20 services');

    // Delete one from its row.
    await services.row('Speech therapy').getByRole('button', { name: 'Delete Speech therapy' }).click();
    await expect(services.dialog.getByRole('heading', { name: 'Delete Speech therapy?' })).toBeVisible();
    await services.dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(services.row('Speech therapy')).toHaveCount(0);
    await expect(services.stat('All services')).toHaveText('19');
  });
});

test.describe(`services at ${LANDSCAPE.viewport.width}x${LANDSCAPE.viewport.height}`, () => {
  test.use({ viewport: LANDSCAPE.viewport });

  test("an owner's services screens, form error and bulk dialogs lay out at this size", async ({ page }) => {
    // The rows the journey builds by hand come from the API; each screen it passes is opened, checked and pictured.
    const services = new ServicesPage(page);
    await registerOwnerByApi(page.request);
    await services.goto();
    await expect(services.root.getByRole('heading', { name: 'No services yet' })).toBeVisible();
    await saveScreen(page, 'services-empty');

    const code = await activeOrganizationCode(page.request);
    await createServiceByApi(page.request, code, {
      name: 'Speech therapy',
      description: 'One-to-one, in the clinic',
      price: '50.50',
      duration_minutes: 60,
      is_active: false,
    });
    for (let i = 1; i <= 24; i += 1) {
      await createServiceByApi(page.request, code, { name: `Group session ${String(i).padStart(2, '0')}`, price: `${20 + i}.00` });
    }
    await page.reload();
    await expect(services.range).toHaveText('1–20 of 25 services');
    await services.newService.click();
    await services.fillForm({ name: 'speech THERAPY', price: '10' });
    await services.dialog.getByRole('button', { name: 'Create service' }).click();
    await expect(services.dialog).toContainText('A service with this name already exists.');
    await saveScreen(page, 'services-form-error');
    await expectNoSeriousA11yViolations(page, 'services-form');
    await services.dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(services.dialog).toHaveCount(0);
    await expect(services.stat('Price range')).toHaveText('$21.00 – $50.50');
    await saveScreen(page, 'services-list');
    await expectNoSeriousA11yViolations(page, 'services-list');

    for (const name of ['Group session 01', 'Group session 02', 'Group session 03']) {
      await services.select(name);
    }
    await expect(services.bulkBar).toContainText('3 services selected');
    await services.bulkBar.getByRole('button', { name: 'Delete selected' }).click();
    await expect(services.dialog.getByRole('heading', { name: 'Delete 3 services?' })).toBeVisible();
    await saveScreen(page, 'services-bulk-confirm');
    await expectNoSeriousA11yViolations(page, 'services-bulk-confirm');
    await services.dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(services.range).toHaveText('1–20 of 22 services');

    await services.select('Group session 04');
    await services.select('Group session 05');
    const gone = (await (await page.request.get(`${T}/organization/${code}/services/?search=Group%20session%2005`)).json()) as {
      results: Array<{ id: string }>;
    };
    expect((await page.request.delete(`${T}/services/${gone.results[0]!.id}/`)).status()).toBe(200);
    await services.bulkBar.getByRole('button', { name: 'Delete selected' }).click();
    await services.dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(services.report).toContainText('1 service deleted; 1 could not be deleted:');
    await saveScreen(page, 'services-bulk-report');
  });
});

test.describe('services for a therapist at the desk', () => {
  test.use({ viewport: DESK.viewport });

  test('a therapist sees the services read-only', async ({ browser, page }) => {
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await signInByApi(owner, DEMO.clinicOwner.email);
    const name = 'Intake call';
    const code = await activeOrganizationCode(owner.request);
    const existing = await owner.request.get(`${T}/organization/${code}/services/?search=${encodeURIComponent(name)}`);
    if (((await existing.json()) as { count: number }).count === 0) {
      await createServiceByApi(owner.request, code, { name, price: '0' });
    }
    await ownerContext.close();

    const services = new ServicesPage(page);
    await signInByApi(page, DEMO.jordan.email);
    await services.goto();
    await expect(services.row(name)).toContainText('$0.00');
    await expect(services.root).toContainText('only people who manage services can change them');
    await expect(services.root.getByRole('button', { name: 'New service' })).toHaveCount(0);
    await expect(services.root.getByRole('button', { name: /^(Edit|Delete)/ })).toHaveCount(0);
    await expect(services.table.getByRole('checkbox')).toHaveCount(0);
    await saveScreenAtSizes(page, 'services-read-only', DESK_SIZES);
    await expectNoSeriousA11yViolations(page, 'services-read-only');
  });
});

test('a network failure on the services list goes to the offline page and comes back', async ({ page, context }) => {
  const services = new ServicesPage(page);
  const offline = new OfflinePage(page);
  await registerOwnerByApi(page.request);
  await services.goto();
  await expect(services.root.getByRole('heading', { name: 'No services yet' })).toBeVisible();

  const pattern = /\/(api\/|healthz|readyz)/;
  const abort = (route: Route) => route.abort('internetdisconnected');
  await context.setOffline(true);
  await context.route(pattern, abort);
  await services.search.fill('speech'); // the debounced search asks the server
  await offline.expectShown();
  // The search is in the address, so the saved path brings it back.
  expect(await offline.savedPath()).toBe('/organization/services?q=speech');

  await context.unroute(pattern, abort);
  await context.setOffline(false);
  await expect(page).toHaveURL('/organization/services?q=speech');
  // Back on the list: as it was left (the search kept, nothing matches) or fresh, depending on whether
  // the page was kept while the offline page showed; either way the list answers again.
  await expect(services.root.getByRole('heading', { name: /^No services (yet|match)$/ })).toBeVisible();
});
