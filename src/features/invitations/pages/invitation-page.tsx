import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { mailOutline } from 'ionicons/icons';
import { isApiError } from '../../../shared/api/api-error';
import { errorText } from '../../../shared/api/error-text';
import { useAuth } from '../../../shared/auth/auth-store';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/page-states';
import { Screen } from '../../../shared/ui/screen';
import { InvitationCard } from '../components/invitation-card';
import { InvitationWelcome } from '../components/invitation-welcome';
import { INVITATIONS_ERROR_TEXT } from '../error-text';
import { myInvitationQueries } from '../queries';

/**
 * The e-mail's link. Signed out, the invitation as the link shows it and the way on (registering or
 * signing in); signed in, the invitee answers it, and accepting goes on to Home in that organization.
 * Anyone else signed in is told it is not theirs.
 */
export function InvitationPage() {
  const { token = '' } = useParams<{ token: string }>();
  const { isLoggedIn } = useAuth();
  return isLoggedIn ? <MyInvitation token={token} /> : <InvitationWelcome token={token} />;
}

function MyInvitation({ token }: { token: string }) {
  const navigate = useNavigate();
  const query = useQuery({ ...myInvitationQueries.one(token), retry: false });
  return (
    <Screen title="Invitation">
      {query.isPending ? (
        <LoadingState label="Loading the invitation…" />
      ) : query.isError && isApiError(query.error) && query.error.status === 404 ? (
        <EmptyState icon={mailOutline} title="This invitation is not for this account">
          It was sent to another therapist or e-mail address. Sign out and sign in with the account it was sent to, or register as a
          therapist with that e-mail address, then open the link again.
        </EmptyState>
      ) : query.isError ? (
        <ErrorState message={errorText(query.error, INVITATIONS_ERROR_TEXT.fetchInvitation)} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <InvitationCard invitation={query.data} onAccepted={() => navigate('/', { replace: true })} />
          {query.data.status !== 'pending' && (
            <IonButton fill="outline" routerLink="/my-organizations" routerDirection="root">
              Go to My organizations
            </IonButton>
          )}
        </>
      )}
    </Screen>
  );
}
