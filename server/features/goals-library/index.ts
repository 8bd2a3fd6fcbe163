/**
 * What other features and the seed use of the goals library: assigning and changing a goal, the kinds
 * of measurement a goal takes, a student's goals as the goal calls present them (the student's record), and the one writer of a goal's revisions (the mastery evaluation
 * records a mastery through it too).
 */
export { assignGoal, goalsOfStudent, updateAssignedGoal, type Measurement } from './service';
export { presentGoal } from './present';
export { changeSubGoal } from './service-sub-goals';
export { recordGoalRevision, recordGoalRevisions, type GoalRevision } from './service-revisions';
