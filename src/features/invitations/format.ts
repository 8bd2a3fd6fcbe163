import type { InvitationPreview, InvitationStatus } from '../../../contract/invitations';
import { formatLongDate } from '../../shared/ui/time-zones';

/** "December 10, 2026" in the reader's locale, on the reader's clock (an invitation is read before joining the organization). */
export const formatDate = (iso: string) => formatLongDate(iso);

export const ANSWERED: Record<Exclude<InvitationStatus, 'pending'>, string> = {
  accepted: 'You accepted this invitation.',
  rejected: 'You declined this invitation.',
  cancelled: 'The organization withdrew this invitation.',
  expired: 'This invitation has expired. Ask the organization to invite you again.',
};

type Dated = { status: InvitationStatus; expires_at: string; answered_at: string | null };

const DATE_LABEL: Record<InvitationStatus, string> = {
  pending: 'Expires on',
  accepted: 'Accepted on',
  rejected: 'Declined on',
  cancelled: 'Withdrawn on',
  expired: 'Expired on',
};

/**
 * The one date that is true of an invitation in its state: when an open one runs out, when an
 * answered or withdrawn one was answered or withdrawn, when an expired one ran out. An answered one
 * without its answer's time (none is stored so) shows no date rather than a wrong one.
 */
export function invitationDate(invitation: Dated): { label: string; date: string } | null {
  const isClosedByTime = invitation.status === 'pending' || invitation.status === 'expired';
  const iso = isClosedByTime ? invitation.expires_at : invitation.answered_at;
  return iso === null ? null : { label: DATE_LABEL[invitation.status], date: formatDate(iso) };
}

/** What the link's page says of an invitation before sign-in, in one sentence for each state. */
export function previewSentence(preview: InvitationPreview): string {
  const name = preview.organization.name;
  const when = invitationDate(preview)?.date;
  const on = when ? ` on ${when}` : '';
  switch (preview.status) {
    case 'pending':
      return `This invitation is open until ${when}.`;
    case 'accepted':
      return `This invitation was already accepted${on}. Sign in to work in ${name}.`;
    case 'rejected':
      return `This invitation was declined${on}. Ask ${name} to invite you again if you want to join.`;
    case 'cancelled':
      return `${name} withdrew this invitation${on}. Ask them to invite you again if you still want to join.`;
    case 'expired':
      return `This invitation expired${on}. Ask ${name} to invite you again.`;
  }
}
