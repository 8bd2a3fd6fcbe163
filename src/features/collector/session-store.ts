import type { CollectorSession, DataPoint } from '../../../contract/collector';
import { collector } from '../../../contract/routes/collector';
import { api } from '../../shared/api/client';
import { checked, isString, nullable, object } from '../../shared/db/checks';
import { getDb } from '../../shared/db/db';
import {
  pointKey,
  targetKey,
  type CachedGoal,
  type CachedSession,
  type LocalPoint,
  type LocalTimer,
  type LocalTrial,
} from '../../shared/db/types';
import { claimKey } from './actions';
import { dayRefreshesSettled, readContext, readHistory, type HistoryRow } from './local-store';
import type { TabChange } from './tab-sync';

/** Everything the session screen shows, read ONCE from IndexedDB when it opens (no live queries). */
export interface SessionData {
  session: CachedSession;
  goals: CachedGoal[];
  points: LocalPoint[];
  trials: LocalTrial[];
  timers: LocalTimer[];
  focus: FocusTarget | null;
  history: HistoryRow[];
  /** The organization's time zone, for times on screen. */
  timeZone: string | undefined;
}

export interface FocusTarget {
  goalId: string;
  subGoalId: string | null;
}
const isFocusTarget = object<FocusTarget>({ goalId: isString, subGoalId: nullable(isString) });

export const focusKey = (sessionId: string) => `focus:${sessionId}`;

/** Goals of the session: those of its department when it has one (a student may have several). */
export function goalsForSession(session: CachedSession, goals: CachedGoal[]): CachedGoal[] {
  const department = session.department?.id;
  const own = department ? goals.filter((g) => g.department_id === department) : [];
  // Goal ids are UUID v7, so their order is the order they were assigned in.
  return (own.length ? own : goals).slice().sort((a, b) => a.goal_id.localeCompare(b.goal_id));
}

/** The session's row, once any refresh of the day under way (in any tab) has stored its rows. */
async function readSession(userId: string, sessionId: string): Promise<CachedSession | null> {
  const db = getDb();
  const found = await db.sessions.get(sessionId);
  if (found && found.userId === userId) {
    return found;
  }
  await dayRefreshesSettled();
  const again = await db.sessions.get(sessionId);
  return again && again.userId === userId ? again : null;
}

export async function loadSession(userId: string, sessionId: string): Promise<SessionData | null> {
  const db = getDb();
  const session = await readSession(userId, sessionId);
  if (!session) {
    return null;
  }
  const [goals, points, trials, timers, focusRow, history, context] = await Promise.all([
    db.goals.where('studentId').equals(session.student.id).toArray(),
    db.points.where('sessionId').equals(sessionId).toArray(),
    db.trials.where('sessionId').equals(sessionId).toArray(),
    db.timers.where('sessionId').equals(sessionId).toArray(),
    db.meta.get(focusKey(sessionId)),
    readHistory(session.organization_id, session.student.id),
    readContext(userId, session.organizationId),
  ]);
  return {
    session,
    goals: goalsForSession(
      session,
      goals.filter((g) => g.userId === userId),
    ),
    points: points.filter((p) => p.userId === userId),
    trials,
    timers,
    focus: checked(focusRow?.value, isFocusTarget),
    history,
    timeZone: context?.timezone,
  };
}

/** Rows of the session as the device holds them now, read back after another tab changed them. */
export interface StoredRows {
  points: LocalPoint[];
  trials: LocalTrial[];
  /** Timer keys with the row stored under each, or null where the timer was stopped. */
  timers: [string, LocalTimer | null][];
  session: CachedSession | null;
  /** undefined: not read. */
  focus?: FocusTarget | null;
}

/**
 * One target read back whole (points, trial row, timer): after a write collided with another tab's,
 * the tab learns every number taken so far. Off the tap path: only after a collision.
 */
export async function readTarget(userId: string, sessionId: string, goalId: string, subGoalId: string | null): Promise<StoredRows> {
  const db = getDb();
  const key = targetKey(sessionId, goalId, subGoalId);
  return db.transaction('r', db.points, db.trials, db.timers, async () => {
    const [points, trial, timer] = await Promise.all([
      db.points.where('key').startsWith(`${key}/`).toArray(),
      db.trials.get(key),
      db.timers.get(key),
    ]);
    return targetRows(userId, key, [points, trial, timer]);
  });
}

/** readTarget's reads as bare requests in a transaction of the caller's (commit.ts readThenWrite). */
export function targetReads(sessionId: string, goalId: string, subGoalId: string | null) {
  const key = targetKey(sessionId, goalId, subGoalId);
  return (tx: IDBTransaction) => [
    tx.objectStore('points').getAll(IDBKeyRange.bound(`${key}/`, `${key}/\uffff`)),
    tx.objectStore('trials').get(key),
    tx.objectStore('timers').get(key),
  ];
}

/** What readTarget and targetReads read, as the rows the screen takes in (withStored). */
export function targetRows(userId: string, key: string, [points, trial, timer]: unknown[]): StoredRows {
  return {
    points: (points as LocalPoint[]).filter((p) => p.userId === userId),
    trials: trial ? [trial as LocalTrial] : [],
    timers: [[key, (timer as LocalTimer | undefined) ?? null]],
    session: null,
  };
}

