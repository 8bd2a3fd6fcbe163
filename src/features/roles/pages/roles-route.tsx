import { IonContent } from '@ionic/react';
import { businessOutline } from 'ionicons/icons';
import type { OrganizationPageProps } from '../../../shared/routing/app-route';
import { PageHeader } from '../../../shared/ui/page-header';
import { EmptyState } from '../../../shared/ui/page-states';
import { RolesPage } from './roles-page';

/** Roles of the active organization, for whoever holds roles.manage (the server refuses everyone else). */
export function RolesRoute({ organization, access }: OrganizationPageProps) {
  if (!access.can('roles.manage')) {
    return (
      <>
        <PageHeader title="Roles" />
        <IonContent>
          <EmptyState icon={businessOutline} title="Nothing to show">
            Your role does not include managing roles.
          </EmptyState>
        </IonContent>
      </>
    );
  }
  return (
    <RolesPage orgId={organization.id} orgCode={organization.code} canPickMembers={access.can('departments.manage')} holds={access.can} />
  );
}
