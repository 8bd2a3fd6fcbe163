import { useQuery } from '@tanstack/react-query';
import { businessOutline } from 'ionicons/icons';
import type { MyMembership } from '../../../../contract/memberships';
import { errorText } from '../../../shared/api/error-text';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/page-states';
import { MEMBERSHIPS_ERROR_TEXT } from '../error-text';
import '../memberships.css';
import { myMembershipQueries } from '../queries';

const STATUS: Record<MyMembership['status'], string> = {
  active: 'Active',
  resigning: 'Resignation asked',
  resigned: 'Resigned',
  terminated: 'Ended by the organization',
};
const ROLE: Record<MyMembership['role'], string> = { therapist: 'Therapist', staff: 'Staff' };
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** The organizations the person is or was a member of, with the membership's status and since when. */
export function MyMemberships() {
  const query = useQuery(myMembershipQueries.list());
  if (query.isPending) {
    return <LoadingState label="Loading your memberships…" />;
  }
  if (query.isError) {
    return <ErrorState message={errorText(query.error, MEMBERSHIPS_ERROR_TEXT.fetchMemberships)} onRetry={() => void query.refetch()} />;
  }
  if (query.data.results.length === 0) {
    return (
      <EmptyState icon={businessOutline} title="No memberships yet">
        Accept an invitation from a clinic or school and it appears here.
      </EmptyState>
    );
  }
  return (
    <ul className="membership-list" aria-label="Your memberships">
      {query.data.results.map((membership) => (
        <li key={membership.id} className="membership-list__item">
          <div>
            <strong>{membership.organization.name}</strong>
            <span className="muted">
              {' '}
              · {ROLE[membership.role]} since {dayFormat.format(new Date(membership.joined_at))}
            </span>
          </div>
          <span className={`admin-badge admin-badge--${membership.status === 'active' ? 'on' : 'off'}`}>{STATUS[membership.status]}</span>
        </li>
      ))}
    </ul>
  );
}
