/**
 * The mastery evaluation on the server: when a batch of points (or deletions) arrives, in its
 * transaction, the goals it touched that have a criterion and are in treatment are read back
 * (the latest sessions with data of the targets it touched, no more) and put to the one rule
 * (contract/mastery-rule.ts). A target the batch did not touch keeps its standing: nothing of its
 * data changed.
 * What newly meets it is written: targets to maintenance, the next target in sequence active, the
 * goal mastered with the session, and a row of the goal's history for each. A batch touching no
 * such goal costs nothing more; one that does, one read, and two writes only when something is met.
 *
 * Mastery once recorded stays: a correction or a deletion that un-meets the criterion afterwards
 * does not take it back (the graph shows the data; a person sets the goal or target back by hand).
 */
import type { RequestContext } from '../../lib/request-context';
import type { SessionId, StudentId } from '../../lib/ids';
import { sessionResults, type SessionResult } from '../../lib/session-results';
import { evaluateMastery, type MasteryOutcome, type MasterySeries } from '../../../contract/mastery-rule';
import type { SessionTargetGoal, GoalMastery } from './repository';
import { applyMasteryChanges, type MasteryChange } from './repository-mastery';
import { recordGoalRevisions, type GoalRevision } from '../goals-library';

type Evaluated = SessionTargetGoal & { mastery: GoalMastery };

/** The goals a batch touched that the rule evaluates. */
function goalsToEvaluate(goals: SessionTargetGoal[], touched: { goal_id: string }[]): Evaluated[] {
  const ids = new Set(touched.map((t) => t.goal_id));
  return goals.filter((g): g is Evaluated => g.mastery !== null && ids.has(g.id));
}

/**
 * The goal's series for the targets the batch touched (others keep the standing their own data gave
 * them: their series here would hold only sessions kept for another target, not their latest).
 */
function seriesOf(goalId: string, results: SessionResult[], touched: Set<string>): MasterySeries {
  const series: MasterySeries = { goal: [], targets: {} };
  for (const r of results) {
    if (r.goal_id !== goalId || (r.sub_goal_id !== null && !touched.has(`${goalId}|${r.sub_goal_id}`))) {
      continue;
    }
    if (r.sub_goal_id === null) {
      series.goal.push(r);
    } else {
      (series.targets[r.sub_goal_id] ??= []).push(r);
    }
  }
  return series;
}

/** The changes an outcome asks for, in the order they happen. */
function changesOf(goalId: string, outcome: MasteryOutcome): MasteryChange[] {
  const lastMastered = outcome.mastered[outcome.mastered.length - 1]?.run.session_id;
  return [
    ...outcome.mastered.map((t) => ({ goal_id: goalId, target_id: t.id, status: 'maintenance' as const, session_id: t.run.session_id })),
    ...outcome.started.map((t) => ({ goal_id: goalId, target_id: t.id, status: 'active' as const, session_id: lastMastered! })),
    ...(outcome.goal ? [{ goal_id: goalId, target_id: null, status: 'mastered' as const, session_id: outcome.goal.session_id }] : []),
  ];
}

/** The goal's history row for a change the database made. */
function revisionOf(change: MasteryChange, goals: Map<string, Evaluated>): GoalRevision {
  const goal = goals.get(change.goal_id)!;
  const sessionId = change.session_id as SessionId;
  if (change.target_id === null) {
    return {
      goalId: change.goal_id,
      sessionId,
      changedBy: null,
      kinds: ['status'],
      changes: { status: [goal.mastery.status, 'mastered'] },
      label: 'Goal mastered',
    };
  }
  const title = goal.subGoals.find((t) => t.id === change.target_id)?.title ?? '';
  const mastered = change.status === 'maintenance';
  return {
    goalId: change.goal_id,
    sessionId,
    changedBy: null,
    kinds: ['targets'],
    changes: { [`targets.${change.target_id}.status`]: [mastered ? 'active' : 'upcoming', change.status] },
    label: mastered ? `Target "${title}" mastered` : `Target "${title}" started`,
  };
}

/**
 * Evaluates the goals `touched` names (points or deleted keys of the batch) among the session's
 * student's `goals` (as the batch's checks read them), and records what newly meets the criterion.
 */
export async function evaluateMasteryAfterBatch(
  ctx: RequestContext,
  session: { studentId: StudentId; goals: SessionTargetGoal[] },
  touched: { goal_id: string; sub_goal_id: string | null }[],
): Promise<MasteryChange[]> {
  const goals = goalsToEvaluate(session.goals, touched);
  if (goals.length === 0) {
    return [];
  }
  const evaluated = new Set(goals.map((g) => g.id));
  const keys = new Set(touched.filter((t) => evaluated.has(t.goal_id)).map((t) => `${t.goal_id}|${t.sub_goal_id ?? ''}`));
  // A goal with targets is evaluated per target touched; one without, on its own points.
  const targets = [...keys].map((key) => {
    const [goal_id, sub] = key.split('|') as [string, string];
    return { goal_id, sub_goal_id: sub === '' ? null : sub };
  });
  const n = Math.max(...goals.map((g) => g.mastery.criterion.sessions));
  const results = await sessionResults(ctx.tx, ctx.org.id, { goalIds: goals.map((g) => g.id), latestOf: { n, targets } });
  const wanted = goals.flatMap((g) => {
    const plan = {
      status: g.mastery.status,
      criterion: g.mastery.criterion,
      targets_in_sequence: g.mastery.targets_in_sequence,
      targets: g.subGoals,
    };
    return changesOf(g.id, evaluateMastery(plan, seriesOf(g.id, results, keys)));
  });
  if (wanted.length === 0) {
    return [];
  }
  const made = await applyMasteryChanges(ctx.tx, ctx.org.id, wanted);
  const byId = new Map(goals.map((g) => [g.id, g]));
  await recordGoalRevisions(
    ctx,
    // The database answers in no set order: the revisions follow the evaluation's (mastered, started, goal).
    wanted.filter((w) => made.some((m) => m.goal_id === w.goal_id && m.target_id === w.target_id)).map((c) => revisionOf(c, byId)),
  );
  return made;
}
