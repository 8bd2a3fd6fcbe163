import { transitions } from '../../lib/transitions';
import type { MembershipStatus } from '../../../contract/memberships';

const ended = { code: 'CONFLICT', detail: 'This membership has already ended.' } as const;

/**
 * A membership's life: active → resigning (the member asks to leave, with a reason) → resigned
 * (the organization accepts); the member may withdraw a resignation not yet accepted; the
 * organization may terminate an active or resigning membership (with a reason). Resigned and
 * terminated are ends: only a new invitation, accepted, makes the same membership active again
 * (addMembership), which is not a move of this table.
 */
export const membershipMoves = transitions<MembershipStatus, 'resign' | 'cancelResignation' | 'acceptResignation' | 'terminate'>({
  resign: {
    from: ['active'],
    refuse: (status) =>
      status === 'resigning' ? { code: 'CONFLICT', detail: 'You have already asked to leave this organization.' } : ended,
  },
  cancelResignation: {
    from: ['resigning'],
    refuse: (status) => (status === 'active' ? { code: 'CONFLICT', detail: 'There is no resignation to withdraw.' } : ended),
  },
  acceptResignation: {
    from: ['resigning'],
    refuse: (status) => (status === 'active' ? { code: 'CONFLICT', detail: 'This member has not asked to leave.' } : ended),
  },
  terminate: { from: ['active', 'resigning'], refuse: () => ended },
});
