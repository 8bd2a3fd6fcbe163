import { expect, test } from '@playwright/test';
import { InvitationsTab, MyOrganizationsPage } from './pages/invitations-pages';
import { registerOwnerByApi, uniqueEmail, uniqueName } from './support/api';

const PASSWORD = 'e2e long passphrase 1';

test('an owner invites a therapist by code, the therapist accepts, the owner sees them active', async ({ page, browser }) => {
  // The owner: a clinic of their own, so the journey starts from an empty list.
  const owner = await registerOwnerByApi(page.request);

  // The therapist, in a browser of their own: registered, with the code their home page shows.
  const therapistContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const therapistPage = await therapistContext.newPage();
  const therapist = { first: uniqueName('Robin'), last: uniqueName('Reyes'), email: uniqueEmail('therapist') };
  const registered = await therapistPage.request.post('/api/users/auth/register/', {
    data: { email: therapist.email, password: PASSWORD, first_name: therapist.first, last_name: therapist.last, user_type: 'THE' },
  });
  expect(registered.status()).toBe(201);
  await therapistPage.goto('/');
  const code = (await therapistPage.locator('.therapist-code__value').textContent())!.trim();
  expect(code).toMatch(/^[A-Z2-9]{8}$/);

  // The owner invites by that code from People.
  const invitations = new InvitationsTab(page);
  await page.goto('/organization/people?show=invitations');
  await expect(invitations.root.getByText('No invitations yet')).toBeVisible();
  await invitations.inviteByCode(code, `${therapist.first} ${therapist.last}`);
  await expect(invitations.row(`${therapist.first} ${therapist.last}`)).toContainText('Waiting');

  // The therapist accepts on My organizations.
  const mine = new MyOrganizationsPage(therapistPage);
  await therapistPage.goto('/my-organizations');
  await mine
    .invitation(owner.organizationName!)
    .getByRole('button', { name: `Join ${owner.organizationName}` })
    .click();
  await expect(mine.memberships()).toContainText(owner.organizationName!);
  await expect(mine.memberships()).toContainText('Active');
  await therapistContext.close();

  // The owner sees them among the therapists, active, and the invitation accepted.
  await page.reload();
  await expect(invitations.row(`${therapist.first} ${therapist.last}`)).toContainText('Accepted');
  await invitations.tab('Therapists').click();
  await expect(invitations.row(`${therapist.first} ${therapist.last}`)).toContainText('Active');
});
