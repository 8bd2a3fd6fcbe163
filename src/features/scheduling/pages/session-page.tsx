import { useNavigate, useParams } from 'react-router-dom';
import type { OrganizationPageProps } from '../../../shared/routing/app-route';
import { Screen } from '../../../shared/ui/screen';
import { SessionPanel } from '../components/session-panel';

/** The session panel at an address of its own (a link to one session); closing goes to the calendar. */
export function SessionPage({ organization }: OrganizationPageProps) {
  const { id = '' } = useParams<{ id: string }>();
  const navigate = useNavigate();
  return (
    <Screen title="Session" className="page page--narrow">
      <SessionPanel organizationId={organization.id} sessionId={id} onClose={() => navigate('/organization/calendar')} />
    </Screen>
  );
}
