import type { MasteryCriterion, MasteryMeasure } from './mastery';

// Only types come from ./mastery: this module is read by the collector's offline start-up (the
// mastery rule on the tablet), which does not load zod.

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
