import type { AssignedGoal } from '../../../contract/goals-library';

/** How a goal is measured, in the words the desk shows (the contract's values are the collector's). */
export const MEASUREMENT_WORDS: Record<AssignedGoal['measurement'], string> = {
  discrete: 'Scored trials',
  frequency: 'Frequency (a count)',
  duration: 'Duration (timed)',
};

/** "Scored trials · 10 planned a session" */
export const measurementLine = (goal: Pick<AssignedGoal, 'measurement' | 'planned_trials'>) =>
  `${MEASUREMENT_WORDS[goal.measurement]} · ${goal.planned_trials} planned a session`;
