import { IonContent } from '@ionic/react';
import { businessOutline } from 'ionicons/icons';
import { useParams } from 'react-router-dom';
import { ProgramPage } from '../../features/programs/pages/program-page';
import { ProgramsPage } from '../../features/programs/pages/programs-page';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState, LoadingState } from '../../shared/ui/page-states';
import { useMyAccess } from '../use-my-access';

function NoOrganization({ isPending }: { isPending: boolean }) {
  return (
    <>
      <PageHeader title="Programs" />
      <IonContent>
        {isPending ? (
          <LoadingState label="Loading your organization…" />
        ) : (
          <EmptyState icon={businessOutline} title="No organization chosen">
            Choose an organization from the menu to see its programs.
          </EmptyState>
        )}
      </IonContent>
    </>
  );
}

/** Programs of the active organization; who may change them decides which controls show. */
export function ProgramsRoute() {
  const { access, organization, isPending } = useMyAccess();
  if (!organization) {
    return <NoOrganization isPending={isPending} />;
  }
  // Keyed by organization: switching shows the other organization's list from page 1.
  return <ProgramsPage key={organization.id} orgCode={organization.code} canManage={access.can('programs.manage')} />;
}

/** One program of the active organization, with its students, team and departments. */
export function ProgramRoute() {
  const { id = '' } = useParams<{ id: string }>();
  const { access, organization, isPending } = useMyAccess();
  if (!organization) {
    return <NoOrganization isPending={isPending} />;
  }
  return <ProgramPage key={`${organization.id}:${id}`} orgCode={organization.code} programId={id} access={access} />;
}
