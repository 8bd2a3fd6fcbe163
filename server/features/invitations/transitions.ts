import type { InvitationStatus } from '../../../contract/invitations';
import { transitions, type Refusal } from '../../lib/transitions';

const conflict = (detail: string): Refusal => ({ code: 'CONFLICT', detail });

/** Why the invitee cannot answer an invitation that is no longer pending. */
const answered = (status: InvitationStatus): Refusal => {
  switch (status) {
    case 'accepted':
      return conflict('This invitation has already been accepted.');
    case 'rejected':
      return conflict('This invitation has already been declined.');
    case 'cancelled':
      return conflict('The organization has withdrawn this invitation.');
    case 'expired':
    case 'pending':
      return conflict('This invitation has expired. Ask the organization to invite you again.');
  }
};

/**
 * An invitation's life: pending until the therapist accepts or declines it, the organization
 * withdraws it, or it expires. Only an answered (or expired) one may leave the organization's list.
 */
export const invitationMoves = transitions<InvitationStatus, 'accept' | 'reject' | 'cancel' | 'archive'>({
  accept: { from: ['pending'], refuse: answered },
  reject: { from: ['pending'], refuse: answered },
  cancel: {
    from: ['pending'],
    refuse: (status) =>
      status === 'accepted'
        ? conflict('This invitation has been accepted: the therapist is a member now, end the membership instead.')
        : conflict(`This invitation is ${status} already and can no longer be cancelled.`),
  },
  archive: {
    from: ['accepted', 'rejected', 'cancelled', 'expired'],
    refuse: () => conflict('A pending invitation stays on the list until it is answered; cancel it first to archive it.'),
  },
});
