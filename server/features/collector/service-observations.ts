/**
 * Two-observer mode (service.ts): the observation that does not stay live when writes of two
 * devices meet on one point key, in the shape point_observations keeps.
 */
import type { RequestContext } from '../../lib/request-context';
import { insertObservations, type Observation, type RecordedBy, type StoredAtKey } from './repository-batches';
import {
  pointKeyOf,
  pointValueOf,
  stampOf,
  toPoint,
  type DeleteKeyRow,
  type PointChange,
  type PointRow,
  type StoredPoint,
} from './present';

/** An observation arriving in this call, by the call's user. */
export const observationOf = (p: PointRow, reason: Observation['reason'], winnerDeviceId: string, by: RecordedBy): Observation => ({
  point_id: p.id,
  ...pointKeyOf(p),
  ...pointValueOf(p),
  is_deletion: false,
  ...stampOf(p),
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
  ...pointKeyOf(key),
  ...pointValueOf(s),
  is_deletion: s.is_deleted,
  ...stampOf(s),
  reason,
  winner_device_id: winnerDeviceId,
  recorded_by: s.recorded_by,
  received_at: s.received_at,
});

/** Two-observer mode for a correction meeting another device's value: the one not live is kept. */
export async function keepCorrectionObservation(ctx: RequestContext, point: StoredPoint, change: PointChange, correctionWins: boolean) {
  const stored = toPoint(point);
  const asStored = {
    point_id: stored.id,
    ...pointKeyOf(stored),
    ...pointValueOf(stored),
    is_deletion: false,
    ...stampOf(stored),
    recorded_by: point.recordedBy,
    received_at: stored.corrected_at ?? stored.received_at,
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
