import type { AssignedGoal } from '../../../contract/goals-library';
import type { Change } from '../../lib/audit-trail';
import { linkMadeOrRemoved } from '../../lib/placement';
import { presentGoalPlan } from '../../lib/goal-plan';
import type { AssignedGoalRow, GoalRow, SubGoalRow } from './repository';

// Rows → the contract's shapes (contract/goals-library.ts), and what the audit trail keeps of each entity.

/** What a goal asks for, as the contract and the trail both name it: the plan's fields without ids, dates or targets. */
const goalFields = (g: GoalRow) => {
  const {
    goal_id: _id,
    sub_goals: _targets,
    mastered_at: _at,
    mastered_session_id: _session,
    ...fields
  } = presentGoalPlan({
    ...g,
    subGoals: [],
  });
  return fields;
};

/** An assigned goal as the contract's AssignedGoal. */
export const presentGoal = (g: AssignedGoalRow): AssignedGoal => ({
  ...presentGoalPlan(g),
  student_id: g.studentId,
  department_id: g.departmentId,
});

// ---- what the trail keeps of each entity -----------------------------------------------------

/** The fields the audit trail keeps of a goal (no ids or timestamps: those are the row's). */
export const audited = (g: GoalRow) => ({
  student_id: g.studentId,
  department_id: g.departmentId,
  membership_id: g.membershipId,
  ...goalFields(g),
});

/**
 * A goal's rows on the trail are scoped to its student, so a student's history can list them. Not to
 * its department: the department's history tells its team and students, and goals would bury them.
 */
export const goalScope = (g: GoalRow) => ({ student: g.studentId });

export const auditedSubGoal = (s: SubGoalRow) => ({ goal_id: s.goalId, title: s.title, position: s.position, status: s.status });

/** A sub-goal made or removed (with its goal, too: one row each), scoped to its goal. */
export const subGoalChange = (action: 'create' | 'delete', s: SubGoalRow): Change =>
  linkMadeOrRemoved(action, { entity: 'sub_goal', id: s.id, scope: { goal: s.goalId }, kept: auditedSubGoal(s) });

/** A sub-goal renamed or moved, scoped to its goal. */
export const subGoalUpdate = (before: SubGoalRow, after: SubGoalRow): Change => ({
  action: 'update',
  entity: 'sub_goal',
  entityId: after.id,
  scope: { goal: after.goalId },
  before: auditedSubGoal(before),
  after: auditedSubGoal(after),
});
