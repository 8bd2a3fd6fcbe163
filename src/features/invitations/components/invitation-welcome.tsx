import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { mailOpenOutline } from 'ionicons/icons';
import type { InvitationPreview } from '../../../../contract/invitations';
import { isApiError } from '../../../shared/api/api-error';
import { errorText } from '../../../shared/api/error-text';
import { invitationPreviewQuery, PREVIEW_ERROR_TEXT } from '../../../shared/api/invitation-preview';
import { AuthLayout } from '../../../shared/ui/auth-layout';
import { ErrorState, LoadingState } from '../../../shared/ui/page-states';
import { previewSentence } from '../format';
import { InvitationFacts, ORGANIZATION_KIND } from './invitation-facts';
import '../invitations.css';

const registerLink = (token: string) => `/register?invitation=${token}`;
const signInLink = (token: string) => `/sign-in?invitation=${token}&next=${encodeURIComponent(`/invitations/${token}`)}`;

/** Who invites to what, as what, and until when: what the invitee reads before deciding. */
function PreviewFacts({ preview }: { preview: InvitationPreview }) {
  return (
    <InvitationFacts
      className="facts invitation-welcome__facts"
      invitation={preview}
      invitedBy={preview.invited_by}
      roleName={preview.role_name}
      lead={[[ORGANIZATION_KIND[preview.organization.kind], preview.organization.name]]}
    />
  );
}

/** The way on from an open invitation: registering joins at once; an account holder signs in to answer. */
function NextSteps({ token, preview }: { token: string; preview: InvitationPreview }) {
  const register = (
    <IonButton key="register" routerLink={registerLink(token)} fill={preview.has_account ? 'outline' : 'solid'}>
      Create your therapist account
    </IonButton>
  );
  const signIn = (
    <IonButton key="sign-in" routerLink={signInLink(token)} fill={preview.has_account ? 'solid' : 'outline'}>
      Sign in to answer
    </IonButton>
  );
  return (
    <>
      <p>
        It was sent to <strong>{preview.email}</strong>.{' '}
        {preview.has_account
          ? 'That address has a Thera account: sign in to accept or decline.'
          : 'Create your Thera account with that address to join, or sign in if you already have one.'}
      </p>
      <div className="invitation-welcome__actions">{preview.has_account ? [signIn, register] : [register, signIn]}</div>
    </>
  );
}

/** The e-mail's link opened signed out: the invitation as its link shows it, and the way on. */
export function InvitationWelcome({ token }: { token: string }) {
  const query = useQuery(invitationPreviewQuery(token));
  if (query.isPending) {
    return (
      <AuthLayout title="Invitation">
        <LoadingState label="Loading the invitation…" />
      </AuthLayout>
    );
  }
  if (query.isError) {
    const isUnknown = isApiError(query.error) && query.error.status === 404;
    return (
      <AuthLayout
        title={isUnknown ? 'This invitation link does not work' : 'Invitation'}
        icon={mailOpenOutline}
        footer={<Link to="/sign-in">Go to sign-in</Link>}
      >
        {isUnknown ? (
          <p>Open the whole link from the e-mail, or ask the organization that invited you to send a new invitation.</p>
        ) : (
          <ErrorState message={errorText(query.error, PREVIEW_ERROR_TEXT)} onRetry={() => void query.refetch()} />
        )}
      </AuthLayout>
    );
  }
  const preview = query.data;
  const isOpen = preview.status === 'pending';
  const by = `${preview.invited_by.first_name} ${preview.invited_by.last_name}`;
  return (
    <AuthLayout
      title={isOpen ? `Join ${preview.organization.name}` : `Invitation to ${preview.organization.name}`}
      intro={`${by} invited you to join ${preview.organization.name} as ${preview.role_name}.`}
      icon={mailOpenOutline}
      footer={!isOpen && <Link to="/sign-in">Go to sign-in</Link>}
    >
      <PreviewFacts preview={preview} />
      {isOpen ? <NextSteps token={token} preview={preview} /> : <p role="status">{previewSentence(preview)}</p>}
    </AuthLayout>
  );
}
