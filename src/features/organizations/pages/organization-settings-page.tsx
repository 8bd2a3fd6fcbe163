import { businessOutline } from 'ionicons/icons';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../../shared/auth/auth-store';
import { Screen } from '../../../shared/ui/screen';
import { EmptyState, QueryWaiting } from '../../../shared/ui/page-states';
import { OrganizationSettingsForm } from '../components/organization-settings-form';
import { organizationQueries } from '../queries';
import { ORGANIZATIONS_ERROR_TEXT } from '../error-text';

function Body() {
  const { activeOrganizationId } = useAuth();
  const settings = useQuery(organizationQueries.settings(activeOrganizationId));
  if (activeOrganizationId === null) {
    return (
      <EmptyState icon={businessOutline} title="No organization chosen">
        Choose an organization from the menu to see its settings.
      </EmptyState>
    );
  }
  if (!settings.isSuccess) {
    return <QueryWaiting query={settings} label="Loading organization settings…" errorText={ORGANIZATIONS_ERROR_TEXT.fetchSettings} />;
  }
  // Keyed by organization: switching organization starts a fresh form.
  return (
    <>
      <p className="muted">
        Organization code <strong>{settings.data.code}</strong>: parents and therapists use it to find you.
      </p>
      <OrganizationSettingsForm key={settings.data.id} settings={settings.data} />
    </>
  );
}

export function OrganizationSettingsPage() {
  return (
    <Screen title="Organization settings" className="page page--narrow">
      <Body />
    </Screen>
  );
}
