import type { CollectorGoal } from '../../contract/collector';
import type { assignedGoals, subGoals } from '../db/schema/goals';

type GoalRow = typeof assignedGoals.$inferSelect;
type SubGoalRow = typeof subGoals.$inferSelect;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** A target as every reader of a goal sends it (the collector, the goal calls, the student's record). */
export const presentSubGoal = (s: SubGoalRow): CollectorGoal['sub_goals'][number] => ({
  id: s.id,
  title: s.title,
  position: s.position,
  status: s.status,
  mastered_at: iso(s.masteredAt),
  mastered_session_id: s.masteredSessionId,
});

/** A goal's plan (what is taught and how it is scored), without its data: one shape on every side. */
export const presentGoalPlan = (g: GoalRow & { subGoals: SubGoalRow[] }): Omit<CollectorGoal, 'data'> => ({
  goal_id: g.id,
  title: g.title,
  description: g.description,
  domain: g.domain,
  status: g.status,
  measurement: g.measurement,
  planned_trials: g.plannedTrials,
  prompt_hierarchy: g.promptHierarchy,
  targets_in_sequence: g.targetsInSequence,
  mastery_criterion: g.masteryCriterion,
  mastered_at: iso(g.masteredAt),
  mastered_session_id: g.masteredSessionId,
  sub_goals: g.subGoals.map(presentSubGoal),
});
