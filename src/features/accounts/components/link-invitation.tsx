import type { ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import type { InvitationPreview } from '../../../../contract/invitations';
import { invitationPreviewQuery } from '../../../shared/api/invitation-preview';
import { AuthLayout } from '../../../shared/ui/auth-layout';
import { LoadingState } from '../../../shared/ui/page-states';

/**
 * The invitation sign-in or registration continues from (`?invitation=<token>`, set by the link's
 * page): its preview while it is still open, else nothing and the form is the ordinary one.
 */
export function useLinkInvitation(): { token: string | null; open: InvitationPreview | undefined; isWaiting: boolean } {
  const token = new URLSearchParams(useLocation().search).get('invitation');
  const query = useQuery({ ...invitationPreviewQuery(token ?? ''), enabled: token !== null });
  const open = query.data?.status === 'pending' ? query.data : undefined;
  return { token: open ? token : null, open, isWaiting: token !== null && query.isPending };
}

export const inviterName = (preview: InvitationPreview) => `${preview.invited_by.first_name} ${preview.invited_by.last_name}`;

/** "Olivia Owner invited you to join Harbor Clinic as Therapist." */
export const invitedSentence = (preview: InvitationPreview) =>
  `${inviterName(preview)} invited you to join ${preview.organization.name} as ${preview.role_name}.`;

/** Sign-in from an invitation comes back to its link's page, to answer it there. */
export const signInSearch = (token: string) => `?invitation=${token}&next=${encodeURIComponent(`/invitations/${token}`)}`;

/** What a form continuing from an invitation's link is given: the open invitation and its token, if any. */
export interface InvitedFormProps {
  invitation?: InvitationPreview;
  token: string | null;
}

/** Sign-in's or registration's form, once the invitation it continues from (if any) is known. */
export function WithLinkInvitation({ title, Form }: { title: string; Form: ComponentType<InvitedFormProps> }) {
  const invited = useLinkInvitation();
  if (invited.isWaiting) {
    return (
      <AuthLayout title={title}>
        <LoadingState label="Loading your invitation…" />
      </AuthLayout>
    );
  }
  return <Form invitation={invited.open} token={invited.token} />;
}
