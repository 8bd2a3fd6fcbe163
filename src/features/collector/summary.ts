import type { CachedGoal, LocalPoint } from '../../shared/db/types';
import type { HistoryRow } from './local-store';

export interface GoalSummary {
  trials: number;
  planned: number;
  /** (correct + prompted) / trials, rounded; null before the first trial. */
  percentCorrect: number | null;
  /** correct (unprompted) / trials, rounded. */
  percentIndependent: number | null;
  count: number;
  durationMs: number;
  episodes: number;
}

const pct = (part: number, whole: number) => (whole ? Math.round((100 * part) / whole) : null);

/**
 * The running summary of a goal over all its targets (server rule, collector service: percent
 * correct counts correct and prompted responses, percent independent only unprompted correct ones).
 * Decision: planned_trials is per target, so a goal with three targets plans three times as many.
 */
export function summarize(goal: CachedGoal, points: LocalPoint[]): GoalSummary {
  const live = points.filter((p) => !p.deleted);
  const scored = live.filter((p) => p.kind === 'trial' && p.outcome);
  const correct = scored.filter((p) => p.outcome === 'correct').length;
  const prompted = scored.filter((p) => p.outcome === 'prompted').length;
  const durations = live.filter((p) => p.kind === 'duration');
  return {
    trials: scored.length,
    planned: goal.planned_trials * Math.max(1, goal.sub_goals.length),
    percentCorrect: pct(correct + prompted, scored.length),
    percentIndependent: pct(correct, scored.length),
    count: live.filter((p) => p.kind === 'frequency').reduce((sum, p) => sum + (p.count ?? 0), 0),
    durationMs: durations.reduce((sum, p) => sum + (p.durationMs ?? 0), 0),
    episodes: durations.length,
  };
}

/** Percent correct of this goal (all its targets) over the student's ten latest sessions (oldest first), this one excluded. */
export function historyOf(goalId: string, sessionId: string, rows: HistoryRow[]): { at: string; value: number }[] {
  return rows
    .filter((r) => r.goal_id === goalId && r.sub_goal_id === null && r.session_id !== sessionId && r.percent_correct !== null)
    .sort((a, b) => a.start_at.localeCompare(b.start_at))
    .slice(-10)
    .map((r) => ({ at: r.start_at, value: r.percent_correct as number }));
}
