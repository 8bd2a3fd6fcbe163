import { useIonViewWillEnter } from '@ionic/react';
import { businessOutline, calendarClearOutline } from 'ionicons/icons';
import { useAuth } from '../../../shared/auth/auth-store';
import { Screen } from '../../../shared/ui/screen';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/page-states';
import { ClinicTimeNote } from '../components/clinic-time-note';
import { MovedAwayNotes } from '../components/moved-away-notes';
import { RefreshLine } from '../components/refresh-line';
import { SessionList } from '../components/session-list';
import { SyncIndicator } from '../components/sync-indicator';
import { WorkspaceCard } from '../components/workspace-card';
import { useDay } from '../use-day';
import { useIsActiveView, useNow } from '../use-outbox-status';
import '../collector.css';

/** The collector's start: today's and tomorrow's sessions, from the device when offline. */
export function TodayPage() {
  const { user, activeOrganizationId, usageId, source } = useAuth();
  const { day, isLoading, isRefreshing, refreshError, refresh, reload } = useDay(user?.id ?? null, activeOrganizationId);
  const now = useNow();
  const isActive = useIsActiveView();
  // Back from a session: its new status and unsent count come from the device, no network needed.
  useIonViewWillEnter(() => void reload(), [reload]);

  function body() {
    if (!activeOrganizationId) {
      return (
        <EmptyState icon={businessOutline} title="Choose an organization">
          Choose the organization you work in from the menu.
        </EmptyState>
      );
    }
    if (isLoading || (!day?.context && isRefreshing)) {
      return <LoadingState label="Loading your sessions…" />;
    }
    if (!day?.context) {
      return (
        <ErrorState
          title="Your day is not on this device yet"
          message={refreshError ?? 'Connect to the internet once to load your sessions.'}
          onRetry={() => void refresh()}
        />
      );
    }
    if (!day.context.membershipId) {
      return (
        <EmptyState icon={calendarClearOutline} title="No therapist membership here">
          No sessions to collect: you are not, or no longer, a therapist in {day.context.organizationName || 'this organization'}.
        </EmptyState>
      );
    }
    return (
      <>
        <ClinicTimeNote timeZone={day.context.timezone} organizationName={day.context.organizationName} now={now} />
        <WorkspaceCard
          organizationId={activeOrganizationId}
          membershipId={day.context.membershipId}
          workspace={day.workspace}
          serverUsageId={source === 'server' ? usageId : null}
          timeZone={day.context.timezone}
          now={now}
          onChange={() => void reload()}
        />
        <MovedAwayNotes movedAway={day.movedAway} timeZone={day.context.timezone} />
        {day.sessions.length === 0 ? (
          <EmptyState icon={calendarClearOutline} title="No sessions today or tomorrow">
            When sessions are scheduled for you, they appear here and are saved for offline use.
          </EmptyState>
        ) : (
          <SessionList sessions={day.sessions} unsentBySession={day.unsentBySession} timeZone={day.context.timezone} now={now} />
        )}
      </>
    );
  }

  return (
    <Screen title="Today" end={isActive ? <SyncIndicator /> : null} className="page collector-page">
      <RefreshLine
        isRefreshing={isRefreshing}
        lastRefreshAt={day?.lastRefreshAt}
        refreshError={refreshError}
        now={now}
        onRefresh={() => void refresh()}
      />
      {body()}
    </Screen>
  );
}
