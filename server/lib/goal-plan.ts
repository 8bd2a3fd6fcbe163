import type { CollectorGoal } from '../../contract/collector';
import type { SessionId } from './ids';
import type { assignedGoals, subGoals } from '../db/schema/goals';

type GoalRow = typeof assignedGoals.$inferSelect;
type SubGoalRow = typeof subGoals.$inferSelect;

/** When and in which session a goal or target met its criterion, as both name it. */
const mastery = (row: { masteredAt: Date | null; masteredSessionId: SessionId | null }) => ({
  mastered_at: row.masteredAt ? row.masteredAt.toISOString() : null,
  mastered_session_id: row.masteredSessionId,
});

/** A target as every reader of a goal sends it (the collector, the goal calls, the student's record). */
export const presentSubGoal = (s: SubGoalRow): CollectorGoal['sub_goals'][number] => {
  const { id, title, position, status } = s;
  return { id, title, position, status, ...mastery(s) };
};

/** A goal's plan (what is taught and how it is scored), without its data: one shape on every side. */
export const presentGoalPlan = (g: GoalRow & { subGoals: SubGoalRow[] }): Omit<CollectorGoal, 'data'> => {
  const { id: goal_id, title, description, domain, status, measurement } = g;
  return {
    goal_id,
    title,
    description,
    domain,
    status,
    measurement,
    planned_trials: g.plannedTrials,
    prompt_hierarchy: g.promptHierarchy,
    targets_in_sequence: g.targetsInSequence,
    mastery_criterion: g.masteryCriterion,
    ...mastery(g),
    sub_goals: g.subGoals.map(presentSubGoal),
  };
};
