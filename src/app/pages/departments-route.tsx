import { IonContent } from '@ionic/react';
import { useParams } from 'react-router-dom';
import { businessOutline } from 'ionicons/icons';
import { DepartmentPage } from '../../features/departments/pages/department-page';
import { DepartmentsPage } from '../../features/departments/pages/departments-page';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState, LoadingState } from '../../shared/ui/page-states';
import { useMyAccess } from '../use-my-access';

function NoOrganization({ title, isPending }: { title: string; isPending: boolean }) {
  return (
    <>
      <PageHeader title={title} />
      <IonContent>
        {isPending ? (
          <LoadingState label="Loading your organization…" />
        ) : (
          <EmptyState icon={businessOutline} title="No organization chosen">
            Choose an organization from the menu to see its departments.
          </EmptyState>
        )}
      </IonContent>
    </>
  );
}

/** Departments of the active organization; who may change them decides which controls show. */
export function DepartmentsRoute() {
  const { access, organization, isPending } = useMyAccess();
  if (!organization) {
    return <NoOrganization title="Departments" isPending={isPending} />;
  }
  // Keyed by organization: switching shows the other organization's list from page 1.
  return <DepartmentsPage key={organization.id} orgCode={organization.code} canManage={access.can('departments.manage')} />;
}

/** One department of the active organization (another organization's id answers "not found"). */
export function DepartmentRoute() {
  const { id = '' } = useParams<{ id: string }>();
  const { access, organization, isPending } = useMyAccess();
  if (!organization) {
    return <NoOrganization title="Department" isPending={isPending} />;
  }
  return <DepartmentPage key={`${organization.id}:${id}`} orgCode={organization.code} departmentId={id} access={access} />;
}
