import type { AssignedGoal } from './service';

/** An assigned goal as the contract's AssignedGoal. */
export function presentGoal(g: AssignedGoal) {
  return {
    goal_id: g.id,
    student_id: g.studentId,
    department_id: g.departmentId,
    title: g.title,
    description: g.description,
    measurement: g.measurement,
    planned_trials: g.plannedTrials,
    prompt_hierarchy: g.promptHierarchy,
    sub_goals: g.subGoals.map((s) => ({ id: s.id, title: s.title, position: s.position })),
  };
}
