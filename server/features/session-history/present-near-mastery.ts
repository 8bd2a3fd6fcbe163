/**
 * "Near mastery", in one function so the mastery evaluator can take its place: the criterion is set,
 * the latest session with data for the goal (or target) meets its threshold, and the goal is not
 * marked mastered yet. How close it is travels along: how many of the latest sessions in a row meet
 * it, and how many different therapists ran those (of the last `sessions` of them).
 */
import { measureValue, type MasteryCriterion, type SessionMeasures } from '../../../contract/mastery';

export interface NearMastery {
  latest: number;
  metInARow: number;
  therapists: number;
}

const meets = (c: MasteryCriterion, value: number) => (c.comparison === 'at_least' ? value >= c.threshold : value <= c.threshold);

/** The series is one goal's or target's sessions, oldest first, as `sessionResults` answers them. */
export function nearMastery(criterion: MasteryCriterion, series: readonly SessionMeasures[]): NearMastery | null {
  const scored = series
    .map((m) => ({ value: measureValue(criterion.measure, m), therapist: m.therapist_id }))
    .filter((s): s is { value: number; therapist: string } => s.value !== null);
  const latest = scored.at(-1);
  if (!latest || !meets(criterion, latest.value)) {
    return null;
  }
  let run = 0;
  while (run < scored.length && meets(criterion, scored[scored.length - 1 - run]!.value)) {
    run += 1;
  }
  const counted = scored.slice(scored.length - Math.min(run, criterion.sessions));
  return { latest: latest.value, metInARow: run, therapists: new Set(counted.map((s) => s.therapist)).size };
}
