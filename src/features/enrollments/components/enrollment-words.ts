import type { OrgStatus, ParentStatus } from '../../../../contract/enrollments';

export const ORG_STATUS_WORDS: Record<OrgStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  on_hold: 'On hold',
  discharged: 'Discharged',
};

export const PARENT_STATUS_WORDS: Record<ParentStatus, string> = {
  pending: 'Awaiting parent',
  accepted: 'Accepted by parent',
  declined: 'Declined by parent',
  withdrawn: 'Withdrawn by parent',
};

/** The statuses an enrollment may move to from its own (the server's moves; it refuses the others with a sentence). */
export const NEXT_STATUSES: Record<OrgStatus, OrgStatus[]> = {
  pending: ['active', 'discharged'],
  active: ['on_hold', 'discharged'],
  on_hold: ['active', 'discharged'],
  discharged: [],
};
