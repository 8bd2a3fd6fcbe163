/**
 * A goal's graph (GET …/goal-graphs/organization/{orgId}/goals/{goalId}/graph/?from&to): the goal's
 * plan, its results per session with data (overall and per target, from the one read of results,
 * server/lib/session-results.ts) and its phase lines (the goal's history, goal_revisions).
 *
 * Rules:
 * - who reads it is asked of server/lib/access: a goal of another organization, or of a student
 *   the caller does not reach (a therapist reaches only their assigned students), answers 404; a
 *   student whose privacy-role template keeps goals and data closed to the caller answers 403
 *   RECORD_PART_CLOSED, as the goal calls do; the opening is on the audit trail;
 * - `from` and `to` are the organization's calendar days: sessions that started within them, and
 *   the changes made within them;
 * - two statements whatever the number of sessions: the goal with its access, history and names,
 *   then its results.
 */
import type { z } from 'zod';
import type * as contract from '../../../contract/goal-graphs';
import { notFound } from '../../lib/app-error';
import { jsonText, type JsonText } from '../../lib/json-text';
import { partsFor, recordOpened, requirePart, studentReach } from '../../lib/access';
import type { RequestContext } from '../../lib/request-context';
import { sessionResults } from '../../lib/session-results';
import { addDays, zonedTimeToUtc } from '../../lib/time-zones';
import * as repo from './repository';
import { presentGraph } from './present';

type Query = z.output<typeof contract.goalGraph.query>;

/**
 * Written as JSON here and sent as it is: 500 sessions' figures are a large answer, and checking it
 * against its schema again on the way out took longer than reading it (the tests parse it instead).
 */
export async function goalGraph(ctx: RequestContext, goalId: string, query: Query): Promise<JsonText<contract.GoalGraph>> {
  const head = await repo.graphHead(ctx.tx, ctx.org.id, goalId, ctx.org.access, studentReach(ctx.org.access));
  if (!head?.reachable) {
    throw notFound('Goal');
  }
  requirePart(partsFor(ctx.org.access, head.templateParts), 'goals_and_data');
  const window = {
    ...(query.from ? { since: zonedTimeToUtc(query.from, '00:00', head.timeZone) } : {}),
    ...(query.to ? { before: zonedTimeToUtc(addDays(query.to, 1), '00:00', head.timeZone) } : {}),
  };
  const results = await sessionResults(ctx.tx, ctx.org.id, { goalIds: [goalId], studentId: head.goal.studentId, ...window });
  await recordOpened(ctx, head.goal.studentId, ['goals_and_data'], { goal: goalId });
  return jsonText(presentGraph(head, results, window));
}
