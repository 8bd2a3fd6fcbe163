import type { MembershipStatus } from '../../../contract/memberships';

/** Active and resigning members still work in the organization; resigned and terminated ones are former members. */
export const isCurrent = (status: MembershipStatus) => status === 'active' || status === 'resigning';
