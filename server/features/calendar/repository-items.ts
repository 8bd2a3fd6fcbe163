import type { OrganizationId } from '../../lib/ids';
import { and, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/handles';
import { SESSION_STATUSES, therasessions } from '../../db/schema/scheduling';
import { assignedUnlessStartedSql } from '../../lib/student-visibility';
import { jsonText, type JsonText } from '../../lib/json-text';
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

type Parts = Pick<CalendarItemsAnswer, 'time_zone' | 'sessions' | 'statuses' | 'therapists' | 'students' | 'departments'>;
export type CalendarSessionsText = { [K in keyof Parts]: JsonText<Parts[K]> };

/**
 * Each status is a place in the sessions column's own list of statuses (a status missing from it
 * would drop a value from the column and shift the rest), which the answer sends as `statuses`.
 */
const STATUS_LIST = `{${SESSION_STATUSES.join(',')}}`;

/** A lookup list (th, st or dp below) column by column, in the order of its numbers. */
const lookupJson = (list: 'th' | 'st' | 'dp') =>
  sql.raw(
    `(SELECT json_build_object('id', coalesce(json_agg(id ORDER BY i), '[]'), 'name', coalesce(json_agg(name ORDER BY i), '[]')) FROM ${list})::text`,
  );

/**
 * The calendar's sessions overlapping [from, to) and the organization's zone, written as JSON by the
 * database in one statement: the sessions column by column (in no particular order), each naming
 * its status, therapist, student and department by its place in a list, and times as whole minutes.
 * A busy week of a large clinic is thousands of sessions; as rows they cost more to carry, convert
 * and re-encode than the database takes to find them, and every value written costs time.
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
  // Measured on 5,000 sessions: sorting (the sessions or the names), numeric epochs, IN-lists and
  // JSON objects per row cost more than the rest of the statement. So the sessions come unsorted
  // (the calendar places them), epochs are floating point, the lists are numbered as the database
  // meets their ids and sent column by column (the app sorts the names it shows), and the
  // sessions' columns are plain text joined with commas: ids and numbers need no JSON escaping.
  const [row] = rowsOf<Omit<CalendarSessionsText, 'statuses'>>(
    await tx.execute(sql`
      WITH s AS MATERIALIZED (${inRange}),
      th AS MATERIALIZED (
        SELECT m.id, u.first_name || ' ' || u.last_name AS name, row_number() OVER () - 1 AS i
        FROM (SELECT DISTINCT therapist_membership_id AS id FROM s) named
        JOIN memberships m ON m.id = named.id AND m.organization_id = ${organizationId}
        JOIN users u ON u.id = m.user_id
      ),
      st AS MATERIALIZED (
        SELECT x.id, x.first_name || ' ' || x.last_name AS name, row_number() OVER () - 1 AS i
        FROM (SELECT DISTINCT student_id AS id FROM s) named
        JOIN students x ON x.id = named.id AND x.organization_id = ${organizationId}
      ),
      dp AS MATERIALIZED (
        SELECT x.id, x.name, row_number() OVER () - 1 AS i
        FROM (SELECT DISTINCT department_id AS id FROM s) named
        JOIN departments x ON x.id = named.id AND x.organization_id = ${organizationId}
      )
      SELECT
        -- The organization's zone rides along (UTC without one, as organizationTimezone answers).
        to_json(coalesce((SELECT timezone FROM organizations WHERE id = ${organizationId}), 'UTC'))::text AS time_zone,
        (SELECT '{"id":[' || coalesce('"' || string_agg(s.id::text, '","') || '"', '')
          || '],"start_min":[' || coalesce(string_agg(round(date_part('epoch', s.start_at) / 60)::int::text, ','), '')
          || '],"minutes":[' || coalesce(string_agg((round(date_part('epoch', s.end_at) / 60) - round(date_part('epoch', s.start_at) / 60))::int::text, ','), '')
          || '],"status":[' || coalesce(string_agg((array_position(${STATUS_LIST}::text[], s.status::text) - 1)::text, ','), '')
          || '],"therapist":[' || coalesce(string_agg(th.i::text, ','), '')
          || '],"student":[' || coalesce(string_agg(st.i::text, ','), '')
          || '],"department":[' || coalesce(string_agg(coalesce(dp.i::text, 'null'), ','), '') || ']}'
        FROM s JOIN th ON th.id = s.therapist_membership_id JOIN st ON st.id = s.student_id
          LEFT JOIN dp ON dp.id = s.department_id) AS sessions,
        ${lookupJson('th')} AS therapists,
        ${lookupJson('st')} AS students,
        ${lookupJson('dp')} AS departments
    `),
  );
  if (!row) {
    throw new Error('the calendar statement answered no row');
  }
  return { ...row, statuses: jsonText([...SESSION_STATUSES]) };
}
