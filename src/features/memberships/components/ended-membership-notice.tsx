import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { IonButton } from '@ionic/react';
import { businessOutline } from 'ionicons/icons';
import type { MyMembership } from '../../../../contract/memberships';
import { EmptyState, LoadingState } from '../../../shared/ui/page-states';
import { isCurrent } from '../format';
import { formatDate } from '../../../shared/ui/time-zones';
import { membershipQueries } from '../queries';

/** The most recently ended first; a row from before end times were kept (no end time) goes last. */
const latestEnd = (a: MyMembership, b: MyMembership) => (b.ended_at ?? '').localeCompare(a.ended_at ?? '');

/**
 * For a member with no organization left: which membership ended and when, and where a new
 * invitation arrives. Someone who never had a membership, or whose memberships cannot be read just
 * now, sees `fallback`: "no organization yet" is still true for them.
 */
export function EndedMembershipNotice({ fallback }: { fallback: ReactNode }) {
  const query = useQuery(membershipQueries.mine());
  if (query.isPending) {
    return <LoadingState label="Loading your memberships…" />;
  }
  const ended = query.isError ? [] : query.data.results.filter((membership) => !isCurrent(membership.status)).sort(latestEnd);
  const [latest] = ended;
  if (!latest) {
    return fallback;
  }
  const when = latest.ended_at ? ` on ${formatDate(latest.ended_at)}` : '';
  return (
    <EmptyState
      icon={businessOutline}
      title="Your membership has ended"
      action={
        <IonButton routerLink="/my-organizations" routerDirection="root">
          Go to My organizations
        </IonButton>
      }
    >
      Your membership with {latest.organization.name} ended{when}. When a clinic or school invites you, the invitation arrives under My
      organizations.
    </EmptyState>
  );
}
