import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { HomePage } from './pages/home-page';
import { InvitationsTab } from './pages/invitations-pages';
import { screenWithTitle } from './pages/screen';
import { registerOwnerByApi, uniqueEmail, uniqueName } from './support/api';
import { expectNoSeriousA11yViolations } from './support/axe';
import { saveScreenAtSizes } from './support/screens';
import { appDataDir, WORKER } from './support/servers';

const PASSWORD = 'e2e long passphrase 1';
const PHONE = { viewport: { width: 390, height: 844 } };
const TABLET = [{ viewport: { width: 1024, height: 768 } }, { viewport: { width: 768, height: 1024 } }];
const DESK = { viewport: { width: 1280, height: 800 } };
const EVERY_SIZE = [PHONE, ...TABLET, DESK];

test.use({ viewport: DESK.viewport, serviceWorkers: 'block' });

/**
 * The link of the invitation e-mail to `to`, as the server's mail outbox wrote it: without a mail
 * server the sender writes each message as a file in the data folder (quoted-printable text, so a
 * long line may be wrapped with "=" at its end).
 */
async function invitationLinkFor(to: string): Promise<string> {
  const folder = path.join(appDataDir(WORKER), 'mail');
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
        for (const file of files) {
          const text = fs.readFileSync(path.join(folder, file), 'utf8').replace(/=\r?\n/g, '');
          if (text.includes(to)) {
            link = /https?:\/\/[^\s"<>]+\/invitations\/[A-Za-z0-9_-]{43}/.exec(text)?.[0];
          }
        }
        return link;
      },
      { timeout: 20_000, message: `the invitation e-mail to ${to}` },
    )
    .toBeTruthy();
  return new URL(link!).pathname;
}

async function inviteByEmail(page: Page, email: string) {
  const invitations = new InvitationsTab(page);
  await page.goto('/organization/people?show=invitations');
  await expect(invitations.root.getByText('No invitations yet')).toBeVisible();
  await invitations.root.getByRole('button', { name: 'Invite a therapist' }).first().click();
  await invitations.dialog.getByLabel('Find the therapist by').selectOption('email');
  await invitations.dialog.getByLabel('E-mail address').fill(email);
  await invitations.dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invitations.row(email)).toContainText('Waiting');
  return invitations;
}

test('an owner invites by e-mail; the invitee opens the link, sees who invited them, registers as a therapist and lands in the organization', async ({
  page,
  browser,
}) => {
  const owner = await registerOwnerByApi(page.request);
  const org = owner.organizationName!;
  const therapist = { first: uniqueName('Robin'), last: uniqueName('Reyes'), email: uniqueEmail('invitee') };
  const invitations = await inviteByEmail(page, therapist.email);
  const link = await invitationLinkFor(therapist.email);

  // A browser that has never signed in, on a phone: the link says who invites to what.
  const invitee = await browser.newContext({ viewport: PHONE.viewport, serviceWorkers: 'block' });
  const phone = await invitee.newPage();
  await phone.goto(link);
  const landing = screenWithTitle(phone, `Join ${org}`);
  await expect(landing.getByText(`${owner.firstName} ${owner.lastName} invited you to join ${org} as Therapist.`)).toBeVisible();
  await expect(landing.getByText(therapist.email)).toBeVisible();
  await expect(landing.locator('dt', { hasText: 'Expires on' })).toBeVisible();
  await expectNoSeriousA11yViolations(phone, 'invitation-landing');
  await saveScreenAtSizes(phone, 'invitation-landing', EVERY_SIZE);

  // Sign-in continues from it too, with the address filled in (this invitee has no account: back).
  await landing.getByRole('link', { name: 'Sign in to answer' }).click();
  const signIn = screenWithTitle(phone, 'Sign in');
  await expect(signIn.getByText(`invited you to join ${org} as Therapist. Sign in to answer.`)).toBeVisible();
  await expect(signIn.getByLabel('E-mail address')).toHaveValue(therapist.email);
  await saveScreenAtSizes(phone, 'invitation-sign-in', [PHONE, TABLET[0]!]);
  await phone.goBack();

  // Registration continues from it: a therapist's form with the invited address in place.
  await screenWithTitle(phone, `Join ${org}`).getByRole('link', { name: 'Create your therapist account' }).click();
  const form = screenWithTitle(phone, `Join ${org}`);
  await expect(form.getByRole('button', { name: 'Create account and join' })).toBeVisible();
  await expect(form.getByRole('radio')).toHaveCount(0);
  const address = form.getByLabel('E-mail address');
  await expect(address).toHaveValue(therapist.email);
  await form.getByLabel('First name').fill(therapist.first);
  await form.getByLabel('Last name').fill(therapist.last);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await saveScreenAtSizes(phone, 'invitation-register', EVERY_SIZE);
  await form.getByRole('button', { name: 'Create account and join' }).click();

  // Home, in the organization, as its therapist.
  const home = new HomePage(phone);
  await home.expectSignedIn(therapist.first);
  await expect(home.organizationName).toHaveText(org);
  await expect(home.fact('Your role')).toHaveText('Therapist');
  await saveScreenAtSizes(phone, 'invitation-joined-home', [PHONE, ...TABLET]);
  await invitee.close();

  // The owner sees the invitation accepted.
  await page.reload();
  await expect(invitations.row(`${therapist.first} ${therapist.last}`)).toContainText('Accepted');

  // The link again, signed out elsewhere: it says in a sentence that it was used.
  const later = await browser.newContext({ viewport: PHONE.viewport, serviceWorkers: 'block' });
  const again = await later.newPage();
  await again.goto(link);
  const used = screenWithTitle(again, `Invitation to ${org}`);
  await expect(used.getByRole('status')).toHaveText(
    new RegExp(`^This invitation was already accepted on .+\\. Sign in to work in ${org}\\.$`),
  );
  await expect(used.locator('dt', { hasText: 'Accepted on' })).toBeVisible();
  await expect(used.getByText(therapist.email)).toHaveCount(0);
  await saveScreenAtSizes(again, 'invitation-used', [PHONE, DESK]);

  // A link with a wrong token says it does not work.
  await again.goto(`/invitations/${'A'.repeat(43)}`);
  await expect(screenWithTitle(again, 'This invitation link does not work')).toBeVisible();
  await later.close();
});

