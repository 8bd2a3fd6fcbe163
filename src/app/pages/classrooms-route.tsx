import { IonContent } from '@ionic/react';
import { businessOutline } from 'ionicons/icons';
import { useParams } from 'react-router-dom';
import { ClassroomPage } from '../../features/classrooms/pages/classroom-page';
import { ClassroomsPage } from '../../features/classrooms/pages/classrooms-page';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState, LoadingState } from '../../shared/ui/page-states';
import { useMyAccess } from '../use-my-access';

function NoOrganization({ isPending }: { isPending: boolean }) {
  return (
    <>
      <PageHeader title="Classrooms" />
      <IonContent>
        {isPending ? (
          <LoadingState label="Loading your organization…" />
        ) : (
          <EmptyState icon={businessOutline} title="No organization chosen">
            Choose an organization from the menu to see its classrooms.
          </EmptyState>
        )}
      </IonContent>
    </>
  );
}

/** Classrooms of the active organization; who may change them decides which controls show. */
export function ClassroomsRoute() {
  const { access, organization, isPending } = useMyAccess();
  if (!organization) {
    return <NoOrganization isPending={isPending} />;
  }
  // Keyed by organization: switching shows the other organization's list from page 1.
  return <ClassroomsPage key={organization.id} orgCode={organization.code} canManage={access.can('classrooms.manage')} />;
}

/** One classroom of the active organization (another organization's id answers "not found"). */
export function ClassroomRoute() {
  const { id = '' } = useParams<{ id: string }>();
  const { access, organization, isPending } = useMyAccess();
  if (!organization) {
    return <NoOrganization isPending={isPending} />;
  }
  return <ClassroomPage key={`${organization.id}:${id}`} orgCode={organization.code} classroomId={id} access={access} />;
}
