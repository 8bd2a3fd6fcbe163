import type { AssignedGoal } from '../../../contract/goals-library';
import type { GoalStatus, MasteryMeasure, TargetStatus } from '../../../contract/mastery';

// A goal's words on the desk's screens (the department's Goals dialog, the student's page): the
// contract's values are the collector's and the server's.

/** How a goal is measured. */
export const MEASUREMENT_WORDS: Record<AssignedGoal['measurement'], string> = {
  discrete: 'Scored trials',
  frequency: 'Frequency (a count)',
  duration: 'Duration (timed)',
};

/** "Scored trials · 10 planned a session" */
export const measurementLine = (goal: Pick<AssignedGoal, 'measurement' | 'planned_trials'>) =>
  `${MEASUREMENT_WORDS[goal.measurement]} · ${goal.planned_trials} planned a session`;

export const GOAL_STATUS_WORDS: Record<GoalStatus, string> = {
  baseline: 'Baseline',
  in_treatment: 'In treatment',
  mastered: 'Mastered',
  on_hold: 'On hold',
  discontinued: 'Discontinued',
};

export const TARGET_STATUS_WORDS: Record<TargetStatus, string> = {
  upcoming: 'Upcoming',
  active: 'Active',
  maintenance: 'Maintenance',
};

/** What a criterion measures, as its select offers it, and the measurement it needs. */
export const CRITERION_MEASURES: Record<MasteryMeasure, { label: string; measurement: AssignedGoal['measurement'] }> = {
  percent_correct: { label: '% correct', measurement: 'discrete' },
  percent_independent: { label: '% independent', measurement: 'discrete' },
  count_per_hour: { label: 'Count per hour', measurement: 'frequency' },
  count_per_session: { label: 'Count per session', measurement: 'frequency' },
  duration_minutes: { label: 'Minutes', measurement: 'duration' },
};

const RESULT_WORDS: Record<MasteryMeasure, (value: number) => string> = {
  percent_correct: (v) => `${v} % correct`,
  percent_independent: (v) => `${v} % independent`,
  count_per_hour: (v) => `${v} per hour`,
  count_per_session: (v) => `${v} counted`,
  duration_minutes: (v) => `${v} min`,
};

/** A session's result in its measure's words: "75 % correct", "4 per hour", "12.5 min". */
export const resultText = (value: number, measure: MasteryMeasure) => RESULT_WORDS[measure](value);
