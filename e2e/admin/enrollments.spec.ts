import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { EnrollmentScreen } from '../pages/enrollments-pages';
import { registerOwnerByApi } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { saveScreen, saveScreenAtSizes, AT_THE_DESK, DESK_SIZES } from '../support/screens';

test.use(AT_THE_DESK);

test.use({ viewport: { width: 1280, height: 800 } });

test('an owner writes a contract template and a privacy matrix, enrolls a student with them, puts the enrollment on hold and archives it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await registerOwnerByApi(page.request);
  await page.goto('/');
  const shell = new AppShell(page);

  // A contract template written with the editor: a heading, a sentence with placeholders from the
  // menu, a bulleted list; the preview fills the placeholders with sample values.
  await shell.navigateTo('Contract templates');
  const templates = new EnrollmentScreen(page, 'Contract templates');
  await expect(templates.root.getByRole('heading', { name: 'No contract templates yet' })).toBeVisible();
  await templates.newButton('contract template').click();
  await templates.field('Name (required)').fill('Family agreement');
  const text = templates.dialog.getByRole('textbox', { name: 'Contract text (required)' });
  const toolbar = templates.dialog.getByRole('toolbar', { name: 'Formatting' });
  await text.click();
  await toolbar.getByRole('button', { name: 'Heading', exact: true }).click();
  await expect(toolbar.getByRole('button', { name: 'Heading', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('Agreement');
  await page.keyboard.press('Enter');
  await page.keyboard.type('For ');
  await toolbar.getByLabel('Insert a placeholder').selectOption('student_name');
  await page.keyboard.type(' from ');
  await toolbar.getByLabel('Insert a placeholder').selectOption('start_date');
  await page.keyboard.type('.');
  await page.keyboard.press('Enter');
  await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
  await page.keyboard.type('Weekly sessions');
  const preview = templates.contract('Contract preview');
  await expect(preview.getByRole('heading', { name: 'Agreement' })).toBeVisible();
  await expect(preview.getByText('For Alex Sample from 2027-01-04.')).toBeVisible();
  await expect(preview.getByRole('listitem')).toHaveText('Weekly sessions');
  await saveScreenAtSizes(page, 'contract-template-editor', DESK_SIZES);
  await expectNoSeriousA11yViolations(page, 'contract-template-editor');
  await templates.save('Create contract template');
  // Opened again, the editor shows the template as it was written.
  await templates.row('Family agreement').getByRole('button', { name: /^Edit/ }).click();
  await expect(text.getByRole('heading', { name: 'Agreement' })).toBeVisible();
  await expect(text).toContainText('For {{student_name}} from {{start_date}}.');
  await expect(text.getByRole('listitem')).toHaveText('Weekly sessions');
  await templates.dialog.getByRole('button', { name: 'Cancel' }).click();

  // A privacy matrix, set from the keyboard: Tab reaches a cell, Space ticks it.
  await shell.navigateTo('Privacy templates');
  const privacy = new EnrollmentScreen(page, 'Privacy templates');
  await privacy.newButton('privacy-role template').click();
  await privacy.field('Name (required)').fill('Therapists see goals');
  const cell = privacy.dialog.getByRole('checkbox', { name: 'Therapist: Goals and data' });
  await cell.focus();
  await page.keyboard.press('Space');
  await expect(cell).toBeChecked();
  await expectNoSeriousA11yViolations(page, 'privacy-matrix');
  await privacy.save('Create privacy-role template');
  await expect(privacy.row('Therapists see goals')).toContainText('Therapist: Goals and data');

  // Enroll a new student with both; the contract issued is the template filled in.
  // A new organization has no enrollments: the list says so and what to do, not that nothing matched.
  await shell.navigateTo('Enrollments');
  const enrollments = new EnrollmentScreen(page, 'Enrollments');
  await expect(enrollments.root.getByRole('heading', { name: 'No enrollments yet' })).toBeVisible();
  await expect(enrollments.root.getByText('No enrollments match')).toHaveCount(0);
  await saveScreenAtSizes(page, 'enrollments-empty', DESK_SIZES);
  await enrollments.newButton('enrollment').click();
  await enrollments.field('First name (required)').fill('Mila');
  await enrollments.field('Last name (required)').fill('Okafor');
  await enrollments.field('Privacy template').selectOption({ label: 'Therapists see goals' });
  // The browser's date input: whatever the reader's locale shows, it hands the form the ISO day.
  await expect(enrollments.field('Contract start date')).toHaveAttribute('type', 'date');
  await enrollments.field('Contract start date').fill('2027-01-04');
  await enrollments.field('Contract').selectOption({ label: 'Issue from “Family agreement”' });
  await expect(enrollments.contract('Contract preview').getByText('For Mila Okafor from 2027-01-04.')).toBeVisible();
  await enrollments.save('Create enrollment');
  const row = enrollments.row('Mila Okafor');
  await expect(row).toContainText('Active');
  // A student the organization keeps has no parent: nobody accepted anything for them.
  await expect(row).toContainText('No parent linked');
  await expect(row).not.toContainText('Accepted by parent');
  await row.getByRole('button', { name: 'View the contract of Mila Okafor' }).click();
  const issued = enrollments.contract('Contract of Mila Okafor');
  await expect(issued.getByRole('heading', { name: 'Agreement' })).toBeVisible();
  await expect(issued.getByText('For Mila Okafor from 2027-01-04.')).toBeVisible();
  await expect(issued.getByRole('listitem')).toHaveText('Weekly sessions');
  await saveScreenAtSizes(page, 'enrollment-contract', DESK_SIZES);
  await enrollments.dialog.getByRole('button', { name: 'Close' }).click();

  // On hold with a reason; a reason left out is asked for.
  await row.getByRole('button', { name: 'Change the status of Mila Okafor' }).click();
  await enrollments.field('New status').selectOption({ label: 'On hold' });
  await enrollments.dialog.getByRole('button', { name: 'Change status' }).click();
  await expect(enrollments.dialog).toContainText('Give a reason for the status change.');
  await enrollments.field('Reason (required)').fill('Family travelling for a month');
  await enrollments.save('Change status');
  await expect(row).toContainText('On hold');
  await expect(row).toContainText('Family travelling for a month');
  await saveScreen(page, 'enrollments-list');
  await expectNoSeriousA11yViolations(page, 'enrollments-list');

  // Archived: gone from the open list, found under the archived ones.
  await row.getByRole('button', { name: 'Archive' }).click();
  await expect(enrollments.row('Mila Okafor')).toHaveCount(0);
  await enrollments.root.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Archived enrollments' });
  await expect(enrollments.row('Mila Okafor')).toContainText('On hold');
});
