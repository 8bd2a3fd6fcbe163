import { v7 as uuidv7 } from 'uuid';
import type { Outcome } from '../../../contract/collector';
import { outbox } from '../../shared/outbox/outbox';
import type { LocalWrite } from '../../shared/outbox/commit';
import { pointKey, targetKey, type CachedSession, type LocalPoint, type LocalTrial } from '../../shared/db/types';
import { enqueue, lane, writeLocal } from './action-queue';

/**
 * What a therapist can do in the collector. Each action is ONE IndexedDB transaction holding the
 * local rows and the outbox operation, so what the screen shows as saved is also queued to send.
 * Trial numbers are decided here, on the device, and the server accepts them (taps made offline need their numbers at once).
 *
 * Decision: an outcome tap records the current trial and moves the device's current trial on
 * (the next tap scores the next trial). "Start next trial" and "Complete trial" are explicit calls
 * for when the therapist steps trials by hand; both are also sent to the server.
 *
 * Tabs of one device never write the same version of a point twice (README "Decisions the product
 * takes"): a new point is inserted with `add` under its key (session/goal/sub-goal/trial), so a
 * second tab taking the same trial number fails whole with a ConstraintError; a change to a point
 * that exists (a count, a correction, a deletion, a new tap on an undone trial) inserts a claim on the
 * version it replaces, so two tabs changing the same version collide the same way. The caller then
 * reads the target back and tries again (use-collector-session.ts). Both are writes: the tap's
 * transaction still reads nothing.
 */
export interface Target {
  session: Pick<CachedSession, 'id' | 'organization_id'>;
  goalId: string;
  subGoalId: string | null;
}

/** The claim on one stored version of a point; kept in `meta`, removed with the session's cache. */
export const claimPrefix = (sessionId: string) => `claim:${sessionId}/`;
export const claimKey = (p: LocalPoint) => `claim:${p.key}#${p.id}/${p.deviceSeq}/${p.recordedAt}`;

/** The writes of a point: an insert where this tab knows no row, else a put plus the claim on it. */
function pointWrites(point: LocalPoint, replaces: LocalPoint | undefined): LocalWrite[] {
  return replaces
    ? [
        { store: 'points', put: point },
        { store: 'meta', add: { key: claimKey(replaces), value: point.id } },
      ]
    : [{ store: 'points', add: point }];
}

/** True when a write failed because another tab took the number or changed the version first. */
export function isCollision(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'ConstraintError';
}

function opFor(t: Target) {
  return { organizationId: t.session.organization_id, lane: lane(t.session.id), params: { id: t.session.id } };
}

function pointBody(p: LocalPoint, stamp: ReturnType<typeof outbox.stamp>) {
  return {
    id: p.id,
    goal_id: p.goalId,
    sub_goal_id: p.subGoalId,
    trial_no: p.trialNo,
    kind: p.kind,
    outcome: p.outcome,
    prompt_level: p.promptLevel,
    count: p.count,
    duration_ms: p.durationMs,
    ...stamp,
  };
}

/** A new point; its stamp is set by upsert() inside the same tap. */
function newPoint(
  t: Target,
  userId: string,
  trialNo: number,
  fields: Partial<LocalPoint> & Pick<LocalPoint, 'kind'>,
  id = uuidv7(),
): LocalPoint {
  return {
    key: pointKey(t.session.id, t.goalId, t.subGoalId, trialNo),
    id,
    sessionId: t.session.id,
    goalId: t.goalId,
    subGoalId: t.subGoalId,
    trialNo,
    outcome: null,
    promptLevel: null,
    count: null,
    durationMs: null,
    recordedAt: '',
    deviceSeq: 0,
    deleted: false,
    corrected: false,
    userId,
    ...fields,
  };
}

/**
 * Starts the tap's transaction and returns the stamped point at once with the promise of its
 * commit: the screen's next state is computed while IndexedDB works, and shown only once `durable`
 * resolved.
 */
function startUpsert(t: Target, point: LocalPoint, replaces: LocalPoint | undefined, extra: LocalWrite[] = []) {
  const stamp = outbox.stamp();
  const saved = { ...point, recordedAt: stamp.recorded_at, deviceSeq: stamp.device_seq, deviceId: stamp.device_id };
  const durable = enqueue(t.session.id, [...pointWrites(saved, replaces), ...extra], {
    kind: 'points.upsert',
    ...opFor(t),
    body: pointBody(saved, stamp),
    coalesceKey: point.key,
  });
  return { point: saved, durable };
}

async function upsert(t: Target, point: LocalPoint, replaces: LocalPoint | undefined, extra: LocalWrite[] = []) {
  const { point: saved, durable } = startUpsert(t, point, replaces, extra);
  await durable;
  return saved;
}

/**
 * A discrete-trial tap: scores the current trial, then the current trial moves on. The trial row is
 * not written: the current trial is never behind the highest scored one (collector-state.ts
 * currentTrial), so the point alone moves it on, also after a reload, and the tap's transaction
 * stays at two stores (point + outbox). `known` is the row this tab holds under that trial's key: none,
 * or the deleted point of an undone tap.
 */
export function recordTrial(
  t: Target,
  userId: string,
  trial: LocalTrial,
  outcome: Outcome,
  promptLevel: string | null,
  known?: LocalPoint,
) {
  const point = newPoint(t, userId, trial.trialNo, { kind: 'trial', outcome, promptLevel: outcome === 'prompted' ? promptLevel : null });
  const nextTrial: LocalTrial = { ...trial, trialNo: trial.trialNo + 1, status: 'open' };
  const started = startUpsert(t, point, known);
  return { point: started.point, trial: nextTrial, durable: started.durable };
}

