/**
 * A student's session history: each session of the page with its results per goal and target (the
 * shared per-session read, never another sum of points), its end note, the conflicts two devices
 * left (as the collector presents them) and the corrections made after the fact. Who reads which
 * sessions is the access module's (studentHistoryReach).
 */
import type { RequestContext } from '../../lib/request-context';
import type { SessionId, StudentId } from '../../lib/ids';
import { notFound } from '../../lib/app-error';
import { studentHistoryReach } from '../../lib/access';
import { pageAnswer, withTotal } from '../../lib/pagination';
import { sessionResults, type SessionResult } from '../../lib/session-results';
import { conflictsOf } from '../collector';
import type { PointConflict } from '../../../contract/collector-conflicts';
import * as repo from './repository';
import { groupBy, presentGoal, presentSession } from './present';

export interface HistoryQuery {
  page: number;
  page_size: number;
  from?: string | undefined;
  to?: string | undefined;
}

export async function studentSessions(ctx: RequestContext, studentId: StudentId, query: HistoryQuery) {
  const reach = await studentHistoryReach(ctx, studentId);
  const student = await repo.studentName(ctx.tx, ctx.org.id, studentId);
  if (!student) {
    throw notFound('Student');
  }
  const filter = { studentId, therapistId: reach.every ? undefined : reach.membershipId, from: query.from, to: query.to };
  const page = await withTotal((window) => repo.sessionPage(ctx.tx, ctx.org.id, filter, window), {
    page: query.page,
    pageSize: query.page_size,
  });
  const ids = page.rows.map((r) => r.id as SessionId);
  // One transaction runs one statement at a time: these reads go one after another.
  const results: SessionResult[] = await sessionResults(ctx.tx, ctx.org.id, { sessionIds: ids });
  const corrections = await repo.correctionsOf(ctx.tx, ctx.org.id, ids);
  const conflicts = new Map<string, PointConflict[]>();
  for (const row of page.rows.filter((r) => r.has_conflicts)) {
    conflicts.set(row.id, (await conflictsOf(ctx, row.id)).conflicts);
  }
  const goalIds = [
    ...results.map((r) => r.goal_id),
    ...corrections.map((r) => r.goal_id),
    ...[...conflicts.values()].flat().map((c) => c.goal_id),
  ];
  const goals = await repo.goalsNamed(ctx.tx, ctx.org.id, goalIds);
  const extras = {
    results: groupBy(results, (r) => r.session_id),
    conflicts,
    corrections: groupBy(corrections, (r) => r.session_id),
  };
  return {
    ...pageAnswer(ctx.url, query, page, (row) => presentSession(row, extras)),
    student,
    scope: reach.every ? ('every' as const) : ('own' as const),
    goals: goals.map(presentGoal),
  };
}
