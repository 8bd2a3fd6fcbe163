import { queryOptions } from '@tanstack/react-query';
import { dashboards } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { DASHBOARDS_ERROR_TEXT } from './error-text';

/** Query-key factory: per organization, so switching never shows the other's figures. */
export const dashboardQueries = {
  summary: (organizationId: string, orgCode: string) =>
    queryOptions({
      queryKey: ['organizations', organizationId, 'dashboard', 'summary'],
      queryFn: ({ signal }) => api(dashboards.dashboardSummary, { params: { orgCode } }, { signal }),
      meta: { errorText: DASHBOARDS_ERROR_TEXT.fetchDashboard, inlineError: true },
    }),
  /** One member's week: this week, or the week of `weekOf` (YYYY-MM-DD). */
  member: (organizationId: string, membershipId: string, weekOf?: string) =>
    queryOptions({
      queryKey: ['organizations', organizationId, 'dashboard', 'member', membershipId, weekOf ?? 'this week'],
      queryFn: ({ signal }) =>
        api(
          dashboards.membershipDashboard,
          { params: { id: membershipId }, query: { organization_id: organizationId, week_of: weekOf } },
          { signal },
        ),
      meta: { errorText: DASHBOARDS_ERROR_TEXT.fetchDashboard, inlineError: true },
    }),
};
