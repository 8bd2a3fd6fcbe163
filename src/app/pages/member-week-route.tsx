import { IonContent } from '@ionic/react';
import { useParams } from 'react-router-dom';
import { businessOutline } from 'ionicons/icons';
import { MemberWeekPage } from '../../features/dashboards/pages/member-week-page';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState, LoadingState } from '../../shared/ui/page-states';
import { useMyAccess } from '../use-my-access';

/** One member's week in the active organization (the server answers 403 without dashboard.view, 404 for another organization's member). */
export function MemberWeekRoute() {
  const { id = '' } = useParams<{ id: string }>();
  const { organization, isPending } = useMyAccess();
  if (!organization) {
    return (
      <>
        <PageHeader title="Week" />
        <IonContent>
          {isPending ? (
            <LoadingState label="Loading your organization…" />
          ) : (
            <EmptyState icon={businessOutline} title="No organization chosen">
              Choose an organization from the menu to see its people.
            </EmptyState>
          )}
        </IonContent>
      </>
    );
  }
  return <MemberWeekPage key={`${organization.id}:${id}`} organizationId={organization.id} membershipId={id} />;
}
