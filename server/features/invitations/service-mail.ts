import type { OutgoingMail } from '../../lib/mail/outbox';
import type { InvitationDetail } from './repository';

const dateOf = (instant: Date) => instant.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** The invitation e-mail: who invites, to which organization, as what, until when, and the link to answer. */
export function invitationMail(detail: InvitationDetail, organizationName: string, publicOrigin: string): OutgoingMail {
  const { invitation, invitedBy, role } = detail;
  const inviter = `${invitedBy.firstName} ${invitedBy.lastName}`.trim();
  const link = `${publicOrigin.replace(/\/$/, '')}/invitations/${invitation.token}`;
  const lines = [
    `${inviter} invites you to join ${organizationName} on Thera${role ? ` as ${role.name}` : ''}.`,
    ...(invitation.message ? ['', invitation.message] : []),
    '',
    `Open this link to accept or decline the invitation: ${link}`,
    '',
    `The invitation expires on ${dateOf(invitation.expiresAt)}. Without a Thera account yet, register as a therapist with this e-mail address first.`,
  ];
  return { to: invitation.email, subject: `${inviter} invites you to join ${organizationName}`, text: lines.join('\n') };
}
