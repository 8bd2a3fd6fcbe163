/**
 * The mastery rule, one evaluator for the server (when a session's points arrive) and the tablet (the
 * moment a tap meets it, offline too). Pure: no imports beyond the contract, no clock, no I/O.
 *
 * A series is met when the criterion's `sessions` most recent sessions **with data for it** each meet
 * the threshold (`measureValue`: at least ≥, at most ≤) and were run by at least `min_therapists`
 * different therapists. Sessions without data for a target are not sessions of it: they neither count
 * nor break its run. The run is always the latest one, so a target is mastered by the newest session of
 * that run; older runs that have since been broken do not count.
 *
 * A goal with targets applies the criterion to each active target; a target already in maintenance is
 * not evaluated again, an upcoming one not yet. The goal is mastered when this evaluation leaves every
 * target in maintenance. A goal without targets is decided by its own series. Taught in sequence, the
 * first upcoming target (by position) starts once no target is active any more; otherwise every target
 * is active from the start (`startingTargetStatus`).
 */
import type { GoalStatus, MasteryCriterion, TargetStatus } from './mastery';
import { measureValue, type SessionMeasures } from './mastery-measures';

export interface MasteryTarget {
  id: string;
  title: string;
  position: number;
  status: TargetStatus;
}

/** What the rule needs of a goal's plan. */
export interface MasteryPlan {
  status: GoalStatus;
  criterion: MasteryCriterion | null;
  targets_in_sequence: boolean;
  targets: MasteryTarget[];
}

/** A goal's per-session measures, oldest first: overall (`goal`) and per target id. */
export interface MasterySeries {
  goal: SessionMeasures[];
  targets: Record<string, SessionMeasures[] | undefined>;
}

/** The session a run ended at, and the run's figures (oldest first). */
export interface MetRun {
  session_id: string;
  at: string;
  values: number[];
}

export interface MasteryOutcome {
  /** Targets this evaluation moves to maintenance, with the run that met the criterion. */
  mastered: (MasteryTarget & { run: MetRun })[];
  /** Targets that start (upcoming → active) because the one before them was mastered. */
  started: MasteryTarget[];
  /** The goal itself, when this evaluation masters it. */
  goal: MetRun | null;
}

/** Only goals being taught are evaluated: baseline data comes before teaching; on hold, discontinued and mastered goals wait for a person. */
export const EVALUATED_STATUSES: readonly GoalStatus[] = ['in_treatment'];

/** A new target's status: taught in sequence, only the first is active; otherwise all are. */
export function startingTargetStatus(inSequence: boolean, index: number): TargetStatus {
  return inSequence && index > 0 ? 'upcoming' : 'active';
}

const meets = (c: MasteryCriterion, value: number) => (c.comparison === 'at_least' ? value >= c.threshold : value <= c.threshold);

/** A series' sessions that have a figure for the criterion's measure, oldest first (the others are not sessions of it). */
function scored(criterion: MasteryCriterion, series: readonly SessionMeasures[]) {
  return series.flatMap((m) => {
    const value = measureValue(criterion.measure, m);
    return value === null ? [] : [{ m, value }];
  });
}

/** Whether the latest run of a series meets the criterion; the run's last session when it does. */
export function latestRunMeets(criterion: MasteryCriterion, series: readonly SessionMeasures[]): MetRun | null {
  const run = scored(criterion, series).slice(-criterion.sessions);
  if (run.length < criterion.sessions || !run.every((r) => meets(criterion, r.value))) {
    return null;
  }
  if (new Set(run.map((r) => r.m.therapist_id)).size < criterion.min_therapists) {
    return null;
  }
  const last = run[run.length - 1]!.m;
  return { session_id: last.session_id, at: last.at, values: run.map((r) => r.value) };
}

/** How close a series not yet mastered is: its latest figure, how many sessions in a row meet the threshold, by how many therapists (of the last `sessions`). */
export interface NearMastery {
  latest: number;
  metInARow: number;
  therapists: number;
}

/** "Near mastery" (the caseload's filter): the latest session with data meets the threshold; null when it does not. */
export function nearMastery(criterion: MasteryCriterion, series: readonly SessionMeasures[]): NearMastery | null {
  const run = scored(criterion, series);
  const latest = run.at(-1);
  if (!latest || !meets(criterion, latest.value)) {
    return null;
  }
  let inARow = 0;
  while (inARow < run.length && meets(criterion, run[run.length - 1 - inARow]!.value)) {
    inARow += 1;
  }
  const counted = run.slice(run.length - Math.min(inARow, criterion.sessions));
  return { latest: latest.value, metInARow: inARow, therapists: new Set(counted.map((r) => r.m.therapist_id)).size };
}

const byPosition = (a: MasteryTarget, b: MasteryTarget) => a.position - b.position || a.id.localeCompare(b.id);

/** What newly meets the criterion for one goal, given its plan and its series. */
export function evaluateMastery(plan: MasteryPlan, series: MasterySeries): MasteryOutcome {
  const none: MasteryOutcome = { mastered: [], started: [], goal: null };
  const criterion = plan.criterion;
  if (!criterion || !EVALUATED_STATUSES.includes(plan.status)) {
    return none;
  }
  if (plan.targets.length === 0) {
    return { ...none, goal: latestRunMeets(criterion, series.goal) };
  }
  const targets = [...plan.targets].sort(byPosition);
  const mastered = targets.flatMap((t) => {
    const run = t.status === 'active' ? latestRunMeets(criterion, series.targets[t.id] ?? []) : null;
    return run ? [{ ...t, run }] : [];
  });
  if (mastered.length === 0) {
    return none;
  }
  const done = new Set(mastered.map((t) => t.id));
  const after = targets.map((t) => (done.has(t.id) ? { ...t, status: 'maintenance' as const } : t));
  const started: MasteryTarget[] = [];
  if (plan.targets_in_sequence && !after.some((t) => t.status === 'active')) {
    const next = after.find((t) => t.status === 'upcoming');
    if (next) {
      started.push(next);
    }
  }
  const allDone = started.length === 0 && after.every((t) => t.status === 'maintenance');
  const lastRun = mastered.map((t) => t.run).sort((a, b) => a.at.localeCompare(b.at))[mastered.length - 1]!;
  return { mastered, started, goal: allDone ? lastRun : null };
}

/** The plan after an outcome: targets mastered in maintenance, the next ones active, the goal mastered. */
export function applyMastery<P extends MasteryPlan>(plan: P, outcome: MasteryOutcome): P {
  const mastered = new Set(outcome.mastered.map((t) => t.id));
  const started = new Set(outcome.started.map((t) => t.id));
  return {
    ...plan,
    status: outcome.goal ? 'mastered' : plan.status,
    targets: plan.targets.map((t) =>
      mastered.has(t.id) ? { ...t, status: 'maintenance' } : started.has(t.id) ? { ...t, status: 'active' } : t,
    ),
  };
}
