import { IonContent } from '@ionic/react';
import { businessOutline } from 'ionicons/icons';
import type { OrganizationRoute } from '../shared/routing/app-route';
import { OrgZone } from '../shared/ui/org-zone';
import { PageHeader } from '../shared/ui/page-header';
import { EmptyState, LoadingState } from '../shared/ui/page-states';
import { useMyAccess } from './use-my-access';

/**
 * Every screen of the active organization goes through here: until the organization list is in it
 * says so, without an organization it asks for one, and then it shows the page keyed by
 * organization, so a switch shows the other organization's screen from the start (page 1 of a list).
 */
export function OrganizationScreen({ route }: { route: OrganizationRoute }) {
  const { access, organization, isPending } = useMyAccess();
  const { Page, what } = route.organizationPage;
  if (!organization) {
    return (
      <>
        <PageHeader title={route.title} />
        <IonContent>
          {isPending ? (
            <LoadingState label="Loading your organization…" />
          ) : (
            <EmptyState icon={businessOutline} title="No organization chosen">
              Choose an organization from the menu to see its {what}.
            </EmptyState>
          )}
        </IonContent>
      </>
    );
  }
  // Every date an organization's screen shows is on the organization's clock.
  return (
    <OrgZone.Provider value={organization.timezone}>
      <Page key={organization.id} organization={organization} access={access} />
    </OrgZone.Provider>
  );
}
