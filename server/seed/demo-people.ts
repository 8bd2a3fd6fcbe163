/**
 * The demo's people beyond their memberships, so the people screens have each of their states to
 * show: Jordan's professional profile with a licence about to expire (People flags it), an invitation
 * from the school that Jordan has not answered yet (My organizations asks him), and a therapist whose
 * clinic membership was ended with a reason (People's former members, the member page's reason).
 * Made through the services, like the rest of the seed.
 */
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { OrganizationId, UserId } from '../lib/ids';
import { systemContext, type UserContext } from '../lib/request-context';
import { ProfileBody } from '../../contract/profile';
import { CertificationBody } from '../../contract/profile-items';
import { InviteBody } from '../../contract/invitations';
import { updateProfile, certifications } from '../features/profile';
import { invite } from '../features/invitations';
import { addMembership, terminateMembership } from '../features/memberships';
import { getSettings } from '../features/organizations';

const DAY_MS = 86_400_000;
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

interface Organization {
  id: OrganizationId;
  owner: UserId;
}

export interface DemoPeople {
  jordan: { ctx: UserContext; email: string };
  /** A therapist who worked at the clinic and no longer does. */
  former: { ctx: UserContext; userId: UserId };
  clinic: Organization;
  school: Organization;
}

export async function seedDemoPeople(deps: { database: Database; config: Config }, people: DemoPeople): Promise<void> {
  const { database, config } = deps;
  const { jordan, former, clinic, school } = people;

  await updateProfile(
    jordan.ctx,
    ProfileBody.parse({
      headline: 'Board-certified behavior analyst',
      bio: 'Works with young children on communication and daily-living skills, with parents in every session plan.',
      years_of_practice: 7,
      languages: ['English', 'Spanish'],
      city: 'Boston',
      country: 'US',
    }),
  );
  // Renewal is due in a few weeks: inside the warning window, so People shows the flag until it is renewed.
  await certifications.create(
    jordan.ctx,
    CertificationBody.parse({
      name: 'Board Certified Behavior Analyst (BCBA)',
      issuer: 'Behavior Analyst Certification Board',
      number: '1-19-43521',
      issued_on: dayFromNow(-730),
      expires_on: dayFromNow(45),
    }),
  );

  await database.tenant(school.id, async (tx) => {
    const { code } = (await getSettings(tx, school.id))!;
    const body = InviteBody.parse({
      organization_code: code,
      email: jordan.email,
      message: 'We are starting an after-school behavior program and would love you on the team.',
    });
    const ctx = systemContext(tx, { organizationId: school.id, actor: school.owner, call: 'seed.invitations' });
    await invite(ctx, body, { publicOrigin: config.PUBLIC_ORIGIN });
  });

  await database.tenant(clinic.id, async (tx) => {
    const ctx = systemContext(tx, { organizationId: clinic.id, actor: clinic.owner, call: 'seed.memberships' });
    const membership = await addMembership(ctx, { userId: former.userId, role: 'therapist' });
    await terminateMembership(ctx, membership.id, { reason: 'Contract ended after the summer program.' });
  });
}