/** Exactly the rows another tab said it wrote (tab-sync.ts), in one read-only transaction. */
export async function readChanges(userId: string, change: TabChange): Promise<StoredRows> {
  const db = getDb();
  return db.transaction('r', [db.points, db.trials, db.timers, db.sessions, db.meta], async () => {
    const [points, trials, timers, session, focus] = await Promise.all([
      db.points.bulkGet(change.points),
      db.trials.bulkGet(change.trials),
      db.timers.bulkGet(change.timers),
      change.session ? db.sessions.get(change.sessionId) : undefined,
      change.focus ? db.meta.get(focusKey(change.sessionId)) : undefined,
    ]);
    return {
      points: points.filter((p): p is LocalPoint => !!p && p.userId === userId),
      trials: trials.filter((t): t is LocalTrial => !!t),
      timers: change.timers.map((key, i) => [key, timers[i] ?? null]),
      session: session && session.userId === userId ? session : null,
      ...(change.focus ? { focus: checked(focus?.value, isFocusTarget) } : {}),
    };
  });
}

type Stamped = Pick<LocalPoint, 'recordedAt' | 'deviceSeq' | 'deviceId'>;

/**
 * Whether `a` is a later write than `b`, by the server's rule: two writes of one device by its
 * sequence alone (its clock may have been hours wrong for one of them and right for the other),
 * writes of different devices by the clock, then the device id. Rows stored before the device id
 * was kept compare by clock, then sequence.
 */
export function isNewer(a: Stamped, b: Stamped): boolean {
  if (a.deviceId !== undefined && a.deviceId === b.deviceId) {
    return a.deviceSeq > b.deviceSeq;
  }
  const ta = Date.parse(a.recordedAt);
  const tb = Date.parse(b.recordedAt);
  if (ta !== tb) {
    return ta > tb;
  }
  return a.deviceId !== undefined && b.deviceId !== undefined ? a.deviceId > b.deviceId : a.deviceSeq > b.deviceSeq;
}

function fromServer(sessionId: string, userId: string, p: DataPoint): LocalPoint {
  return {
    key: pointKey(sessionId, p.goal_id, p.sub_goal_id, p.trial_no),
    id: p.id,
    sessionId,
    goalId: p.goal_id,
    subGoalId: p.sub_goal_id,
    trialNo: p.trial_no,
    kind: p.kind,
    outcome: p.outcome,
    promptLevel: p.prompt_level,
    count: p.count,
    durationMs: p.duration_ms,
    recordedAt: p.recorded_at,
    deviceSeq: p.device_seq,
    deviceId: p.device_id,
    deleted: false,
    corrected: p.corrected_at !== null,
    userId,
  };
}

export interface ServerMerge {
  points: LocalPoint[];
  trials: LocalTrial[];
}

/** Asks the server for the session (online only). Throws on network or server failure. */
export function fetchServerSession(session: Pick<CachedSession, 'id' | 'organization_id'>): Promise<CollectorSession> {
  return api(
    collector.getSession,
    { params: { id: session.id }, query: { organization_id: session.organization_id } },
    { offlineRedirect: false },
  );
}

/**
 * Brings in what the server has and this device does not (points taken on another device or before
 * this device cached the day): a server point is taken only when its stamp is newer than the local
 * row, and a trial state only for a target this device has never touched. Local-only write: nothing
 * is queued. Returns what changed so the screen can apply it without reading everything again.
 *
 * "Local" is checked twice: against this screen's copy, then against the device's rows inside the
 * write, because another tab on the same session may have written newer taps since this screen read
 * them (an older server value must not overwrite them). Where the device has the newer row, that row
 * is returned, so the screen shows it.
 */
export async function mergeServerSession(
  userId: string,
  server: CollectorSession,
  local: { points: Map<string, LocalPoint>; trials: Map<string, LocalTrial> },
): Promise<ServerMerge> {
  const points: LocalPoint[] = [];
  for (const goal of server.goals) {
    for (const p of goal.data) {
      const incoming = fromServer(server.id, userId, p);
      const mine = local.points.get(incoming.key);
      if (!mine || isNewer(incoming, mine)) {
        points.push(incoming);
      }
    }
  }
  const trials: LocalTrial[] = server.trials
    .map((t) => ({ key: targetKey(server.id, t.goal_id, t.sub_goal_id), sessionId: server.id, trialNo: t.trial_no, status: t.status }))
    .filter((t) => !local.trials.has(t.key));
  if (!points.length && !trials.length) {
    return { points, trials };
  }
  const db = getDb();
  return db.transaction('rw', db.points, db.trials, db.meta, async () => {
    const [storedPoints, storedTrials] = await Promise.all([
      db.points.bulkGet(points.map((p) => p.key)),
      db.trials.bulkGet(trials.map((t) => t.key)),
    ]);
    const shownPoints = points.map((p, i) => {
      const stored = storedPoints[i];
      return stored && stored.userId === userId && !isNewer(p, stored) ? stored : p;
    });
    const shownTrials = trials.map((t, i) => storedTrials[i] ?? t);
    const replaced = shownPoints.filter((p, i) => p === points[i]);
    await db.points.bulkPut(replaced);
    // A stored version replaced here is claimed like any other change (actions.ts), so a tab still
    // holding it cannot write over the server's newer value.
    const claims = storedPoints.filter((stored, i): stored is LocalPoint => !!stored && shownPoints[i] === points[i]);
    await db.meta.bulkPut(claims.map((stored) => ({ key: claimKey(stored), value: null })));
    await db.trials.bulkPut(shownTrials.filter((t, i) => t === trials[i]));
    return { points: shownPoints, trials: shownTrials };
  });
}
