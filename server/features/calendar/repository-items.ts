import type { DepartmentId, MembershipId, OrganizationId, StudentId } from '../../lib/ids';
import { and, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/handles';
import { therasessions } from '../../db/schema/scheduling';
import { assignedUnlessStartedSql } from '../../lib/access';
import type { JsonText } from '../../lib/json-text';
import type { CalendarItemsAnswer } from '../../../contract/calendar';

/** Sessions last at most 12 hours (the scheduling rules); a day leaves room to spare. */
const LONGEST_SESSION_MS = 24 * 3600_000;

export interface ItemsFilter {
  from: Date;
  to: Date;
  therapistMembershipId?: MembershipId | undefined;
  studentId?: StudentId | undefined;
  departmentId?: DepartmentId | undefined;
  /**
   * A therapist's own view, as their session list has it: a session not started yet counts only
   * while its therapist is still assigned to its student.
   */
  assignedUnlessStarted?: boolean;
}

type Parts = Pick<CalendarItemsAnswer, 'time_zone' | 'sessions' | 'therapists' | 'students' | 'departments'>;
export type CalendarSessionsText = { [K in keyof Parts]: JsonText<Parts[K]> };

/**
 * A lookup list: each row as the array [number, id, name] (`cell`), in no particular order. `from`
 * holds the rows as `x`.
 */
const lookupJson = (from: SQL, cell: SQL) => sql`(SELECT '[' || coalesce(string_agg(${cell}, ','), '') || ']' FROM ${from})`;
const lookupCell = (name: SQL) => sql`json_build_array(x.num, x.id, ${name})::text`;

/**
 * The calendar's sessions overlapping [from, to) and the organization's zone, written as JSON by the
 * database in one statement: each session as the cell its row keeps (times in whole minutes, its
 * therapist, student and department by number: no join), in no particular order. A busy week of a
 * large clinic is thousands of sessions; as rows they cost more to carry, convert and re-encode
 * than the database takes to find them, and every value written costs time.
 *
 * The lists: a narrowed view (one therapist's, a student's, a department's, a therapist's own) names
 * the people its sessions name. The whole organization's view, which only schedulers see, names
 * the organization's whole directory instead: reading everyone is cheaper than finding who the
 * range names (which means keeping thousands of sessions aside and reading them four times), and
 * the app shows only those its sessions name.
 */
export async function selectCalendarSessions(tx: Tx, organizationId: OrganizationId, filter: ItemsFilter): Promise<CalendarSessionsText> {
  const inRange = tx
    .select({
      calendarCell: therasessions.calendarCell,
      therapistNum: therasessions.therapistNum,
      studentNum: therasessions.studentNum,
      departmentNum: therasessions.departmentNum,
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
  const narrowed =
    filter.therapistMembershipId !== undefined ||
    filter.studentId !== undefined ||
    filter.departmentId !== undefined ||
    filter.assignedUnlessStarted === true;
  const named = (column: string) => (narrowed ? sql.raw(`AND x.num IN (SELECT ${column} FROM s)`) : sql``);
  // Measured on 5,000 sessions: sorting (the sessions or the names), writing each session's values
  // out per read, joins to name people, IN-lists and JSON objects per row cost more than the rest of
  // the statement. So the sessions come unsorted (the calendar places them), each as the cell its
  // row keeps, as do the students (the longest list: a whole roster); the app sorts the names it
  // shows. `s` is written out once when the lists read it too, and read in place when only the
  // sessions do.
  const [row] = rowsOf<CalendarSessionsText>(
    await tx.execute(sql`
      WITH s AS (${inRange})
      SELECT
        -- The organization's zone rides along (UTC without one, as organizationTimezone answers).
        to_json(coalesce((SELECT timezone FROM organizations WHERE id = ${organizationId}), 'UTC'))::text AS time_zone,
        (SELECT '[' || coalesce(string_agg(s.calendar_cell, ','), '') || ']' FROM s) AS sessions,
        ${lookupJson(sql`memberships x JOIN users u ON u.id = x.user_id WHERE x.organization_id = ${organizationId} ${named('therapist_num')}`, lookupCell(sql`u.first_name || ' ' || u.last_name`))} AS therapists,
        ${lookupJson(sql`students x WHERE x.organization_id = ${organizationId} ${named('student_num')}`, sql`x.lookup_cell`)} AS students,
        ${lookupJson(sql`departments x WHERE x.organization_id = ${organizationId} ${named('department_num')}`, lookupCell(sql`x.name`))} AS departments
    `),
  );
  if (!row) {
    throw new Error('the calendar statement answered no row');
  }
  return row;
}
