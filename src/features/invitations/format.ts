import type { InvitationStatus } from '../../../contract/invitations';
import { formatLongDate } from '../../shared/ui/time-zones';

/** "December 10, 2026" in the reader's locale, on the reader's clock (an invitation is read before joining the organization). */
export const formatDate = (iso: string) => formatLongDate(iso);

export const ANSWERED: Record<Exclude<InvitationStatus, 'pending'>, string> = {
  accepted: 'You accepted this invitation.',
  rejected: 'You declined this invitation.',
  cancelled: 'The organization withdrew this invitation.',
  expired: 'This invitation has expired. Ask the organization to invite you again.',
};
