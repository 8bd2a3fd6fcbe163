import { IonContent } from '@ionic/react';
import { businessOutline } from 'ionicons/icons';
import { RolesPage } from '../../features/roles/pages/roles-page';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState, LoadingState } from '../../shared/ui/page-states';
import { useMyAccess } from '../use-my-access';

/** Roles of the active organization, for whoever holds roles.manage (the server refuses everyone else). */
export function RolesRoute() {
  const { access, organization, isPending } = useMyAccess();
  if (!organization || !access.can('roles.manage')) {
    return (
      <>
        <PageHeader title="Roles" />
        <IonContent>
          {isPending ? (
            <LoadingState label="Loading your organization…" />
          ) : (
            <EmptyState icon={businessOutline} title={organization ? 'Nothing to show' : 'No organization chosen'}>
              {organization ? 'Your role does not include managing roles.' : 'Choose an organization from the menu to see its roles.'}
            </EmptyState>
          )}
        </IonContent>
      </>
    );
  }
  // Keyed by organization: switching shows the other organization's roles.
  return (
    <RolesPage
      key={organization.id}
      orgId={organization.id}
      orgCode={organization.code}
      canPickMembers={access.can('departments.manage')}
      holds={access.can}
    />
  );
}
