import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { EnrollmentScreen } from '../pages/enrollments-pages';
import { registerOwnerByApi } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { saveScreen, AT_THE_DESK } from '../support/screens';

test.use(AT_THE_DESK);

test.use({ viewport: { width: 1280, height: 800 } });

test('an owner writes a contract template and a privacy matrix, enrolls a student with them, puts the enrollment on hold and archives it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await registerOwnerByApi(page.request);
  await page.goto('/');
  const shell = new AppShell(page);

  // A contract template: the preview fills the placeholders with sample values, and a script never runs or stays.
  await shell.navigateTo('Contract templates');
  const templates = new EnrollmentScreen(page, 'Contract templates');
  await expect(templates.root.getByRole('heading', { name: 'No contract templates yet' })).toBeVisible();
  await templates.newButton('contract template').click();
  await templates.field('Name (required)').fill('Family agreement');
  await templates
    .field(/^Contract text/)
    .fill('<h2>Agreement</h2><p>For {{student_name}} from {{start_date}}.</p><script>alert(1)</script>');
  await expect(templates.contract('Contract preview').getByText('For Alex Sample from 2027-01-04.')).toBeVisible();
  await saveScreen(page, 'contract-template-editor');
  await expectNoSeriousA11yViolations(page, 'contract-template-editor');
  await templates.save('Create contract template');
  await templates.row('Family agreement').getByRole('button', { name: /^Edit/ }).click();
  await expect(templates.field(/^Contract text/)).toHaveValue('<h2>Agreement</h2><p>For {{student_name}} from {{start_date}}.</p>');
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
  await shell.navigateTo('Enrollments');
  const enrollments = new EnrollmentScreen(page, 'Enrollments');
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
  await row.getByRole('button', { name: 'View the contract of Mila Okafor' }).click();
  await expect(enrollments.contract('Contract of Mila Okafor').getByText('For Mila Okafor from 2027-01-04.')).toBeVisible();
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
