import type { Member, MembershipDetail, MyMembership } from '../../../contract/memberships';
import type { RacedConstraint } from '../../lib/db-errors';
import type { MembershipRow } from './repository-admin';
import type { MemberWithUser, memberFacts } from './repository-detail';
import type { Profile } from '../../../contract/profile';
import type { membershipsOfUser } from './repository';

/** What a person hears when two saves race into one of this feature's unique constraints (409, on the field). */
export const UNIQUE_CONSTRAINTS: Readonly<Record<string, RacedConstraint>> = {
  memberships_user_uq: { detail: 'This person is already a member of the organization.' },
};

const iso = (at: Date | null) => (at ? at.toISOString() : null);

type MembershipOfUserRow = Awaited<ReturnType<typeof membershipsOfUser>>[number];

export const myMembership = ({ membership, organization }: Pick<MembershipOfUserRow, 'membership' | 'organization'>): MyMembership => ({
  id: membership.id,
  organization: { id: organization.id, code: organization.code, name: organization.name, kind: organization.kind },
  role: membership.role,
  status: membership.status,
  joined_at: membership.joinedAt.toISOString(),
  ended_at: iso(membership.endedAt),
});

export const presentMember = ({ membership, user }: MemberWithUser): Member => ({
  id: membership.id,
  user: { id: user.id, first_name: user.firstName, last_name: user.lastName, email: user.email },
  role: membership.role,
  status: membership.status,
  status_reason: membership.statusReason,
  status_changed_at: iso(membership.statusChangedAt),
  joined_at: membership.joinedAt.toISOString(),
  ended_at: iso(membership.endedAt),
});

const minutes = (seconds: number) => Math.floor(seconds / 60);

export const presentDetail = (
  row: MemberWithUser & { roleName: string | null },
  facts: Awaited<ReturnType<typeof memberFacts>>,
  profile: Profile | null,
): MembershipDetail => ({
  ...presentMember(row),
  role_name: row.roleName,
  departments: facts.departments,
  assigned_students: facts.assigned_students,
  workspace_minutes: { this_month: minutes(facts.this_month_seconds), last_month: minutes(facts.last_month_seconds) },
  sessions: { held: facts.sessions_held, upcoming: facts.sessions_upcoming },
  professional_profile: profile,
});

/** The fields the audit trail keeps of a membership's life. */
export const membershipTrailFields = (row: MembershipRow) => ({
  status: row.status,
  status_reason: row.statusReason,
  ended_at: row.endedAt,
});
