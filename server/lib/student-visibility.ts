import type { OrgAccess } from '../plugins/auth';
import { notFound } from './app-error';

/**
 * Which students and whose assignments a member may read. Every feature that shows students or
 * a therapist's assignments asks here, so the rule is written once.
 */

/** A therapist reads their own membership's assignments; members.view (owners, staff) reads anyone's. */
export function requireAssignmentsReadable(org: OrgAccess, membershipId: string): void {
  if (!org.isOwner && !org.permissions.has('members.view') && org.membershipId !== membershipId) {
    throw notFound('Membership');
  }
}
