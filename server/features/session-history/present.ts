/** Rows of the session history and the caseload → the contract's shapes. */
import type { GoalResult, HistoryGoal, HistorySession, PointCorrection } from '../../../contract/session-history';
import type { PointConflict } from '../../../contract/collector-conflicts';
import { measureValue } from '../../../contract/mastery-measures';
import type { SessionResult } from '../../lib/session-results';
import type { CorrectionRow, GoalRow, SessionRow } from './repository';

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
/** Items grouped under a key, in their order. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) {
      group.push(item);
    } else {
      groups.set(k, [item]);
    }
  }
  return groups;
}

export const personName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/** One session's result for a goal or target, its figures from the shared measure rule. */
export function presentResult(r: SessionResult): GoalResult {
  return {
    goal_id: r.goal_id,
    sub_goal_id: r.sub_goal_id,
    trials: r.trials,
    correct: r.correct,
    prompted: r.prompted,
    percent_correct: round1(measureValue('percent_correct', r)),
    percent_independent: round1(measureValue('percent_independent', r)),
    prompt_levels: r.prompt_levels,
    count: r.count,
    // A session shorter than a minute (ended at once) gives no rate an hour would recognize.
    rate_per_hour: r.count > 0 && r.minutes >= 1 ? round1(measureValue('count_per_hour', r)) : null,
    duration_minutes: round1(measureValue('duration_minutes', r)),
    episodes: r.episodes,
  };
}

function presentCorrection(r: CorrectionRow): PointCorrection {
  const o = (r.original ?? {}) as Record<string, unknown>;
  const orNull = <T>(value: unknown) => (value === undefined ? null : (value as T | null));
  return {
    point_id: r.id,
    goal_id: r.goal_id,
    sub_goal_id: r.sub_goal_id,
    trial_no: r.trial_no,
    kind: r.kind,
    before: {
      outcome: orNull<string>(o.outcome),
      prompt_level: orNull<string>(o.prompt_level),
      count: orNull<number>(o.count),
      duration_ms: orNull<number>(o.duration_ms),
      recorded_at: orNull<string>(o.recorded_at),
    },
    after: { outcome: r.outcome, prompt_level: r.prompt_level, count: r.count, duration_ms: r.duration_ms },
    corrected_by: r.recorded_by ? { id: r.recorded_by, name: personName(r.first_name, r.last_name) } : null,
    corrected_at: iso(r.corrected_at),
  };
}

/** What a page of sessions is presented with besides its rows. */
export interface SessionExtras {
  results: Map<string, SessionResult[]>;
  conflicts: Map<string, PointConflict[]>;
  corrections: Map<string, CorrectionRow[]>;
}

export function presentSession(row: SessionRow, extras: SessionExtras): HistorySession {
  const ran = row.started_at !== null && row.ended_at !== null;
  const [from, to] = ran ? [row.started_at!, row.ended_at!] : [row.planned_start, row.planned_end];
  return {
    id: row.id,
    status: row.status,
    planned_start: iso(row.planned_start),
    planned_end: iso(row.planned_end),
    started_at: isoOrNull(row.started_at),
    ended_at: isoOrNull(row.ended_at),
    duration_minutes: Math.max(0, Math.round((new Date(to).getTime() - new Date(from).getTime()) / 60_000)),
    therapist: { id: row.therapist_id, name: personName(row.first_name, row.last_name) },
    service: row.service_id ? { id: row.service_id, name: row.service_name ?? '' } : null,
    department: row.department_id ? { id: row.department_id, name: row.department_name ?? '' } : null,
    end_note: row.end_note,
    overtime_reason: row.overtime_reason,
    results: (extras.results.get(row.id) ?? []).map(presentResult),
    conflicts: extras.conflicts.get(row.id) ?? [],
    corrections: (extras.corrections.get(row.id) ?? []).map(presentCorrection),
  };
}

export const presentGoal = (g: GoalRow): HistoryGoal => ({
  id: g.id,
  title: g.title,
  measurement: g.measurement,
  targets: g.targets ?? [],
});
