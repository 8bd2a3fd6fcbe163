import type { OrganizationId } from '../../lib/ids';
import { and, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/handles';
import { therasessions } from '../../db/schema/scheduling';
import { assignedUnlessStartedSql } from '../../lib/student-visibility';
import type { JsonText } from '../../lib/json-text';
import type { CalendarItemsAnswer } from '../../../contract/calendar';

/** Sessions last at most 12 hours (the scheduling rules); a day leaves room to spare. */
const LONGEST_SESSION_MS = 24 * 3600_000;

export interface ItemsFilter {
  from: Date;
  to: Date;
  therapistMembershipId?: string | undefined;
  studentId?: string | undefined;
  departmentId?: string | undefined;
  /**
   * A therapist's own view, as their session list has it: a session not started yet counts only
   * while its therapist is still assigned to its student.
   */
  assignedUnlessStarted?: boolean;
}

type Parts = Pick<CalendarItemsAnswer, 'time_zone' | 'sessions' | 'therapists' | 'students' | 'departments'>;
export type CalendarSessionsText = { [K in keyof Parts]: JsonText<Parts[K]> };

/**
 * The calendar's sessions overlapping [from, to) and the organization's zone, written as JSON by the
 * database in one statement: the sessions column by column (in no particular order), each naming
 * its therapist, student and department by its place in a lookup list sorted by name. A busy week
 * of a large clinic is thousands of sessions; as rows they cost more to carry, convert and
 * re-encode than the database takes to find them.
 */
export async function selectCalendarSessions(tx: Tx, organizationId: OrganizationId, filter: ItemsFilter): Promise<CalendarSessionsText> {
  const inRange = tx
    .select({
      id: therasessions.id,
      startAt: therasessions.startAt,
      endAt: therasessions.endAt,
      status: therasessions.status,
      therapistMembershipId: therasessions.therapistMembershipId,
      studentId: therasessions.studentId,
      departmentId: therasessions.departmentId,
    })
    .from(therasessions)
    .where(
      and(
        eq(therasessions.organizationId, organizationId),
        lt(therasessions.startAt, filter.to),
        gt(therasessions.endAt, filter.from),
        // A lower bound on the start too, so the (organization, start_at) index reads the range and
        // not every earlier session of the year: no session is longer than a day.
        gte(therasessions.startAt, new Date(filter.from.getTime() - LONGEST_SESSION_MS)),
        filter.therapistMembershipId === undefined ? undefined : eq(therasessions.therapistMembershipId, filter.therapistMembershipId),
        filter.studentId === undefined ? undefined : eq(therasessions.studentId, filter.studentId),
        filter.departmentId === undefined ? undefined : eq(therasessions.departmentId, filter.departmentId),
        filter.assignedUnlessStarted ? assignedUnlessStartedSql : undefined,
      ),
    );
  // Measured on 5,000 sessions: sorting the sessions, numeric epochs and IN-lists cost more than
  // the rest of the statement, so the sessions come unsorted (the calendar places them), epochs
  // are floating point, and each lookup list is built from the distinct ids the sessions name.
  const [row] = rowsOf<CalendarSessionsText>(
    await tx.execute(sql`
      WITH s AS MATERIALIZED (${inRange}),
      th AS (
        SELECT m.id, u.first_name || ' ' || u.last_name AS name,
          row_number() OVER (ORDER BY u.first_name, u.last_name, m.id) - 1 AS i
        FROM (SELECT DISTINCT therapist_membership_id AS id FROM s) named
        JOIN memberships m ON m.id = named.id AND m.organization_id = ${organizationId}
        JOIN users u ON u.id = m.user_id
      ),
      st AS (
        SELECT x.id, x.first_name || ' ' || x.last_name AS name,
          row_number() OVER (ORDER BY x.first_name, x.last_name, x.id) - 1 AS i
        FROM (SELECT DISTINCT student_id AS id FROM s) named
        JOIN students x ON x.id = named.id AND x.organization_id = ${organizationId}
      ),
      dp AS (
        SELECT x.id, x.name, row_number() OVER (ORDER BY x.name, x.id) - 1 AS i
        FROM (SELECT DISTINCT department_id AS id FROM s) named
        JOIN departments x ON x.id = named.id AND x.organization_id = ${organizationId}
      )
      SELECT
        -- The organization's zone rides along (UTC without one, as organizationTimezone answers).
        to_json(coalesce((SELECT timezone FROM organizations WHERE id = ${organizationId}), 'UTC'))::text AS time_zone,
        (SELECT json_build_object(
          'id', coalesce(json_agg(s.id), '[]'),
          'start_ms', coalesce(json_agg((date_part('epoch', s.start_at) * 1000)::bigint), '[]'),
          'end_ms', coalesce(json_agg((date_part('epoch', s.end_at) * 1000)::bigint), '[]'),
          'status', coalesce(json_agg(s.status), '[]'),
          'therapist', coalesce(json_agg(th.i), '[]'),
          'student', coalesce(json_agg(st.i), '[]'),
          'department', coalesce(json_agg(dp.i), '[]')
        ) FROM s JOIN th ON th.id = s.therapist_membership_id JOIN st ON st.id = s.student_id
          LEFT JOIN dp ON dp.id = s.department_id)::text AS sessions,
        (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name) ORDER BY i), '[]') FROM th)::text AS therapists,
        (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name) ORDER BY i), '[]') FROM st)::text AS students,
        (SELECT coalesce(json_agg(json_build_object('id', id, 'name', name) ORDER BY i), '[]') FROM dp)::text AS departments
    `),
  );
  if (!row) {
    throw new Error('the calendar statement answered no row');
  }
  return row;
}
