import type { MyMembership } from '../../../contract/memberships';
import type { RacedConstraint } from '../../lib/db-errors';
import type { membershipsOfUser } from './repository';

/** What a person hears when two saves race into one of this feature's unique constraints (409, on the field). */
export const UNIQUE_CONSTRAINTS: Readonly<Record<string, RacedConstraint>> = {
  memberships_user_uq: { detail: 'This person is already a member of the organization.' },
};

type MembershipOfUserRow = Awaited<ReturnType<typeof membershipsOfUser>>[number];

export const myMembership = ({ membership, organization }: MembershipOfUserRow): MyMembership => ({
  id: membership.id,
  organization: { id: organization.id, code: organization.code, name: organization.name, kind: organization.kind },
  role: membership.role,
  status: membership.status,
  joined_at: membership.joinedAt.toISOString(),
});
