import type { OrganizationPageProps } from '../../shared/routing/app-route';
import { CalendarPage } from '../../features/calendar/pages/calendar-page';
import { SessionPanel } from '../../features/scheduling/components/session-panel';

/**
 * The calendar (calendar) with, for a session opened on it, the session's panel (scheduling): its
 * details, history, cancel and delete, and the calendar's own Move… form.
 */
export function CalendarRoute({ organization, access }: OrganizationPageProps) {
  return (
    <CalendarPage
      organization={organization}
      access={access}
      renderSession={(sessionId, close, move) => (
        <SessionPanel organizationId={organization.id} sessionId={sessionId} onClose={close} onMove={move} />
      )}
    />
  );
}
