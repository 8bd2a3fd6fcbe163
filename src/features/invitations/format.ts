import type { InvitationStatus } from '../../../contract/invitations';

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/** "December 10, 2026" in the reader's locale. */
export const formatDate = (iso: string) => dayFormat.format(new Date(iso));

export const ANSWERED: Record<Exclude<InvitationStatus, 'pending'>, string> = {
  accepted: 'You accepted this invitation.',
  rejected: 'You declined this invitation.',
  cancelled: 'The organization withdrew this invitation.',
  expired: 'This invitation has expired. Ask the organization to invite you again.',
};
