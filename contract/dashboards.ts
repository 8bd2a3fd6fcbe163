import { z } from 'zod';
import { id, isPlausibleInstant } from './fields';
import { SessionStatus } from './scheduling';
import { dashboards as route } from './routes';
import { defineCall, IdParams, OrgParams } from './http';

/** Sessions by how they ended: done = completed or ended early; planned = scheduled or in progress; cancelled = cancelled or no-show. */
const SessionCounts = {
  sessions_done: z.number().int(),
  sessions_planned: z.number().int(),
  sessions_cancelled: z.number().int(),
};

/** One day of a week: sessions by how they ended, and the data points taken in them. */
export const DashboardDay = z.object({
  date: z.string().describe('YYYY-MM-DD in the organization time zone'),
  ...SessionCounts,
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
  ...SessionCounts,
  data_points: z.number().int(),
  days: z.array(DashboardDay),
});
export type DashboardWeek = z.infer<typeof DashboardWeek>;

const WeekQuery = z.object({
  week_of: z.iso.date({ message: 'Use a date as YYYY-MM-DD.' }).optional().describe('Any date of the week to show (default: this week)'),
});

/** The longest period a member's dashboard answers for, in days (a leap year). */
export const DASHBOARD_PERIOD_MAX_DAYS = 366;

const Day = z.iso
  .date({ message: 'Use a date as YYYY-MM-DD.' })
  .refine(isPlausibleInstant, 'Give a real date between the years 1900 and 2200.');

/** Whole days from one YYYY-MM-DD to another (calendar days: noon UTC keeps clock changes out). */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

const MemberQuery = WeekQuery.extend({
  organization_id: id().optional(),
  from: Day.optional().describe("First day of the period (inclusive), in the organization's time zone; with `to`"),
  to: Day.optional().describe("Last day of the period (inclusive), in the organization's time zone; with `from`"),
}).superRefine((q, ctx) => {
  // Runs even when a day failed its own check: compare only days that passed it.
  if ((q.from && !Day.safeParse(q.from).success) || (q.to && !Day.safeParse(q.to).success)) {
    return;
  }
  if (Boolean(q.from) !== Boolean(q.to)) {
    ctx.addIssue({
      code: 'custom',
      message: 'Give both the first and the last day of the period, or neither.',
      path: [q.from ? 'to' : 'from'],
    });
  } else if (q.from && q.to && q.to < q.from) {
    ctx.addIssue({ code: 'custom', message: 'The last day comes before the first day.', path: ['to'] });
  } else if (q.from && q.to && daysBetween(q.from, q.to) >= DASHBOARD_PERIOD_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', message: `A period is at most ${DASHBOARD_PERIOD_MAX_DAYS} days long.`, path: ['to'] });
  }
});

/** One day of a member's period: their workspace time and their sessions by kind of outcome. */
export const DashboardPeriodDay = z.object({
  date: z.string().describe('YYYY-MM-DD in the organization time zone'),
  workspace_minutes: z.number().int().describe('Workspace use in this day, whole minutes (rounded)'),
  ...SessionCounts,
});
export type DashboardPeriodDay = z.infer<typeof DashboardPeriodDay>;

/**
 * A member's period, from `from` to `to` (whole days in the organization's time zone): workspace
 * time is each usage clipped to the period's edges and day by day (an open usage counts up to the
 * moment of the call); sessions count on the day they are scheduled to start, by status.
 */
export const DashboardPeriod = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  workspace_minutes: z.number().int().describe("The days' minutes added up"),
  sessions_by_status: z.record(SessionStatus, z.number().int()),
  days: z.array(DashboardPeriodDay),
});
export type DashboardPeriod = z.infer<typeof DashboardPeriod>;

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
  summary:
    "One member's week: their sessions and data points, their assigned students, whether their workspace is open; and a period's workspace hours and sessions",
  // Any member may see their own week; someone else's needs dashboard.view (checked in the service).
  access: { kind: 'org', permission: null },
  params: IdParams,
  query: MemberQuery,
  response: z.object({
    membership: z.object({ id: z.uuid(), first_name: z.string(), last_name: z.string(), role: z.enum(['therapist', 'staff']) }),
    totals: z.object({ assigned_students: z.number().int(), workspace_open: z.boolean() }),
    week: DashboardWeek,
    period: DashboardPeriod.describe('`from` to `to` when given, else the same week as `week`'),
  }),
});
