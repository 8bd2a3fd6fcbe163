import type { OrganizationPageProps } from '../../shared/routing/app-route';
import { CalendarPage } from '../../features/calendar/pages/calendar-page';

/**
 * The calendar (calendar) with, for a session opened on it, the session's panel. Until the
 * scheduling feature's panel is in, the calendar shows a session's essentials and its Move… itself.
 */
export function CalendarRoute({ organization, access }: OrganizationPageProps) {
  return <CalendarPage organization={organization} access={access} />;
}
