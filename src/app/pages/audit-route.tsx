import { IonContent } from '@ionic/react';
import { businessOutline } from 'ionicons/icons';
import { AuditPage } from '../../features/audit/pages/audit-page';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState, LoadingState } from '../../shared/ui/page-states';
import { useMyAccess } from '../use-my-access';

/** The active organization's audit trail (audit.view; the server refuses anyone else, and the screen shows why). */
export function AuditRoute() {
  const { organization, isPending } = useMyAccess();
  if (!organization) {
    return (
      <>
        <PageHeader title="Audit trail" />
        <IonContent>
          {isPending ? (
            <LoadingState label="Loading your organization…" />
          ) : (
            <EmptyState icon={businessOutline} title="No organization chosen">
              Choose an organization from the menu to see its audit trail.
            </EmptyState>
          )}
        </IonContent>
      </>
    );
  }
  // Keyed by organization: switching shows the other organization's trail from page 1, unfiltered.
  return <AuditPage key={organization.id} orgCode={organization.code} timeZone={organization.timezone} />;
}
