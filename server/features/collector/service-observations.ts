/**
 * Two-observer mode (service.ts): the observation that does not stay live when writes of two
 * devices meet on one point key, in the shape point_observations keeps.
 */
import type { RequestContext } from '../../lib/request-context';
import { insertObservations, type Observation, type RecordedBy, type StoredAtKey } from './repository-batches';
import { stampOf, type DeleteKeyRow, type PointChange, type PointRow, type StoredPoint } from './present';

/** An observation arriving in this call, by the call's user. */
export const observationOf = (p: PointRow, reason: Observation['reason'], winnerDeviceId: string, by: RecordedBy): Observation => ({
  point_id: p.id,
  goal_id: p.goal_id,
  sub_goal_id: p.sub_goal_id,
  trial_no: p.trial_no,
  kind: p.kind,
  outcome: p.outcome,
  prompt_level: p.prompt_level,
  count: p.count,
  duration_ms: p.duration_ms,
  is_deletion: false,
  recorded_at: p.recorded_at,
  device_id: p.device_id,
  device_seq: p.device_seq,
  reason,
  winner_device_id: winnerDeviceId,
  recorded_by: by,
  received_at: null,
});

/** The stored row under a key, as an observation (it lost to, or was replaced by, another device). */
export const storedObservation = (
  key: DeleteKeyRow,
  s: StoredAtKey,
  reason: Observation['reason'],
  winnerDeviceId: string,
): Observation => ({
  point_id: s.id,
  goal_id: key.goal_id,
  sub_goal_id: key.sub_goal_id,
  trial_no: key.trial_no,
  kind: s.kind,
  outcome: s.outcome,
  prompt_level: s.prompt_level,
  count: s.count,
  duration_ms: s.duration_ms,
  is_deletion: s.is_deleted,
  recorded_at: s.recorded_at,
  device_id: s.device_id,
  device_seq: s.device_seq,
  reason,
  winner_device_id: winnerDeviceId,
  recorded_by: s.recorded_by,
  received_at: s.received_at,
});

/** Two-observer mode for a correction meeting another device's value: the one not live is kept. */
export async function keepCorrectionObservation(ctx: RequestContext, point: StoredPoint, change: PointChange, correctionWins: boolean) {
  const asStored = {
    point_id: point.id,
    goal_id: point.goalId,
    sub_goal_id: point.subGoalId,
    trial_no: point.trialNo,
    kind: point.kind,
    outcome: point.outcome,
    prompt_level: point.promptLevel,
    count: point.count,
    duration_ms: point.durationMs,
    is_deletion: false,
    recorded_at: point.recordedAt.toISOString(),
    device_id: point.deviceId,
    device_seq: point.deviceSeq,
    recorded_by: point.recordedBy,
    received_at: (point.correctedAt ?? point.receivedAt).toISOString(),
  };
  const observation: Observation = correctionWins
    ? { ...asStored, reason: 'replaced', winner_device_id: change.device_id }
    : {
        ...asStored,
        outcome: change.outcome === undefined ? point.outcome : change.outcome,
        prompt_level: change.prompt_level === undefined ? point.promptLevel : change.prompt_level,
        count: change.count === undefined ? point.count : change.count,
        duration_ms: change.duration_ms === undefined ? point.durationMs : change.duration_ms,
        ...stampOf(change),
        recorded_by: ctx.actor,
        received_at: null,
        reason: 'lost',
        winner_device_id: point.deviceId,
      };
  await insertObservations(ctx.tx, ctx.org.id, point.sessionId, [observation]);
}
