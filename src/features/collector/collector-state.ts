import { targetKey, type CachedGoal, type CachedSession, type LocalPoint, type LocalTimer, type LocalTrial } from '../../shared/db/types';
import type { HistoryRow } from './local-store';
import type { FocusTarget, SessionData, StoredRows } from './session-store';
import type { Target } from './actions';

/**
 * The session screen's state, kept in React and changed only after each tap's transaction committed.
 * Points are grouped per target; a tap replaces only its target's array, so the other targets'
 * arrays keep their identity and their memoized rows do not render again.
 */
export type UndoEntry =
  | { type: 'point'; goalId: string; subGoalId: string | null; point: LocalPoint; before: LocalTrial | null; label: string }
  | { type: 'count'; goalId: string; subGoalId: string | null; delta: number; label: string }
  | { type: 'timer'; goalId: string; subGoalId: string | null; label: string };

export interface CollectorState {
  session: CachedSession;
  goals: CachedGoal[];
  byTarget: Record<string, LocalPoint[]>;
  trials: Record<string, LocalTrial>;
  timers: Record<string, LocalTimer>;
  focus: FocusTarget | null;
  history: HistoryRow[];
  /** Live points per goal of this session in the server's last answer (server-refresh.ts); absent before one. */
  serverPoints?: Record<string, number>;
  undo: UndoEntry[];
  timeZone: string | undefined;
}

export const UNDO_DEPTH = 30;

export function initialState(data: SessionData): CollectorState {
  const byTarget: Record<string, LocalPoint[]> = {};
  for (const p of data.points) {
    (byTarget[targetKey(p.sessionId, p.goalId, p.subGoalId)] ??= []).push(p);
  }
  for (const list of Object.values(byTarget)) {
    list.sort((a, b) => a.trialNo - b.trialNo);
  }
  return {
    session: data.session,
    goals: data.goals,
    byTarget,
    trials: Object.fromEntries(data.trials.map((t) => [t.key, t])),
    timers: Object.fromEntries(data.timers.map((t) => [t.key, t])),
    focus: data.focus,
    history: data.history,
    undo: [],
    timeZone: data.timeZone,
  };
}

export const keyOf = (state: Pick<CollectorState, 'session'>, goalId: string, subGoalId: string | null) =>
  targetKey(state.session.id, goalId, subGoalId);

export function targetOf(state: Pick<CollectorState, 'session'>, goalId: string, subGoalId: string | null): Target {
  return { session: { id: state.session.id, organization_id: state.session.organization_id }, goalId, subGoalId };
}

export const livePoints = (points: LocalPoint[] | undefined) => (points ?? []).filter((p) => !p.deleted);

/** A frequency target's one point (trial 1), deleted or not. */
export const frequencyPoint = (points: LocalPoint[] | undefined) => (points ?? []).find((p) => p.kind === 'frequency' && p.trialNo === 1);

/**
 * The highest trial number with a live point. A target's list is replaced, never changed, so the
 * answer is kept per list: every tap asks it several times (the tap, each number on screen, the
 * render after), and a long session has hundreds of points per target.
 */
const highestByList = new WeakMap<LocalPoint[], number>();
function highestLiveTrial(points: LocalPoint[] | undefined): number {
  if (!points) {
    return 0;
  }
  let highest = highestByList.get(points);
  if (highest === undefined) {
    highest = 0;
    for (const p of points) {
      if (!p.deleted && p.trialNo > highest) {
        highest = p.trialNo;
      }
    }
    highestByList.set(points, highest);
  }
  return highest;
}

/**
 * The trial the next outcome tap scores. The stored trial row normally says it; it never falls
 * behind the highest scored trial (a trial state taken from the server may be older than the
 * points, since scoring moves the trial on only on the device).
 */
