import type { GoalResult, HistoryGoal, PointCorrection } from '../../../contract/session-history';
import type { ObservedValue } from '../../../contract/collector-conflicts';

export const STATUS_WORDS = {
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
  ended_early: 'Ended early',
} as const;

const OUTCOME_WORDS: Record<string, string> = {
  correct: 'correct',
  incorrect: 'incorrect',
  prompted: 'prompted',
  no_response: 'no response',
};

/** A prompt level as words: "partial_physical" → "partial physical". */
export const levelWords = (level: string) => level.replaceAll('_', ' ');

const one = (n: number | null, digits = 0) => (n === null ? '—' : n.toLocaleString('en-US', { maximumFractionDigits: digits }));

/** One result in a line: "8 of 10 · 80 % correct · 60 % independent", "9 · 12 per hour", "4 min over 2 spans". */
export function resultWords(r: GoalResult): string {
  const parts: string[] = [];
  if (r.trials > 0) {
    parts.push(
      `${r.correct + r.prompted} of ${r.trials} correct`,
      `${one(r.percent_correct)} % correct`,
      `${one(r.percent_independent)} % independent`,
    );
  }
  if (r.count > 0 || (r.trials === 0 && r.episodes === 0)) {
    parts.push(`${r.count} counted`, r.rate_per_hour === null ? '' : `${one(r.rate_per_hour, 1)} per hour`);
  }
  if (r.episodes > 0) {
    parts.push(`${one(r.duration_minutes, 1)} min over ${r.episodes} ${r.episodes === 1 ? 'span' : 'spans'}`);
  }
  return parts.filter(Boolean).join(' · ');
}

/** Prompted trials by level: "model 2, verbal 1". */
export function promptWords(levels: Record<string, number>): string {
  return Object.entries(levels)
    .map(([level, n]) => `${levelWords(level)} ${n}`)
    .join(', ');
}

/** A goal's or target's name from the page's goals: "Imitates actions: clap hands". */
export function goalName(goals: Map<string, HistoryGoal>, goalId: string, subGoalId: string | null): string {
  const goal = goals.get(goalId);
  if (!goal) {
    return 'A goal no longer on the plan';
  }
  if (subGoalId === null) {
    return goal.title;
  }
  const target = goal.targets.find((t) => t.id === subGoalId);
  return `${goal.title}: ${target?.title ?? 'a removed target'}`;
}

/** A recorded value in words: "prompted (model)", "5 counted", "2.5 min", "deleted". */
export function valueWords(
  v: Pick<ObservedValue, 'prompt_level' | 'count' | 'duration_ms'> & { outcome: string | null; is_deletion?: boolean },
): string {
  if (v.is_deletion) {
    return 'deleted';
  }
  if (v.outcome) {
    return `${OUTCOME_WORDS[v.outcome] ?? v.outcome}${v.prompt_level ? ` (${levelWords(v.prompt_level)})` : ''}`;
  }
  if (v.count !== null) {
    return `${v.count} counted`;
  }
  return v.duration_ms === null ? 'no value' : `${one(v.duration_ms / 60_000, 1)} min`;
}

export const correctionWords = (c: PointCorrection) => `${valueWords(c.before)} → ${valueWords(c.after)}`;
