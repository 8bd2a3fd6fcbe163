/**
 * Dashboards: the totals and week views of an organization and of one member.
 *
 * Decisions (the spec names the calls and "totals" only):
 * - The organization's summary: students with an active enrollment, active (or resigning) therapist
 *   memberships, open workspaces, and a week of sessions and data points day by day (a chart needs
 *   the days; the totals are their sums).
 * - A week runs Monday to Sunday in the organization's time zone; `week_of` picks another week.
 * - A session counts on the day it is scheduled to start. Done = completed or ended early; planned =
 *   scheduled or in progress; cancelled = cancelled or no-show. Data points count on their session's
 *   day (server time: a device clock hours off cannot move them to another day); deleted points do not.
 * - A member's dashboard: the same week for their sessions, their assigned students, and whether
 *   their workspace is open. Anyone may see their own; someone else's needs dashboard.view. Another
 *   organization's membership is not found.
 */
import type { DashboardDay, DashboardWeek } from '../../../contract/dashboards';
import type { Tx } from '../../db/handles';
import { AppError, notFound } from '../../lib/app-error';
import type { OrganizationId } from '../../lib/ids';
import { assignedStudentIds } from '../../lib/student-visibility';
import { addDays, localDate, weekStart, zonedTimeToUtc } from '../../lib/time-zones';
import type { OrgAccess } from '../../plugins/auth';
import { organizationTimezone } from '../../db/lookups';
import * as repo from './repository';

const DONE = new Set(['completed', 'ended_early']);
const PLANNED = new Set(['scheduled', 'in_progress']);
const CANCELLED = new Set(['cancelled', 'no_show']);

async function week(
  tx: Tx,
  organizationId: OrganizationId,
  weekOf: string | undefined,
  membershipId: string | null,
): Promise<DashboardWeek> {
  const timeZone = await organizationTimezone(tx, organizationId);
  const monday = weekStart(weekOf ?? localDate(timeZone));
  const dates = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  // Eight instants: the start of each day and the end of Sunday.
  const edges = [...dates, addDays(monday, 7)].map((date) => zonedTimeToUtc(date, '00:00', timeZone));
  const [sessions, points] = await Promise.all([
    repo.sessionsPerDay(tx, organizationId, edges, membershipId),
    repo.pointsPerDay(tx, organizationId, edges, membershipId),
  ]);
  const days: DashboardDay[] = dates.map((date) => ({
    date,
    sessions_done: 0,
    sessions_planned: 0,
    sessions_cancelled: 0,
    data_points: 0,
  }));
  for (const row of sessions) {
    const day = days[row.day - 1];
    if (!day) {
      continue;
    }
    if (DONE.has(row.status)) {
      day.sessions_done += row.n;
    } else if (PLANNED.has(row.status)) {
      day.sessions_planned += row.n;
    } else if (CANCELLED.has(row.status)) {
      day.sessions_cancelled += row.n;
    }
  }
  for (const row of points) {
    const day = days[row.day - 1];
    if (day) {
      day.data_points += row.n;
    }
  }
  const sum = (key: Exclude<keyof DashboardDay, 'date'>) => days.reduce((total, day) => total + day[key], 0);
  return {
    week_start: monday,
    time_zone: timeZone,
    sessions_done: sum('sessions_done'),
    sessions_planned: sum('sessions_planned'),
    sessions_cancelled: sum('sessions_cancelled'),
    data_points: sum('data_points'),
    days,
  };
}

export async function organizationSummary(tx: Tx, organizationId: OrganizationId, weekOf?: string) {
  const [totals, thisWeek] = await Promise.all([repo.organizationTotals(tx, organizationId), week(tx, organizationId, weekOf, null)]);
  return { totals, week: thisWeek };
}

export async function membershipDashboard(tx: Tx, org: OrgAccess, membershipId: string, weekOf?: string) {
  const card = await repo.membershipCard(tx, org.organizationId, membershipId);
  if (!card) {
    throw notFound('Membership');
  }
  if (org.membershipId !== membershipId && !org.isOwner && !org.permissions.has('dashboard.view')) {
    throw new AppError('FORBIDDEN', 'You may see your own dashboard only.');
  }
  const [students, thisWeek] = await Promise.all([
    assignedStudentIds(tx, org.organizationId, membershipId),
    week(tx, org.organizationId, weekOf, membershipId),
  ]);
  return {
    membership: { id: card.id, first_name: card.first_name, last_name: card.last_name, role: card.role },
    totals: { assigned_students: students.length, workspace_open: card.workspace_open },
    week: thisWeek,
  };
}