test("a new owner's Home lists the first steps, ticks them as they are done, and can be hidden", async ({ page }) => {
  const owner = await registerOwnerByApi(page.request);
  const home = new HomePage(page);
  await home.goto();
  const list = home.root.getByRole('region', { name: 'Getting started' });
  await expect(list.getByText('0 of 5 done')).toBeVisible();
  await saveScreenAtSizes(page, 'home-getting-started-empty', [DESK, ...TABLET]);

  // Each step links to where it is done.
  await list.getByRole('link', { name: /Add a department/ }).click();
  await expect(page).toHaveURL(/\/organization\/departments$/);

  // The owner's one organization, as the API names it; two steps are taken there by its calls.
  const orgs = (await (await page.request.get('/api/tenant-management/organizations/')).json()) as { results: Array<{ code: string }> };
  const code = orgs.results[0]!.code;
  const created = await page.request.post(`/api/tenant-management/organization/${code}/departments/`, { data: { name: 'Speech' } });
  expect(created.status()).toBe(201);
  const service = await page.request.post(`/api/tenant-management/organization/${code}/services/`, {
    data: { name: 'Speech therapy', price: '60.00', duration_minutes: 45 },
  });
  expect(service.status()).toBe(201);
  await inviteByEmail(page, uniqueEmail('first-therapist'));

  await home.goto();
  await expect(list.getByText('3 of 5 done')).toBeVisible();
  await expect(list.getByRole('link', { name: /Add a department \(done\)/ })).toBeVisible();
  await expect(list.getByRole('link', { name: /Add your services \(done\)/ })).toBeVisible();
  await expect(list.getByRole('link', { name: /Invite a therapist \(done\)/ })).toBeVisible();
  await expect(list.getByRole('link', { name: /Enroll a child \(to do\)/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'home-getting-started');
  await saveScreenAtSizes(page, 'home-getting-started-progress', [DESK, ...TABLET]);

  await list.getByRole('button', { name: 'Hide the getting-started list' }).click();
  await expect(list).toHaveCount(0);
  await page.reload();
  await expect(home.greeting(owner.firstName)).toBeVisible();
  await expect(home.root.getByRole('region', { name: 'Getting started' })).toHaveCount(0);
});

test.describe('the time zone picker', () => {
  test.use({ timezoneId: 'America/Chicago' });

  test("registration starts at the device's zone and finds a zone by its city from the keyboard; settings use the same picker", async ({
    page,
  }) => {
    await page.goto('/register');
    const form = screenWithTitle(page, 'Create your account');
    const zone = form.getByRole('combobox', { name: 'Time zone' });
    await expect(zone).toHaveValue('Chicago (America/Chicago)');

    await zone.click();
    const suggestions = form.getByRole('listbox', { name: 'Time zone suggestions' });
    // The device's zone, then the common ones, before the rest.
    await expect(suggestions.getByRole('option').first()).toHaveText('Chicago (America/Chicago)');
    await expect(suggestions.getByRole('option').nth(1)).toHaveText('New York (America/New_York)');
    await zone.fill('york');
    await expect(suggestions.getByRole('option')).toHaveText(['New York (America/New_York)']);
    await saveScreenAtSizes(page, 'register-time-zone-search', [DESK, ...TABLET]);
    await zone.press('Enter');
    await expect(zone).toHaveValue('New York (America/New_York)');
    await expect(suggestions).toBeHidden();

    // A search that picks nothing leaves the zone as it was.
    await zone.fill('nowhere at all');
    await expect(suggestions.getByRole('option')).toHaveText(['No time zone matches “nowhere at all”.']);
    await zone.press('Escape');
    await expect(zone).toHaveValue('New York (America/New_York)');

    // The organization's settings: the same picker, showing the saved zone.
    await registerOwnerByApi(page.request);
    await page.goto('/organization/settings');
    const settings = screenWithTitle(page, 'Organization settings');
    const saved = settings.getByRole('combobox', { name: 'Time zone' });
    await expect(saved).toHaveValue('Berlin (Europe/Berlin)');
    await saved.fill('tok');
    await expect(settings.getByRole('option', { name: 'Tokyo (Asia/Tokyo)' })).toBeVisible();
    await saveScreenAtSizes(page, 'settings-time-zone-search', [DESK, ...TABLET]);
    await settings.getByRole('option', { name: 'Tokyo (Asia/Tokyo)' }).click();
    await expect(saved).toHaveValue('Tokyo (Asia/Tokyo)');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await page.reload();
    await expect(screenWithTitle(page, 'Organization settings').getByRole('combobox', { name: 'Time zone' })).toHaveValue(
      'Tokyo (Asia/Tokyo)',
    );
  });
});
