import { IonButton } from '@ionic/react';
import type { MyInvitation } from '../../../../contract/invitations';
import { useAnswerInvitationMutation } from '../mutations';
import { ANSWERED } from '../format';
import { InvitationFacts, ORGANIZATION_KIND } from './invitation-facts';

/** One invitation as its therapist reads it: who asks, to what, as what, until when; accept or decline while it is open. */
export function InvitationCard({ invitation, onAccepted }: { invitation: MyInvitation; onAccepted?: () => void }) {
  const accept = useAnswerInvitationMutation('accept', { isFromLink: onAccepted !== undefined });
  const reject = useAnswerInvitationMutation('reject');
  const isBusy = accept.isPending || reject.isPending;
  const { organization, invited_by: by } = invitation;
  return (
    <div className="card org-card invitation-card">
      <p className="org-card__kind">{ORGANIZATION_KIND[organization.kind]}</p>
      <h3>{organization.name}</h3>
      <InvitationFacts
        invitation={invitation}
        invitedBy={by}
        roleName={invitation.role?.name ?? 'Therapist'}
        extra={invitation.departments.length > 0 ? [['Departments', invitation.departments.map((d) => d.name).join(', ')]] : []}
      />
      {invitation.message && <p className="invitation-card__message">“{invitation.message}”</p>}
      {invitation.status === 'pending' ? (
        <div className="admin-dialog__actions">
          <IonButton fill="outline" color="medium" disabled={isBusy} onClick={() => reject.mutate(invitation.token)}>
            {reject.isPending ? 'Declining…' : 'Decline'}
          </IonButton>
          <IonButton disabled={isBusy} onClick={() => accept.mutate(invitation.token, { onSuccess: onAccepted })}>
            {accept.isPending ? 'Joining…' : `Join ${organization.name}`}
          </IonButton>
        </div>
      ) : (
        <p className="muted">{ANSWERED[invitation.status]}</p>
      )}
    </div>
  );
}
