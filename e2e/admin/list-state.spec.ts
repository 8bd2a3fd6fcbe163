import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { AdminScreen } from '../pages/classrooms-programs-pages';
import { registerOwnerByApi } from '../support/api';
import { DESK_SIZES, saveScreen, AT_THE_DESK } from '../support/screens';

test.use(AT_THE_DESK);

const T = '/api/tenant-management';
const C = '/api/classrooms';

const [DESK, LANDSCAPE] = DESK_SIZES;
const sizeOf = ({ viewport }: (typeof DESK_SIZES)[number]) => `${viewport.width}x${viewport.height}`;

/** The owner's journey runs in full at the owner's desk; the other size checks the long name's layout below. */
test.describe(`a list's state in the address at ${sizeOf(DESK)}`, () => {
  test.use({ viewport: DESK.viewport });

  test('filter, order and page survive opening a classroom and going Back; a pasted long name is cut with a note', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await registerOwnerByApi(page.request);
    const organizations = (await (await page.request.get(`${T}/organizations/`)).json()) as { results: Array<{ code: string }> };
    const code = organizations.results[0]!.code;
    // 24 rooms, every third disabled: 16 enabled, two pages of ten.
    for (let i = 1; i <= 24; i += 1) {
      const made = await page.request.post(`${C}/organization/${code}/classrooms/`, {
        data: { name: `Room ${String(i).padStart(2, '0')}`, is_active: i % 3 !== 0 },
      });
      expect(made.status(), await made.text()).toBe(201);
    }

    const list = new AdminScreen(page, 'Classrooms', 'Classrooms');
    await page.goto('/organization/classrooms');
    await expect(list.range).toHaveText('1–20 of 24 classrooms');
    await list.root.getByRole('combobox', { name: 'Status' }).selectOption('true');
    await expect(list.range).toHaveText('1–16 of 16 classrooms');
    await list.table.getByRole('button', { name: /^Name/ }).click();
    await expect(list.rows.first()).toContainText('Room 23');
    await list.pageSize.selectOption('10');
    await list.next.click();
    await expect(list.range).toHaveText('11–16 of 16 classrooms');
    await list.root.getByLabel('Search classrooms').fill('Room');
    await expect(page).toHaveURL(/q=Room/);
    const query = Object.fromEntries(new URL(page.url()).searchParams);
    expect(query).toEqual({ isActive: 'true', sort: '-name', size: '10', q: 'Room' });
    // A new search starts at page 1 of what it finds.
    await expect(list.range).toHaveText('1–10 of 16 classrooms');
    await list.next.click();
    await expect(list.range).toHaveText('11–16 of 16 classrooms');
    // The range follows the page at once; the rows follow when the page's answer is in.
    const first = 'Room 08';
    await expect(list.rows.first().locator('.admin-cell-main__title')).toHaveText(first);

    // Open one, come Back: the same filter, order, size, search and page.
    await list.rows.first().getByRole('link', { name: first }).click();
    await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
    await page.goBack();
    await expect(list.range).toHaveText('11–16 of 16 classrooms');
    await expect(list.rows.first()).toContainText(first);
    await expect(list.root.getByRole('combobox', { name: 'Status' })).toHaveValue('true');
    await expect(list.pageSize).toHaveValue('10');
    await expect(list.root.getByLabel('Search classrooms')).toHaveValue('Room');
    await expect(list.table.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');

    // The address alone brings it back (a reload, a shared link).
    await page.reload();
    await expect(list.range).toHaveText('11–16 of 16 classrooms');
    await expect(list.rows.first()).toContainText(first);

    await pasteLongNameAndFindIt(page, context, list);

    // A detail screen's tab is in the address too: a reload and Back and Forward open the same tab.
    const department = await page.request.post(`${T}/organization/${code}/departments/`, { data: { name: 'Speech unit' } });
    expect(department.status(), await department.text()).toBe(201);
    await page.goto(`/organization/departments/${(await department.json()).id}`);
    const students = page.getByRole('tab', { name: 'Students' });
    await students.click();
    await expect(page).toHaveURL(/[?&]tab=students/);
    await page.reload();
    await expect(students).toHaveAttribute('aria-selected', 'true');
    await page.goto('/organization/classrooms');
    await page.goBack();
    await expect(students).toHaveAttribute('aria-selected', 'true');
    await saveScreen(page, 'department-students-tab');
    // The list's Created day is the organization's, named with its zone when the browser's differs.
    await page.goto('/organization/departments');
    await expect(page.getByRole('row', { name: /Speech unit/ })).toBeVisible();
    await saveScreen(page, 'departments-created');
  });
});

test.describe(`a list's state in the address at ${sizeOf(LANDSCAPE)}`, () => {
  test.use({ viewport: LANDSCAPE.viewport });

  test('a pasted long name is cut with a note, and in the table wraps with the row actions in view', async ({ page, context }) => {
    await registerOwnerByApi(page.request);
    const list = new AdminScreen(page, 'Classrooms', 'Classrooms');
    await page.goto('/organization/classrooms');
    await expect(list.root.getByRole('heading', { name: 'No classrooms yet' })).toBeVisible();
    await pasteLongNameAndFindIt(page, context, list);
  });
});

/** Pastes a name longer than a classroom's 120 characters into a new classroom, then finds it in the table. */
async function pasteLongNameAndFindIt(page: Page, context: BrowserContext, list: AdminScreen): Promise<void> {
  // A pasted name longer than 120 characters is cut, and the form says so.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const pasted = `Sunflower room ${'x'.repeat(135)}`;
  await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
  await list.button('New classroom').click();
  const name = list.dialog.getByLabel('Name (required)');
  await name.focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(name).toHaveValue(pasted.slice(0, 120));
  await expect(list.dialog.getByRole('status').filter({ hasText: 'fit here' })).toHaveText(
    'Only 120 characters fit here: the last 30 characters were left out.',
  );
  await expect(list.dialog).toContainText('120 of 120 characters');
  await saveScreen(page, 'classroom-form-pasted-name');
  await list.dialog.getByRole('button', { name: 'Create classroom' }).click();
  await expect(list.dialog).toHaveCount(0);

  // In the table the long name wraps and is cut to two lines; the whole name is its title and the row's actions stay in view.
  await list.root.getByLabel('Search classrooms').fill('Sunflower');
  await expect(list.rows).toHaveCount(1);
  const link = list.rows.first().getByRole('link');
  await expect(link).toHaveAttribute('title', pasted.slice(0, 120));
  await expect(list.rows.first().getByRole('button', { name: /^Delete Sunflower/ })).toBeInViewport();
  await saveScreen(page, 'classrooms-long-name');
}
