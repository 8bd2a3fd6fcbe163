import { z } from 'zod';
import { id } from './fields';
import { dashboards as route } from './routes';
import { defineCall, IdParams, OrgParams } from './http';

/** One day of a week: sessions by how they ended, and the data points taken in them. */
export const DashboardDay = z.object({
  date: z.string().describe('YYYY-MM-DD in the organization time zone'),
  sessions_done: z.number().int(),
  sessions_planned: z.number().int(),
  sessions_cancelled: z.number().int(),
  data_points: z.number().int(),
});
export type DashboardDay = z.infer<typeof DashboardDay>;

/**
 * A week (Monday to Sunday in the organization's time zone) of sessions and data. Sessions count in
 * the day they are scheduled to start; done = completed or ended early; planned = scheduled or in
 * progress; cancelled = cancelled or no-show. Data points count in their session's day (the server's
 * clock, not the device's), deleted points left out.
 */
export const DashboardWeek = z.object({
  week_start: z.string(),
  time_zone: z.string(),
  sessions_done: z.number().int(),
  sessions_planned: z.number().int(),
  sessions_cancelled: z.number().int(),
  data_points: z.number().int(),
  days: z.array(DashboardDay),
});
export type DashboardWeek = z.infer<typeof DashboardWeek>;

const WeekQuery = z.object({
  week_of: z.iso.date({ message: 'Use a date as YYYY-MM-DD.' }).optional().describe('Any date of the week to show (default: this week)'),
});

export const dashboardSummary = defineCall(route.dashboardSummary, {
  summary: "The organization's totals: students, therapists, this week's sessions and data points, open workspaces",
  access: { kind: 'org', permission: 'dashboard.view' },
  params: OrgParams,
  query: WeekQuery,
  response: z.object({
    totals: z.object({
      students: z.number().int().describe('Students with an active enrollment'),
      therapists: z.number().int().describe('Active (or resigning) therapist memberships'),
      open_workspaces: z.number().int(),
    }),
    week: DashboardWeek,
  }),
});

export const membershipDashboard = defineCall(route.membershipDashboard, {
  summary: "One member's week: their sessions and data points, their assigned students, whether their workspace is open",
  // Any member may see their own week; someone else's needs dashboard.view (checked in the service).
  access: { kind: 'org', permission: null },
  params: IdParams,
  query: WeekQuery.extend({ organization_id: id().optional() }),
  response: z.object({
    membership: z.object({ id: z.uuid(), first_name: z.string(), last_name: z.string(), role: z.enum(['therapist', 'staff']) }),
    totals: z.object({ assigned_students: z.number().int(), workspace_open: z.boolean() }),
    week: DashboardWeek,
  }),
});
