import { expect, test } from '@playwright/test';
import { signInByApi } from '../support/api';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DEMO } from '../support/demo';
import { saveScreen } from '../support/screens';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
] as const;

for (const viewport of SIZES) {
  const size = `${viewport.width}x${viewport.height}`;
  test.describe(`people at ${size}`, () => {
    test.use({ viewport });

    test('the owner finds students, parents and therapists in the directories', async ({ page }) => {
      await signInByApi(page, DEMO.clinicOwner.email);
      await page.goto('/');
      await page.getByRole('link', { name: 'People' }).first().click();
      await expect(page).toHaveURL(/\/organization\/people/);
      const table = page.getByRole('table');
      // Students (the demo clinic: Leo, Ava and Noah), with departments and parent.
      await expect(table.getByRole('row').filter({ hasText: 'Leo Thompson' })).toContainText('Sarah Thompson');
      await expect(table.getByRole('row').filter({ hasText: 'Noah Bennett' })).toContainText('Applied Behavior Analysis');
      await saveScreen(page, `people-students`);
      await page.getByLabel('Search students').fill('noah');
      await expect(table.getByRole('row').filter({ hasText: 'Leo Thompson' })).toHaveCount(0);
      await expect(table.getByRole('row').filter({ hasText: 'Noah Bennett' })).toHaveCount(1);

      await page.locator('ion-segment-button', { hasText: 'Parents' }).click();
      await expect(page).toHaveURL(/show=parents/);
      await expect(table.getByRole('row').filter({ hasText: 'Sarah Thompson' })).toContainText('Leo Thompson');

      await page.locator('ion-segment-button', { hasText: 'Therapists' }).click();
      await expect(table.getByRole('row').filter({ hasText: 'Jordan Reyes' })).toContainText('Applied Behavior Analysis');
      await saveScreen(page, `people-therapists`);
      await expectNoSeriousA11yViolations(page, `people-therapists-${size}`);
    });
  });
}

test('a therapist has no People entry: their tablet menu stays the collector’s', async ({ page }) => {
  await signInByApi(page, DEMO.jordan.email);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Data collector' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'People' })).toHaveCount(0);
});
