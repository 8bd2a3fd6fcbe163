import type { OrgStatus, ParentStatus } from '../../../../contract/enrollments';

export const ORG_STATUS_WORDS: Record<OrgStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  on_hold: 'On hold',
  discharged: 'Discharged',
};

/**
 * The parent filter's choices. An enrollment without a parent is stored as accepted (nothing waits on
 * anyone), so "accepted" also finds those, and its choice says so.
 */
export const PARENT_STATUS_WORDS: Record<ParentStatus, string> = {
  pending: 'Awaiting parent',
  accepted: 'Accepted by parent, or no parent',
  declined: 'Declined by parent',
  withdrawn: 'Withdrawn by parent',
};

/**
 * What the Parent column says of one enrollment: only what is true of it. A record the organization
 * keeps, or a student with their own account, has no parent to accept anything; a discharged
 * enrollment no longer waits for a parent who never answered.
 */
export function parentAnswerText(e: { has_parent: boolean; parent_status: ParentStatus; org_status: OrgStatus }): string {
  if (!e.has_parent) {
    return 'No parent linked';
  }
  if (e.parent_status === 'pending') {
    return e.org_status === 'discharged' ? 'Parent did not answer' : 'Awaiting parent';
  }
  return { accepted: 'Accepted by parent', declined: 'Declined by parent', withdrawn: 'Withdrawn by parent' }[e.parent_status];
}

/** The statuses an enrollment may move to from its own (the server's moves; it refuses the others with a sentence). */
export const NEXT_STATUSES: Record<OrgStatus, OrgStatus[]> = {
  pending: ['active', 'discharged'],
  active: ['on_hold', 'discharged'],
  on_hold: ['active', 'discharged'],
  discharged: [],
};
