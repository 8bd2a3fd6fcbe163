import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { ProfessionalProfilePage } from '../pages/professional-profile-page';
import { uniqueEmail, uniqueName } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { saveScreenAtSizes, TABLET_SIZES } from '../support/screens';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test.describe('the professional profile at the tablet in landscape', () => {
  test.use({ viewport: TABLET_SIZES[0].viewport });

  test('a therapist fills in their profile: names follow at once, a credential expiring soon is flagged', async ({ page }) => {
    // A therapist of their own, so no other test sees the names change.
    const registered = await page.request.post('/api/users/auth/register/', {
      data: {
        email: uniqueEmail('profile'),
        password: 'e2e long passphrase 1',
        first_name: 'Rowan',
        last_name: 'Therapist',
        user_type: 'THE',
      },
    });
    expect(registered.status()).toBe(201);
    const profile = new ProfessionalProfilePage(page);
    const shell = new AppShell(page);
    await page.goto('/');
    await shell.navigateTo('Professional profile');
    await expect(page).toHaveURL(/\/professional-profile$/);
    await expect(profile.section('Certifications and licences')).toContainText('No certifications yet');
    await expect(profile.section('Skills')).toContainText('No skills yet');
    await saveScreenAtSizes(page, 'professional-profile-empty', TABLET_SIZES);

    // New names are the account's: the menu shows them without a reload.
    const first = uniqueName('Rowan');
    await profile.firstName.fill(first);
    await profile.headline.fill('Occupational therapist');
    await profile.saveAbout.click();
    await expect(page.getByText('Profile saved.')).toBeVisible();
    await shell.openMenu();
    await expect(shell.menu).toContainText(`${first} Therapist`);
    await shell.closeMenu();

    // A certification expiring in 30 days, added through its dialog with the date inputs.
    await profile.section('Certifications and licences').getByRole('button', { name: 'Add a certification' }).click();
    await profile.field('Name').fill('OTR/L licence');
    await profile.field('Issued on').fill(day(-700));
    await profile.field('Expires on').fill(day(30));
    await saveScreenAtSizes(page, 'professional-profile-certification-dialog', TABLET_SIZES);
    await profile.dialog.getByRole('button', { name: 'Save' }).click();
    await expect(profile.dialog).toHaveCount(0);
    const certifications = profile.section('Certifications and licences');
    await expect(certifications).toContainText('OTR/L licence');
    await expect(certifications).toContainText('Expires soon');

    // An expiry before the issue date is refused on the field, and nothing changes.
    await certifications.getByRole('button', { name: 'Change OTR/L licence' }).click();
    await profile.field('Expires on').fill(day(-800));
    await profile.dialog.getByRole('button', { name: 'Save' }).click();
    await expect(profile.dialog).toContainText('The expiry date comes before the issue date.');
    await profile.field('Expires on').fill(day(400));
    await profile.dialog.getByRole('button', { name: 'Save' }).click();
    await expect(profile.dialog).toHaveCount(0);
    await expect(certifications).not.toContainText('Expires soon');

    // A skill added and removed again.
    await profile.section('Skills').getByRole('button', { name: 'Add a skill' }).click();
    await profile.field('Skill').fill('Sensory integration');
    await profile.dialog.getByRole('button', { name: 'Save' }).click();
    await expect(profile.section('Skills')).toContainText('Sensory integration');
    await profile.section('Skills').getByRole('button', { name: 'Remove Sensory integration' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect(profile.section('Skills')).toContainText('No skills yet');
    await saveScreenAtSizes(page, 'professional-profile-filled', TABLET_SIZES);
    await expectNoSeriousA11yViolations(page, 'professional-profile');
  });
});
