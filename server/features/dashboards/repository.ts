import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/handles';
import type { OrganizationId } from '../../lib/ids';

/**
 * Dashboard counts, a fixed number of queries whatever the organization's size: each groups by the
 * week's day with width_bucket over the day boundaries (bucket 1 = Monday ... 7 = Sunday), so the
 * organization's time zone is applied in JavaScript once, not per row.
 */
const bounds = (days: Date[]) =>
  sql`ARRAY[${sql.join(
    days.map((d) => sql`${d.toISOString()}::timestamptz`),
    sql`, `,
  )}]`;
const ofMember = (membershipId: string | null) => (membershipId ? sql`AND s.therapist_membership_id = ${membershipId}` : sql``);

/** Sessions of the week per day and status (of one therapist membership, or all). */
export async function sessionsPerDay(tx: Tx, organizationId: OrganizationId, days: Date[], membershipId: string | null) {
  const result = await tx.execute(sql`
    SELECT width_bucket(s.start_at, ${bounds(days)}) AS day, s.status, count(*)::int AS n
    FROM therasessions s
    WHERE s.organization_id = ${organizationId} AND s.start_at >= ${days[0]!.toISOString()} AND s.start_at < ${days.at(-1)!.toISOString()}
      ${ofMember(membershipId)}
    GROUP BY 1, 2`);
  return rowsOf<{ day: number; status: string; n: number }>(result);
}

/** Live data points of the week's sessions per day of their session. */
export async function pointsPerDay(tx: Tx, organizationId: OrganizationId, days: Date[], membershipId: string | null) {
  const result = await tx.execute(sql`
    SELECT width_bucket(s.start_at, ${bounds(days)}) AS day, count(*)::int AS n
    FROM therasessions s
    JOIN data_points p ON p.organization_id = s.organization_id AND p.session_id = s.id AND p.deleted_at IS NULL
    WHERE s.organization_id = ${organizationId} AND s.start_at >= ${days[0]!.toISOString()} AND s.start_at < ${days.at(-1)!.toISOString()}
      ${ofMember(membershipId)}
    GROUP BY 1`);
  return rowsOf<{ day: number; n: number }>(result);
}

/** The organization's totals in one round trip. */
export async function organizationTotals(tx: Tx, organizationId: OrganizationId) {
  const result = await tx.execute(sql`
    SELECT
      (SELECT count(DISTINCT e.student_id)::int FROM enrollments e
        WHERE e.organization_id = ${organizationId} AND e.org_status = 'active' AND NOT e.is_archived) AS students,
      (SELECT count(*)::int FROM memberships m
        WHERE m.organization_id = ${organizationId} AND m.role = 'therapist' AND m.status IN ('active', 'resigning')) AS therapists,
      (SELECT count(*)::int FROM workspace_usages w
        WHERE w.organization_id = ${organizationId} AND w.closed_at IS NULL) AS open_workspaces`);
  return rowsOf<{ students: number; therapists: number; open_workspaces: number }>(result)[0]!;
}

/** A membership with its person's name and whether their workspace is open; null if not of this organization. */
export async function membershipCard(tx: Tx, organizationId: OrganizationId, membershipId: string) {
  const result = await tx.execute(sql`
    SELECT m.id, m.role, u.first_name, u.last_name,
      EXISTS (SELECT 1 FROM workspace_usages w
        WHERE w.organization_id = m.organization_id AND w.membership_id = m.id AND w.closed_at IS NULL) AS workspace_open
    FROM memberships m JOIN users u ON u.id = m.user_id
    WHERE m.organization_id = ${organizationId} AND m.id = ${membershipId}`);
  return (
    rowsOf<{ id: string; role: 'therapist' | 'staff'; first_name: string; last_name: string; workspace_open: boolean }>(result)[0] ?? null
  );
}

/**
 * Seconds of one membership's workspace usages per day, each usage clipped to each day it overlaps
 * (bucket 1 = the first day). A usage still open counts up to `now`; a usage whose close precedes its
 * open (device clocks) counts nothing. The edges go as one array literal: a year is 367 of them, too
 * many for one parameter each.
 */
export async function workspaceSecondsPerDay(tx: Tx, organizationId: OrganizationId, edges: Date[], membershipId: string, now: Date) {
  const result = await tx.execute(sql`
    WITH e AS (SELECT ${`{${edges.map((d) => d.toISOString()).join(',')}}`}::timestamptz[] AS a),
    days AS (SELECT i AS day, e.a[i] AS lo, e.a[i + 1] AS hi FROM e, generate_series(1, cardinality(e.a) - 1) AS i),
    usages AS (
      SELECT w.opened_at, coalesce(w.closed_at, ${now.toISOString()}::timestamptz) AS ended_at
      FROM workspace_usages w
      WHERE w.organization_id = ${organizationId} AND w.membership_id = ${membershipId}
        AND w.opened_at < ${edges.at(-1)!.toISOString()} AND coalesce(w.closed_at, ${now.toISOString()}::timestamptz) > ${edges[0]!.toISOString()})
    SELECT d.day, sum(extract(epoch FROM least(u.ended_at, d.hi) - greatest(u.opened_at, d.lo)))::float8 AS seconds
    FROM days d JOIN usages u ON u.opened_at < d.hi AND u.ended_at > d.lo AND u.ended_at > u.opened_at
    GROUP BY 1`);
  return rowsOf<{ day: number; seconds: number }>(result);
}
