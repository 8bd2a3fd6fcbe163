/**
 * Dashboards: the totals and week views of an organization and of one member.
 *
 * Decisions (the calls promise "totals" and no more; the rest is decided here):
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
 * - A member's period (`from`/`to`, whole days in the organization's time zone, at most a leap year;
 *   the week shown when left out): their workspace time day by day, each usage clipped to the day
 *   and an open one counted up to now (someone working right now sees their hours grow), and their
 *   sessions by status on the day they are scheduled to start.
 */
import type { z } from 'zod';
import type { membershipDashboard as membershipDashboardCall } from '../../../contract/dashboards';
import type { Tx } from '../../db/handles';
import { AppError, notFound } from '../../lib/app-error';
import type { MembershipId, OrganizationId } from '../../lib/ids';
import { assignedStudentIds } from '../../lib/access';
import { addDays, localDate, weekStart, zonedTimeToUtc } from '../../lib/time-zones';
import type { RequestContext } from '../../lib/request-context';
import { organizationTimezone } from '../../db/lookups';
import * as repo from './repository';
import { presentPeriod, presentWeek } from './present';

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

/** Midnight of each day from `from` to `to`, and of the day after: each day's two edges. */
function dayEdges(from: string, to: string, timeZone: string) {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    dates.push(date);
  }
  const edges = [...dates, addDays(to, 1)].map((date) => zonedTimeToUtc(date, '00:00', timeZone));
  return { dates, edges };
}

async function period(tx: Tx, organizationId: OrganizationId, membershipId: MembershipId, range: { from: string; to: string }) {
  const timeZone = await organizationTimezone(tx, organizationId);
  const { dates, edges } = dayEdges(range.from, range.to, timeZone);
  const [sessions, workspace] = await Promise.all([
    repo.sessionsPerDay(tx, organizationId, edges, membershipId),
    repo.workspaceSecondsPerDay(tx, organizationId, edges, membershipId, new Date()),
  ]);
  return presentPeriod(timeZone, dates, sessions, workspace);
}

export async function organizationSummary(ctx: RequestContext, weekOf?: string) {
  const { tx } = ctx;
  const organizationId = ctx.org.id;
  const [totals, thisWeek] = await Promise.all([repo.organizationTotals(tx, organizationId), week(tx, organizationId, weekOf, null)]);
  return { totals, week: thisWeek };
}

export type MemberDashboardQuery = z.output<typeof membershipDashboardCall.query>;

export async function membershipDashboard(ctx: RequestContext, membershipId: MembershipId, query: MemberDashboardQuery = {}) {
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
    week(tx, org.organizationId, query.week_of, membershipId),
  ]);
  // The contract lets from and to come only together.
  const range = query.from && query.to ? { from: query.from, to: query.to } : { from: thisWeek.week_start, to: thisWeek.days.at(-1)!.date };
  return {
    membership: { id: card.id, first_name: card.first_name, last_name: card.last_name, role: card.role },
    totals: { assigned_students: students.length, workspace_open: card.workspace_open },
    week: thisWeek,
    period: await period(tx, org.organizationId, membershipId, range),
  };
}