/** Frequency: one point per target (trial 1) whose count goes up or down; taps coalesce. */
export async function changeFrequency(t: Target, userId: string, current: LocalPoint | undefined, delta: number) {
  const count = Math.max(0, (current?.count ?? 0) + delta);
  const point = current && !current.deleted ? { ...current, count } : newPoint(t, userId, 1, { kind: 'frequency', count });
  return upsert(t, point, current);
}

/** Duration: the start time is kept on the device (survives reload); stop records one episode. */
export async function startTimer(t: Target, now = Date.now()) {
  const key = targetKey(t.session.id, t.goalId, t.subGoalId);
  await writeLocal(t.session.id, [{ store: 'timers', put: { key, sessionId: t.session.id, startedAt: now } }]);
  return { key, sessionId: t.session.id, startedAt: now };
}

/** Undo of a timer start: nothing was sent, so only the device row goes. */
export async function cancelTimer(t: Target) {
  await writeLocal(t.session.id, [{ store: 'timers', delete: targetKey(t.session.id, t.goalId, t.subGoalId) }]);
}

export async function stopTimer(t: Target, userId: string, startedAt: number, episodeNo: number, known?: LocalPoint, now = Date.now()) {
  const point = newPoint(t, userId, episodeNo, { kind: 'duration', durationMs: Math.max(0, now - startedAt) });
  return upsert(t, point, known, [{ store: 'timers', delete: targetKey(t.session.id, t.goalId, t.subGoalId) }]);
}

/** Deletes a point (undo uses this for the last tap); the trial returns to that number when asked. */
export async function deletePoint(t: Target, point: LocalPoint, rewindTrial: LocalTrial | null = null) {
  const stamp = outbox.stamp();
  const writes = pointWrites(
    { ...point, deleted: true, recordedAt: stamp.recorded_at, deviceSeq: stamp.device_seq, deviceId: stamp.device_id },
    point,
  );
  if (rewindTrial) {
    writes.push({ store: 'trials', put: rewindTrial });
  }
  await enqueue(t.session.id, writes, {
    kind: 'points.delete',
    ...opFor(t),
    body: { keys: [{ goal_id: point.goalId, sub_goal_id: point.subGoalId, trial_no: point.trialNo, ...stamp }] },
  });
}

/** Corrects an earlier point; the server keeps the original value. */
export async function correctPoint(
  t: Target,
  point: LocalPoint,
  change: { outcome?: Outcome; promptLevel?: string | null; count?: number; durationMs?: number },
) {
  const stamp = outbox.stamp();
  const updated: LocalPoint = {
    ...point,
    outcome: change.outcome ?? point.outcome,
    promptLevel: change.promptLevel === undefined ? point.promptLevel : change.promptLevel,
    count: change.count ?? point.count,
    durationMs: change.durationMs ?? point.durationMs,
    corrected: true,
    recordedAt: stamp.recorded_at,
    deviceSeq: stamp.device_seq,
    deviceId: stamp.device_id,
  };
  await enqueue(t.session.id, pointWrites(updated, point), {
    kind: 'point.correct',
    organizationId: t.session.organization_id,
    lane: lane(t.session.id),
    params: { id: point.id },
    body: {
      ...(change.outcome !== undefined ? { outcome: change.outcome } : {}),
      ...(change.promptLevel !== undefined ? { prompt_level: change.promptLevel } : {}),
      ...(change.count !== undefined ? { count: change.count } : {}),
      ...(change.durationMs !== undefined ? { duration_ms: change.durationMs } : {}),
      ...stamp,
    },
  });
  return updated;
}

async function moveTrial(t: Target, trial: LocalTrial, kind: 'trial.startNext' | 'trial.complete') {
  const stamp = outbox.stamp();
  await enqueue(t.session.id, [{ store: 'trials', put: trial }], {
    kind,
    organizationId: t.session.organization_id,
    lane: lane(t.session.id),
    params: {},
    body: { session_id: t.session.id, goal_id: t.goalId, sub_goal_id: t.subGoalId, trial_no: trial.trialNo, ...stamp },
  });
  return trial;
}
export const startNextTrial = (t: Target, trial: LocalTrial) =>
  moveTrial(t, { ...trial, trialNo: trial.trialNo + 1, status: 'open' }, 'trial.startNext');
export const completeTrial = (t: Target, trial: LocalTrial) => moveTrial(t, { ...trial, status: 'completed' }, 'trial.complete');

export async function startFocus(t: Target) {
  const stamp = outbox.stamp();
  await enqueue(
    t.session.id,
    [{ store: 'meta', put: { key: `focus:${t.session.id}`, value: { goalId: t.goalId, subGoalId: t.subGoalId } } }],
    {
      kind: 'focus.start',
      ...opFor(t),
      body: { goal_id: t.goalId, sub_goal_id: t.subGoalId, ...stamp },
    },
  );
}
export async function stopFocus(session: Target['session']) {
  const stamp = outbox.stamp();
  await enqueue(session.id, [{ store: 'meta', put: { key: `focus:${session.id}`, value: null } }], {
    kind: 'focus.stop',
    organizationId: session.organization_id,
    lane: lane(session.id),
    params: { id: session.id },
    body: { ...stamp },
  });
}

// The session's own lifecycle and the workspace usage (session-actions.ts), with the taps' actions here.
export { closeWorkspace, endSession, openWorkspace, startSession } from './session-actions';
