import { useQuery } from '@tanstack/react-query';
import { mailOutline } from 'ionicons/icons';
import { EmptyState, QueryWaiting } from '../../../shared/ui/page-states';
import { INVITATIONS_ERROR_TEXT } from '../error-text';
import '../invitations.css';
import { myInvitationQueries } from '../queries';
import { InvitationCard } from './invitation-card';

/** The therapist's open invitations to answer; answered ones are history and stay off this list. */
export function MyInvitations() {
  const query = useQuery(myInvitationQueries.list());
  if (!query.isSuccess) {
    return <QueryWaiting query={query} label="Loading your invitations…" errorText={INVITATIONS_ERROR_TEXT.fetchInvitations} />;
  }
  const open = query.data.results.filter((invitation) => invitation.status === 'pending');
  if (open.length === 0) {
    return (
      <EmptyState icon={mailOutline} title="No invitations waiting">
        Give a clinic or school your therapist code, or the e-mail address of this account: their invitation appears here.
      </EmptyState>
    );
  }
  return (
    <ul className="invitation-list">
      {open.map((invitation) => (
        <li key={invitation.token}>
          <InvitationCard invitation={invitation} />
        </li>
      ))}
    </ul>
  );
}