export function currentTrial(state: CollectorState, goalId: string, subGoalId: string | null): LocalTrial {
  const key = keyOf(state, goalId, subGoalId);
  const next = highestLiveTrial(state.byTarget[key]) + 1;
  const row = state.trials[key];
  if (row && row.trialNo >= next) {
    return row;
  }
  return { key, sessionId: state.session.id, trialNo: next, status: 'open' };
}

/** Puts points in (replacing the same key) and keeps the target's list ordered by trial. */
export function withPoints(state: CollectorState, points: LocalPoint[]): CollectorState {
  if (points.length === 0) {
    return state;
  }
  const byTarget = { ...state.byTarget };
  for (const p of points) {
    const key = targetKey(p.sessionId, p.goalId, p.subGoalId);
    // On the tap path: a new point is nearly always the last one, so search from the end, no sort.
    const list = [...(byTarget[key] ?? [])];
    let i = list.length - 1;
    while (i >= 0 && (list[i] as LocalPoint).trialNo > p.trialNo) {
      i -= 1;
    }
    if (i >= 0 && (list[i] as LocalPoint).key === p.key) {
      list[i] = p;
    } else {
      list.splice(i + 1, 0, p);
    }
    byTarget[key] = list;
  }
  return { ...state, byTarget };
}

export function withTrial(state: CollectorState, trial: LocalTrial): CollectorState {
  return { ...state, trials: { ...state.trials, [trial.key]: trial } };
}

/**
 * Rows read back from the device (another tab changed them, or a write collided): the device's
 * rows are the truth, so they replace what this screen held. A trial row the screen moved on
 * without storing it (after a tap) stays unless the device has one.
 */
export function withStored(state: CollectorState, rows: StoredRows): CollectorState {
  const byTarget = { ...state.byTarget };
  const touched = new Map<string, Map<string, LocalPoint>>();
  for (const p of rows.points) {
    const key = targetKey(p.sessionId, p.goalId, p.subGoalId);
    let list = touched.get(key);
    if (!list) {
      list = new Map((byTarget[key] ?? []).map((q) => [q.key, q]));
      touched.set(key, list);
    }
    list.set(p.key, p);
  }
  for (const [key, list] of touched) {
    byTarget[key] = [...list.values()].sort((a, b) => a.trialNo - b.trialNo);
  }
  const trials = { ...state.trials };
  for (const t of rows.trials) {
    trials[t.key] = t;
  }
  const timers = { ...state.timers };
  for (const [key, timer] of rows.timers) {
    if (timer) {
      timers[key] = timer;
    } else {
      delete timers[key];
    }
  }
  return {
    ...state,
    byTarget,
    trials,
    timers,
    session: rows.session ?? state.session,
    focus: rows.focus === undefined ? state.focus : rows.focus,
  };
}

/** The row this screen holds under a target's trial (or episode) number, deleted or not. */
export function pointAt(state: CollectorState, goalId: string, subGoalId: string | null, trialNo: number): LocalPoint | undefined {
  const list = state.byTarget[keyOf(state, goalId, subGoalId)] ?? [];
  // On the tap path: the list is ordered by trial and the current trial is at or after its end.
  for (let i = list.length - 1; i >= 0 && (list[i] as LocalPoint).trialNo >= trialNo; i -= 1) {
    if ((list[i] as LocalPoint).trialNo === trialNo) {
      return list[i];
    }
  }
  return undefined;
}

export function withUndo(state: CollectorState, entry: UndoEntry): CollectorState {
  return { ...state, undo: [...state.undo.slice(-(UNDO_DEPTH - 1)), entry] };
}

/** A point changed through the list (corrected, deleted): older undo steps about it no longer apply. */
export function withoutUndoFor(state: CollectorState, pointKey: string): CollectorState {
  return { ...state, undo: state.undo.filter((u) => u.type !== 'point' || u.point.key !== pointKey) };
}

export function targetName(goal: CachedGoal, subGoalId: string | null): string {
  return subGoalId ? (goal.sub_goals.find((s) => s.id === subGoalId)?.title ?? goal.title) : goal.title;
}
