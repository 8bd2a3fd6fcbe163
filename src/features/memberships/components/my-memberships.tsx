import { useQuery } from '@tanstack/react-query';
import { businessOutline } from 'ionicons/icons';
import { MEMBERSHIP_STATUS_LABELS } from '../../../../contract/memberships';
import { EmptyState, QueryWaiting } from '../../../shared/ui/page-states';
import { MEMBERSHIPS_ERROR_TEXT } from '../error-text';
import { formatDate } from '../../../shared/ui/time-zones';
import { membershipQueries } from '../queries';
import { MembershipActions } from './membership-actions';
import '../memberships.css';

/** The organizations the person is or was a member of, each with its status and what they can do about it (resign, withdraw). */
export function MyMemberships() {
  const query = useQuery(membershipQueries.mine());
  if (!query.isSuccess) {
    return <QueryWaiting query={query} label="Loading your memberships…" errorText={MEMBERSHIPS_ERROR_TEXT.fetchMyMemberships} />;
  }
  if (query.data.results.length === 0) {
    return (
      <EmptyState icon={businessOutline} title="No memberships yet">
        Accept an invitation from a clinic or school and it appears here.
      </EmptyState>
    );
  }
  return (
    <ul className="my-memberships" aria-label="Your memberships">
      {query.data.results.map((membership) => (
        <li key={membership.id} className="my-memberships__item">
          <div>
            <h3 className="my-memberships__name">{membership.organization.name}</h3>
            <p className="muted">
              {membership.role === 'therapist' ? 'Therapist' : 'Staff'} · {MEMBERSHIP_STATUS_LABELS[membership.status]} · Joined{' '}
              {formatDate(membership.joined_at)}
              {membership.ended_at && ` · Ended ${formatDate(membership.ended_at)}`}
            </p>
          </div>
          <MembershipActions membership={membership} />
        </li>
      ))}
    </ul>
  );
}
