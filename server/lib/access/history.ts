import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../../db/handles';
import type { StudentId } from '../ids';
import type { RequestContext } from '../request-context';
import { partsOfStudents, recordOpened, requirePart } from './parts';
import { requireStudent, studentReach, type Reach } from './students';

/**
 * Whose sessions of a student a caller reads in the student's session history, and whose students'
 * sessions a caseload shows them. A member SUPERVISES a student when either:
 * - their role reaches every student of the organization (the owner, and whoever enrolls students,
 *   gives goals or places children: studentReach), or
 * - they are the responsible therapist of one of the student's goals (assigned_goals.membership_id),
 *   while they still reach the student.
 * A supervisor reads every session of the student; any other member who reaches the student (a
 * therapist merely assigned) reads only the sessions they ran. A former member supervises nobody.
 */
export function supervisesStudentSql(ctx: RequestContext, studentId: SQL): SQL {
  const reach = studentReach(ctx.org.access);
  if (reach.every) {
    return sql`TRUE`;
  }
  if (ctx.org.access.membershipEndedAt !== undefined) {
    return sql`FALSE`;
  }
  return sql`EXISTS (SELECT 1 FROM assigned_goals g
    WHERE g.organization_id = ${ctx.org.id} AND g.student_id = ${studentId} AND g.membership_id = ${reach.membershipId})`;
}

/**
 * The reach of one student's session history: the student must be reached (else 404) and their
 * goals and data open to the caller's role (else 403: notes and results are the record), and the
 * opening is on the trail. Answers every session, or only the caller's own.
 */
export async function studentHistoryReach(ctx: RequestContext, studentId: StudentId): Promise<Reach> {
  await requireStudent(ctx, studentId);
  requirePart((await partsOfStudents(ctx, [studentId])).get(studentId) ?? [], 'goals_and_data');
  await recordOpened(ctx, studentId, ['goals_and_data'], { view: 'session_history' });
  const reach = studentReach(ctx.org.access);
  if (reach.every) {
    return reach;
  }
  const [row] = rowsOf<{ supervises: boolean }>(
    await ctx.tx.execute(sql`SELECT ${supervisesStudentSql(ctx, sql`${studentId}::uuid`)} AS supervises`),
  );
  return row?.supervises ? { every: true } : reach;
}
