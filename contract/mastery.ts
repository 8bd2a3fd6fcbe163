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

/**
 * What one session recorded for one goal, or one of its targets: the facts every reader of results
 * computes its figures from (the graphs, the session history, the caseload, the mastery rule on the
 * server and on the tablet). Percent correct counts correct and prompted responses, percent
 * independent only unprompted correct ones, as the collector's running summary does.
 */
export interface SessionMeasures {
  session_id: string;
  /** The session's start (ISO): the order of a series. */
  at: string;
  /** The therapist membership that ran the session. */
  therapist_id: string;
  /** The session's length in minutes (its actual start to end when it ran, else the planned slot). */
  minutes: number;
  /** Scored trials, and of them correct, prompted and the levels prompted at. */
  trials: number;
  correct: number;
  prompted: number;
  prompt_levels: Record<string, number>;
  /** Frequency: the session's count; duration: the total milliseconds over `episodes` timed spans. */
  count: number;
  duration_ms: number;
  episodes: number;
}

const percent = (part: number, whole: number) => (whole > 0 ? (100 * part) / whole : null);

/** One session's figure for a measure, or null when the session recorded nothing it applies to. */
export function measureValue(measure: MasteryMeasure, m: SessionMeasures): number | null {
  switch (measure) {
    case 'percent_correct':
      return percent(m.correct + m.prompted, m.trials);
    case 'percent_independent':
      return percent(m.correct, m.trials);
    case 'count_per_hour':
      return m.minutes > 0 ? (60 * m.count) / m.minutes : null;
    case 'count_per_session':
      return m.count;
    case 'duration_minutes':
      return m.episodes > 0 ? m.duration_ms / 60_000 : null;
  }
}

const MEASURE_WORDS: Record<MasteryMeasure, (threshold: number) => string> = {
  percent_correct: (t) => `${t} % correct`,
  percent_independent: (t) => `${t} % independent`,
  count_per_hour: (t) => `${t} per hour`,
  count_per_session: (t) => `${t} per session`,
  duration_minutes: (t) => `${t} minutes`,
};

/** A criterion as a sentence: "At least 80 % correct over 3 consecutive sessions, with at least 2 therapists". */
export function describeCriterion(c: MasteryCriterion): string {
  const sessions = c.sessions === 1 ? 'in 1 session' : `over ${c.sessions} consecutive sessions`;
  const people = c.min_therapists > 1 ? `, with at least ${c.min_therapists} therapists` : '';
  return `${c.comparison === 'at_least' ? 'At least' : 'At most'} ${MEASURE_WORDS[c.measure](c.threshold)} ${sessions}${people}`;
}
