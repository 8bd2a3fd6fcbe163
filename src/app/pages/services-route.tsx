import { IonContent } from '@ionic/react';
import { businessOutline } from 'ionicons/icons';
import { ServicesPage } from '../../features/services/pages/services-page';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState, LoadingState } from '../../shared/ui/page-states';
import { useMyAccess } from '../use-my-access';

/** Services of the active organization; who may change them decides which controls show. */
export function ServicesRoute() {
  const { access, organization, isPending } = useMyAccess();
  if (!organization) {
    return (
      <>
        <PageHeader title="Services" />
        <IonContent>
          {isPending ? (
            <LoadingState label="Loading your organization…" />
          ) : (
            <EmptyState icon={businessOutline} title="No organization chosen">
              Choose an organization from the menu to see its services.
            </EmptyState>
          )}
        </IonContent>
      </>
    );
  }
  // Keyed by organization: switching shows the other organization's list from page 1.
  return <ServicesPage key={organization.id} orgCode={organization.code} canManage={access.can('services.manage')} />;
}
