import { z } from 'zod';

/**
 * Where a goal stands in a student's plan. Baseline: data is taken before teaching starts; in
 * treatment: taught and scored; mastered: its mastery criterion was met (by the server's evaluation,
 * or set by hand); on hold: paused, kept off the collector; discontinued: retired, with its data kept.
 */
export const GOAL_STATUSES = ['baseline', 'in_treatment', 'mastered', 'on_hold', 'discontinued'] as const;
export const GoalStatus = z.enum(GOAL_STATUSES, 'Choose baseline, in treatment, mastered, on hold or discontinued.');
export type GoalStatus = z.infer<typeof GoalStatus>;

/**
 * Where a target (sub-goal) stands. Upcoming: waits for the targets before it (a goal taught one target
 * at a time); active: taught now; maintenance: mastered, still probed now and then.
 */
export const TARGET_STATUSES = ['upcoming', 'active', 'maintenance'] as const;
export const TargetStatus = z.enum(TARGET_STATUSES, 'Choose upcoming, active or maintenance.');
export type TargetStatus = z.infer<typeof TargetStatus>;

/**
 * What a mastery criterion measures, per session:
 * - percent_correct: correct trials of all scored trials (discrete goals),
 * - percent_independent: trials correct at the last prompt level ("independent") or scored correct
 *   without a prompt, of all scored trials (discrete goals),
 * - count_per_hour: a frequency goal's count divided by the session's length in hours,
 * - count_per_session: a frequency goal's count,
 * - duration_minutes: a duration goal's total recorded minutes in the session.
 */
export const MASTERY_MEASURES = [
  'percent_correct',
  'percent_independent',
  'count_per_hour',
  'count_per_session',
  'duration_minutes',
] as const;
export const MasteryMeasure = z.enum(MASTERY_MEASURES, 'Choose what the criterion measures.');
export type MasteryMeasure = z.infer<typeof MasteryMeasure>;

/**
 * A goal's mastery criterion, for example "80 % correct over 3 consecutive sessions, with at least 2
 * therapists" ({ measure: 'percent_correct', comparison: 'at_least', threshold: 80, sessions: 3,
 * min_therapists: 2 }) or "at most 2 per hour for 5 sessions" ({ measure: 'count_per_hour',
 * comparison: 'at_most', threshold: 2, sessions: 5, min_therapists: 1 }). A goal with targets applies
 * it to each target on its own; the goal is mastered once every target is.
 */
export const MasteryCriterion = z.object({
  measure: MasteryMeasure,
  comparison: z.enum(['at_least', 'at_most'], 'Choose at least or at most.'),
  threshold: z
    .number('Give the threshold as a number.')
    .min(0, 'The threshold is 0 or more.')
    .max(100_000, 'The threshold is at most 100,000.'),
  sessions: z
    .number('Give the number of sessions as a whole number.')
    .int('Give the number of sessions as a whole number.')
    .min(1, 'Use a whole number from 1 to 20.')
    .max(20, 'Use a whole number from 1 to 20.')
    .describe('Consecutive sessions with data that must each meet the threshold'),
  min_therapists: z
    .number('Give the number of therapists as a whole number.')
    .int('Give the number of therapists as a whole number.')
    .min(1, 'Use a whole number from 1 to 5.')
    .max(5, 'Use a whole number from 1 to 5.')
    .default(1)
    .describe('Different therapists who ran those sessions (generalization across people)'),
});
export type MasteryCriterion = z.infer<typeof MasteryCriterion>;

/**
 * What a goal's history records, so a graph can draw a phase line where teaching changed: the
 * targets (added, removed, mastered, started), the prompting (prompt hierarchy), the planned trials,
 * the level (a library goal's level, once libraries exist), the mastery criterion, or the status.
 */
export const PHASE_CHANGES = ['targets', 'prompting', 'planned_trials', 'level', 'criterion', 'status'] as const;
export const PhaseChange = z.enum(PHASE_CHANGES);
export type PhaseChange = z.infer<typeof PhaseChange>;
