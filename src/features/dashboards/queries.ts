import { queryOptions } from '@tanstack/react-query';
import { dashboards } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { DASHBOARDS_ERROR_TEXT } from './error-text';
import { callQuery } from '../../shared/api/call-query';

/** Query-key factory: per organization, so switching never shows the other's figures. */
export const dashboardQueries = {
  /** Every dashboard of an organization: what a delivered change marks stale (stale.ts). */
  all: (organizationId: string) => ['organizations', organizationId, 'dashboard'] as const,
  summary: (organizationId: string, orgCode: string) =>
    callQuery(
      [...dashboardQueries.all(organizationId), 'summary'],
      dashboards.dashboardSummary,
      { params: { orgCode } },
      DASHBOARDS_ERROR_TEXT.fetchDashboard,
    ),
  /**
   * One member's week: this week, or the week of `weekOf` (YYYY-MM-DD). Stale (marked so by a
   * delivered session end or workspace close, or older than the cache's stale time), it is fetched
   * again at once while a screen shows it, else when one next does.
   */
  member: (organizationId: string, membershipId: string, weekOf?: string) =>
    queryOptions({
      queryKey: [...dashboardQueries.all(organizationId), 'member', membershipId, weekOf ?? 'this week'],
      queryFn: ({ signal }) =>
        api(
          dashboards.membershipDashboard,
          { params: { id: membershipId }, query: { organization_id: organizationId, week_of: weekOf } },
          { signal },
        ),
      refetchOnMount: true,
      refetchOnWindowFocus: true,
      refetchOnReconnect: true,
      meta: { errorText: DASHBOARDS_ERROR_TEXT.fetchDashboard, inlineError: true },
    }),
};
