import { errorText } from '../../../shared/api/error-text';
import { AdminStats } from '../../../shared/admin/admin-stats';
import '../../../shared/admin/admin.css';
import { ErrorState, LoadingState } from '../../../shared/ui/page-states';
import { formatMinutes } from '../../../shared/ui/duration-text';
import { useWorkspaceDashboard } from '../workspace-dashboard';
import { weekLabel } from '../week-label';
import { WeekChart } from './week-chart';
import { WorkspaceDays } from './workspace-days';
import { UpdatedAt } from './updated-at';
import '../dashboards.css';
import { DASHBOARDS_ERROR_TEXT } from '../error-text';

interface MemberWeekProps {
  organizationId: string;
  membershipId: string;
  isOwn: boolean;
  /** Any date of the week to show (YYYY-MM-DD); this week when left out. */
  weekOf?: string | undefined;
}

/**
 * One member's week: their assigned students, their workspace (open or not, and its hours day by
 * day), and their sessions and data points day by day, with when the figures were fetched. A
 * therapist's Home shows their own; someone with dashboard.view may open anyone's.
 */
export function MemberWeek({ organizationId, membershipId, isOwn, weekOf }: MemberWeekProps) {
  const { query, data, lastFetchedAt } = useWorkspaceDashboard(organizationId, membershipId, weekOf);
  if (query.isPending) {
    return <LoadingState label={isOwn ? 'Loading your week…' : 'Loading the week…'} />;
  }
  if (!data) {
    return <ErrorState message={errorText(query.error, DASHBOARDS_ERROR_TEXT.fetchDashboard)} onRetry={() => void query.refetch()} />;
  }
  const { membership, totals, week: w, period } = data;
  const who = isOwn ? 'Your' : `${membership.first_name} ${membership.last_name}’s`;
  return (
    <div className="dashboard">
      <UpdatedAt at={lastFetchedAt} isFetching={query.isFetching} hasFailed={query.isRefetchError} onRetry={() => void query.refetch()} />
      <AdminStats
        label={`${who} totals`}
        figures={[
          ['Assigned students', totals.assigned_students],
          ['Sessions done, week', w.sessions_done],
          ['Data points, week', w.data_points],
          // The week's hours (an open usage counted up to the fetch), and whether the workspace is open now.
          ['Workspace, week', `${formatMinutes(period.workspace_minutes)} · ${totals.workspace_open ? 'open' : 'closed'}`],
        ]}
      />
      <section className="panel dashboard__week" aria-labelledby={`member-week-${membership.id}`}>
        <h3 id={`member-week-${membership.id}`}>
          {who} sessions this week · {weekLabel(w.week_start)}
        </h3>
        <p className="muted">
          {w.sessions_done} done, {w.sessions_planned} planned, {w.sessions_cancelled} cancelled or no-show
        </p>
        <WeekChart days={w.days} />
        <WorkspaceDays days={period.days} caption="Workspace hours per day" />
      </section>
    </div>
  );
}
