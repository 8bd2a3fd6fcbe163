import type { OrganizationPageProps } from '../../../shared/routing/app-route';
import { Screen } from '../../../shared/ui/screen';
import { CalendarFeedCard } from '../components/calendar-feed-card';
import '../scheduling.css';

/** The therapist's own calendar subscription in the active organization. */
export function SubscriptionPage({ organization }: OrganizationPageProps) {
  return (
    <Screen title="Calendar subscription" className="page page--narrow">
      <CalendarFeedCard organizationId={organization.id} timeZone={organization.timezone} />
    </Screen>
  );
}
