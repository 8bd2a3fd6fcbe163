import type { Invitation, InvitationPreview, InvitationStatus, MyInvitation } from '../../../contract/invitations';
import type { Change } from '../../lib/audit-trail';
import type { RacedConstraint } from '../../lib/db-errors';
import type { InvitationDetail, InvitationRow } from './repository';

/** What a person hears when a save meets one of this feature's unique constraints (409). */
export const UNIQUE_CONSTRAINTS: Readonly<Record<string, RacedConstraint>> = {
  invitations_token_uq: { detail: 'The invitation could not be sent. Please try again.' },
  users_therapist_code_unique: { detail: 'Your account could not be given a therapist code. Please try again.' },
};

/** The status a person reads: a pending invitation past its expiry is expired. */
export const statusOf = (row: Pick<InvitationRow, 'status' | 'expiresAt'>, now: Date): InvitationStatus =>
  row.status === 'pending' && row.expiresAt.getTime() <= now.getTime() ? 'expired' : row.status;

function shared(detail: InvitationDetail, now: Date) {
  const row = detail.invitation;
  return {
    token: row.token,
    status: statusOf(row, now),
    role: detail.role,
    departments: detail.departments,
    message: row.message,
    invited_by: { first_name: detail.invitedBy.firstName, last_name: detail.invitedBy.lastName },
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
  };
}

export const presentInvitation =
  (now: Date) =>
  (detail: InvitationDetail): Invitation => ({
    ...shared(detail, now),
    email: detail.invitation.email,
    therapist: detail.therapist
      ? { user_id: detail.therapist.userId, first_name: detail.therapist.firstName, last_name: detail.therapist.lastName }
      : null,
    is_archived: detail.invitation.isArchived,
  });

export const presentMyInvitation =
  (now: Date) =>
  (detail: InvitationDetail): MyInvitation => ({ ...shared(detail, now), organization: detail.organization });

/** The public preview: the address and whether it has an account only while the invitation is open. */
export function presentPreview(now: Date, detail: InvitationDetail, hasAccount: boolean): InvitationPreview {
  const { invitation: row, organization, invitedBy } = detail;
  const status = statusOf(row, now);
  const isOpen = status === 'pending';
  return {
    status,
    organization: { name: organization.name, kind: organization.kind },
    invited_by: { first_name: invitedBy.firstName, last_name: invitedBy.lastName },
    role_name: detail.role?.name ?? 'Therapist',
    email: isOpen ? row.email : null,
    has_account: isOpen && hasAccount,
    expires_at: row.expiresAt.toISOString(),
    answered_at: row.answeredAt?.toISOString() ?? null,
  };
}

/** The fields the audit trail keeps of an invitation (never its token: it lets the invitee in). */
const tracked = (row: InvitationRow) => ({
  email: row.email,
  user_id: row.userId,
  role_id: row.roleId,
  department_ids: row.departmentIds,
  status: row.status,
  is_archived: row.isArchived,
});

export function invitationChange(before: InvitationRow | null, after: InvitationRow): Change {
  return {
    action: before ? 'update' : 'create',
    entity: 'invitation',
    entityId: after.id,
    before: before && tracked(before),
    after: tracked(after),
  };
}
