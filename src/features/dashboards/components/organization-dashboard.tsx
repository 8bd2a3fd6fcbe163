import { useQuery } from '@tanstack/react-query';
import { AdminStats } from '../../../shared/admin/admin-stats';
import '../../../shared/admin/admin.css';
import { QueryWaiting } from '../../../shared/ui/page-states';
import { dashboardQueries } from '../queries';
import { weekLabel } from '../week-label';
import { WeekChart } from './week-chart';
import '../dashboards.css';
import { DASHBOARDS_ERROR_TEXT } from '../error-text';

/** The organization's totals and this week's sessions (the owner's Home; staff with dashboard.view too). */
export function OrganizationDashboard({ organizationId, orgCode }: { organizationId: string; orgCode: string }) {
  const summary = useQuery(dashboardQueries.summary(organizationId, orgCode));
  if (!summary.isSuccess) {
    return <QueryWaiting query={summary} label="Loading the dashboard…" errorText={DASHBOARDS_ERROR_TEXT.fetchDashboard} />;
  }
  const { totals, week } = summary.data;
  return (
    <div className="dashboard">
      <AdminStats
        label="Organization totals"
        figures={[
          ['Students', totals.students],
          ['Therapists', totals.therapists],
          ['Open workspaces', totals.open_workspaces],
          ['Data points, week', week.data_points],
        ]}
      />
      <section className="panel dashboard__week" aria-labelledby="dashboard-week">
        <h3 id="dashboard-week">Sessions this week · {weekLabel(week.week_start)}</h3>
        <p className="muted">
          {week.sessions_done} done, {week.sessions_planned} planned, {week.sessions_cancelled} cancelled or no-show
        </p>
        <WeekChart days={week.days} />
      </section>
    </div>
  );
}
