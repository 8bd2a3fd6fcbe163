/**
 * The caseload a supervisor reviews: of the students in scope, goals in treatment without data for
 * 14 days (stale), goals near mastery, and ended sessions of the last 30 days without an end note.
 * Scope: the owner and whoever reaches every student see anyone's (a therapist's assignments or a
 * department when asked); any other member sees the students assigned to them. Sessions without a
 * note are every session of a student the caller supervises, else only their own (the history's
 * rule). A student whose goals and data the caller's role does not open is left out.
 */
import type { RequestContext } from '../../lib/request-context';
import type { DepartmentId, MembershipId } from '../../lib/ids';
import { AppError } from '../../lib/app-error';
import { reachesStudentSql, rowsOpening, studentReach, supervisesStudentSql } from '../../lib/access';
import { pageOf } from '../../lib/pagination';
import { sessionResults, type SessionResult } from '../../lib/session-results';
import { sql } from 'drizzle-orm';
import type { CaseloadFilter, CaseloadStudent } from '../../../contract/session-history';
import * as repo from './repository-caseload';
import { groupBy } from './present';
import { presentCaseloadStudent, staleGoals, nearMasteryItems } from './present-caseload';

const DAY_MS = 86_400_000;
/** How far back results are read: a run of sessions older than this is near nothing today. */
const RESULTS_DAYS = 90;
export const STALE_DAYS = 14;
export const NO_NOTE_DAYS = 30;

export interface CaseloadQuery {
  page: number;
  page_size: number;
  filter?: CaseloadFilter | undefined;
  therapistId?: MembershipId | undefined;
  departmentId?: DepartmentId | undefined;
}

export async function caseload(ctx: RequestContext, query: CaseloadQuery) {
  const reach = studentReach(ctx.org.access);
  if (!reach.every && query.therapistId !== undefined && query.therapistId !== reach.membershipId) {
    throw new AppError('FORBIDDEN', "You can see your own caseload only, not another therapist's.");
  }
  const scope = await repo.studentsInScope(ctx.tx, ctx.org.id, {
    reaches: reachesStudentSql(ctx, sql`st.id`),
    supervises: supervisesStudentSql(ctx, sql`st.id`),
    therapistId: query.therapistId,
    departmentId: query.departmentId,
  });
  const students = await rowsOpening(ctx, scope, (s) => s.id, 'goals_and_data');
  const ids = students.map((s) => s.id);
  const now = Date.now();
  const goals = await repo.goalsOf(ctx.tx, ctx.org.id, ids, query.departmentId);
  const results: SessionResult[] = await sessionResults(ctx.tx, ctx.org.id, {
    goalIds: goals.filter((g) => g.status !== 'discontinued').map((g) => g.id),
    since: new Date(now - RESULTS_DAYS * DAY_MS),
  });
  const noNote = await repo.sessionsWithoutNote(
    ctx.tx,
    ctx.org.id,
    {
      supervised: students.filter((s) => s.supervised).map((s) => s.id),
      others: students.filter((s) => !s.supervised).map((s) => s.id),
      own: ctx.org.access.membershipId,
    },
    { since: new Date(now - NO_NOTE_DAYS * DAY_MS), therapistId: query.therapistId, departmentId: query.departmentId },
  );
  const studentOfGoal = new Map(goals.map((g) => [g.id, g.student_id]));
  const goalsBy = groupBy(goals, (g) => g.student_id);
  const resultsBy = groupBy(results, (r) => studentOfGoal.get(r.goal_id) ?? '');
  const noNoteBy = groupBy(noNote, (n) => n.student_id);
  const all: CaseloadStudent[] = students.map((s) => {
    const own = goalsBy.get(s.id) ?? [];
    const mine = resultsBy.get(s.id) ?? [];
    return presentCaseloadStudent(s, {
      stale: staleGoals(own, mine, now - STALE_DAYS * DAY_MS),
      near_mastery: nearMasteryItems(own, mine),
      no_note: noNoteBy.get(s.id) ?? [],
    });
  });
  const matches = (s: CaseloadStudent, f: CaseloadFilter) => s[f].length > 0;
  const listed = all.filter((s) =>
    query.filter ? matches(s, query.filter) : matches(s, 'stale') || matches(s, 'near_mastery') || matches(s, 'no_note'),
  );
  return {
    ...pageOf(listed, ctx.url, query.page, query.page_size),
    counts: {
      stale: all.filter((s) => matches(s, 'stale')).length,
      near_mastery: all.filter((s) => matches(s, 'near_mastery')).length,
      no_note: all.filter((s) => matches(s, 'no_note')).length,
    },
    scope: reach.every ? ('every' as const) : ('own' as const),
  };
}
