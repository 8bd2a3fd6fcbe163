/**
 * The collector's rows as the contract's shapes (a session with its goals and data, a point, the
 * focus, an observed value), and a correction as the services pass it.
 */
import type { z } from 'zod';
import type { CollectorSession, correctPoint } from '../../../contract/collector';
import type { ObservedValue } from '../../../contract/collector-conflicts';
import type { dataPoints } from '../../db/schema/collector';
import type * as repo from './repository';
import type { ObservedRow } from './repository-conflicts';
import type { PointKey, PointRow, PointValue } from './repository-batches';
import type { Stamp } from './repository-stamp';
import { presentGoalPlan } from '../../lib/goal-plan';

export type { DeleteKeyRow, PointRow } from './repository-batches';
export type { Stamp } from './repository-stamp';

/** A correction: the values it changes (those it leaves out stay) and its stamp, as the call parses it. */
export type PointChange = z.output<typeof correctPoint.body>;

/** A point key as one string, for grouping in memory. */
export const keyOf = (k: PointKey) => `${k.goal_id}/${k.sub_goal_id ?? ''}/${k.trial_no}`;

export const stampOf = (s: Stamp): Stamp => ({ recorded_at: s.recorded_at, device_id: s.device_id, device_seq: s.device_seq });

/** A point's key, and what it records under it, picked from a row that carries more. */
export const pointKeyOf = (k: PointKey): PointKey => ({ goal_id: k.goal_id, sub_goal_id: k.sub_goal_id, trial_no: k.trial_no });
export const pointValueOf = (v: Omit<PointValue, keyof PointKey>): Omit<PointValue, keyof PointKey> => ({
  kind: v.kind,
  outcome: v.outcome,
  prompt_level: v.prompt_level,
  count: v.count,
  duration_ms: v.duration_ms,
});

/** A point as stored. */
export type StoredPoint = typeof dataPoints.$inferSelect;
type PointOriginal = null | {
  outcome: PointRow['outcome'];
  prompt_level: string | null;
  count: number | null;
  duration_ms: number | null;
  recorded_at: string;
};

export function toPoint(p: StoredPoint) {
  return {
    id: p.id,
    session_id: p.sessionId,
    goal_id: p.goalId,
    sub_goal_id: p.subGoalId,
    trial_no: p.trialNo,
    kind: p.kind,
    outcome: p.outcome,
    prompt_level: p.promptLevel,
    count: p.count,
    duration_ms: p.durationMs,
    recorded_at: p.recordedAt.toISOString(),
    device_id: p.deviceId,
    device_seq: p.deviceSeq,
    received_at: p.receivedAt.toISOString(),
    corrected_at: p.correctedAt?.toISOString() ?? null,
    original: (p.original ?? null) as PointOriginal,
    recorded_at_flag: p.recordedAtFlag,
  };
}

type FocusRow = Awaited<ReturnType<typeof repo.focusOf>>;

export const presentFocus = (focus: FocusRow) =>
  focus?.goalId ? { goal_id: focus.goalId, sub_goal_id: focus.subGoalId, started_at: focus.startedAt?.toISOString() ?? '' } : null;

/** A session as the collector opens it: its student's goals, each with its live points, the trial states and the focus. */
export function presentCollectorSession(read: {
  session: NonNullable<Awaited<ReturnType<typeof repo.findSession>>>;
  goals: Awaited<ReturnType<typeof repo.goalsForStudent>>;
  points: StoredPoint[];
  trials: Awaited<ReturnType<typeof repo.trialStatesOf>>;
  focus: FocusRow;
}): CollectorSession {
  const { session, goals, points, trials, focus } = read;
  return {
    id: session.id,
    organization_id: session.organizationId,
    status: session.status,
    student_id: session.studentId,
    goals: goals.map((g) => ({
      ...presentGoalPlan(g),
      data: points.filter((p) => p.goalId === g.id).map(toPoint),
    })),
    trials: trials.map((t) => ({ goal_id: t.goalId, sub_goal_id: t.subGoalKey || null, trial_no: t.trialNo, status: t.status })),
    focus: presentFocus(focus),
    client_time_flag: session.clientTimeFlag,
  };
}

/** One value two devices left under a key, with who sent it. */
export function presentObserved(r: ObservedRow): ObservedValue {
  return {
    point_id: r.point_id,
    outcome: r.outcome,
    prompt_level: r.prompt_level,
    count: r.count,
    duration_ms: r.duration_ms,
    is_deletion: r.is_deletion,
    device_id: r.device_id,
    device_seq: Number(r.device_seq),
    recorded_by: r.recorded_by ? { id: r.recorded_by, name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim() } : null,
    recorded_at: new Date(r.recorded_at).toISOString(),
    received_at: r.received_at === null ? null : new Date(r.received_at).toISOString(),
  };
}
