/** What other server features may use of memberships: adding (or reactivating) a member, and finding one. */
export { addMembership, findMembershipOfUser } from './service-admin';

// The seed also ends a membership, to show an ended one.
export { terminateMembership } from './service-life';
