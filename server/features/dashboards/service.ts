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
import type { Tx } from '../../db/handles';
import { AppError, notFound } from '../../lib/app-error';
import type { MembershipId, OrganizationId } from '../../lib/ids';
import { assignedStudentIds } from '../../lib/student-visibility';
import { addDays, localDate, weekStart, zonedTimeToUtc } from '../../lib/time-zones';
import type { RequestContext } from '../../lib/request-context';
import { organizationTimezone } from '../../db/lookups';
import * as repo from './repository';
import { presentWeek } from './present';

async function week(tx: Tx, organizationId: OrganizationId, weekOf: string | undefined, membershipId: string | null) {
  const timeZone = await organizationTimezone(tx, organizationId);
  const monday = weekStart(weekOf ?? localDate(timeZone));
  const dates = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  // Eight instants: the start of each day and the end of Sunday.
  const edges = [...dates, addDays(monday, 7)].map((date) => zonedTimeToUtc(date, '00:00', timeZone));
  const [sessions, points] = await Promise.all([
    repo.sessionsPerDay(tx, organizationId, edges, membershipId),
    repo.pointsPerDay(tx, organizationId, edges, membershipId),
  ]);
  return presentWeek(monday, timeZone, dates, sessions, points);
}

export async function organizationSummary(ctx: RequestContext, weekOf?: string) {
  const { tx } = ctx;
  const organizationId = ctx.org.id;
  const [totals, thisWeek] = await Promise.all([repo.organizationTotals(tx, organizationId), week(tx, organizationId, weekOf, null)]);
  return { totals, week: thisWeek };
}

export async function membershipDashboard(ctx: RequestContext, membershipId: MembershipId, weekOf?: string) {
  const { tx } = ctx;
  const org = ctx.org.access;
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
