/**
 * Correcting a stored point (late entry and fixes are common, also after the session ended): the
 * values as first recorded are kept beside the correction, and a correction meeting another
 * device's write keeps the value that is not live as an observation (service-observations.ts).
 */
import type { RequestContext } from '../../lib/request-context';
import { AppError, notFound } from '../../lib/app-error';
import * as repo from './repository';
import { loadSessionFor } from './service';
import { partsOfStudents, requirePart } from '../../lib/access';
import { keepCorrectionObservation } from './service-observations';
import { STALE_WRITE_DETAIL } from './repository-stamp';
import { toPoint, type PointChange } from './present';

export async function correctPoint(ctx: RequestContext, pointId: string, change: PointChange) {
  const organizationId = ctx.org.id;
  const found = await repo.findPointForWrite(ctx.tx, organizationId, pointId, change);
  if (!found) {
    throw notFound('Data point');
  }
  const { point } = found;
  const session = await loadSessionFor(ctx, point.sessionId);
  // A correction is a write to the student's goals and data: the caller's role must open them.
  requirePart((await partsOfStudents(ctx, [session.studentId])).get(session.studentId) ?? [], 'goals_and_data');
  checkCorrectionFits(point.kind, change);
  if (found.stale) {
    throw new AppError('STALE_WRITE', STALE_WRITE_DETAIL);
  }
  // Keep the value as first recorded: a second correction doesn't overwrite the original.
  const original = point.original ?? {
    outcome: point.outcome,
    prompt_level: point.promptLevel,
    count: point.count,
    duration_ms: point.durationMs,
    recorded_at: point.recordedAt.toISOString(),
  };
  // Every write names who sent it (the signed-in user), so a conflict can say who recorded each value.
  const saved = await repo.saveCorrection(ctx.tx, organizationId, pointId, {
    outcome: change.outcome === undefined ? point.outcome : change.outcome,
    promptLevel: change.prompt_level === undefined ? point.promptLevel : change.prompt_level,
    count: change.count === undefined ? point.count : change.count,
    durationMs: change.duration_ms === undefined ? point.durationMs : change.duration_ms,
    original,
    recorded_at: change.recorded_at,
    device_id: change.device_id,
    device_seq: change.device_seq,
    recordedBy: ctx.actor,
  });
  if (point.deviceId !== change.device_id) {
    await keepCorrectionObservation(ctx, point, change, found.wins);
  }
  return toPoint(saved ?? point);
}

/** A correction changes only what the point's kind records: an outcome for a trial, a count, a duration. */
function checkCorrectionFits(
  kind: 'trial' | 'frequency' | 'duration',
  change: { outcome?: unknown; prompt_level?: unknown; count?: unknown; duration_ms?: unknown },
) {
  const allowed = { trial: ['outcome', 'prompt_level'], frequency: ['count'], duration: ['duration_ms'] }[kind];
  const errors: Record<string, string[]> = {};
  for (const field of ['outcome', 'prompt_level', 'count', 'duration_ms'] as const) {
    if (change[field] !== undefined && !allowed.includes(field)) {
      errors[field] = [`A ${kind} point has no ${field.replace('_', ' ')}.`];
    }
  }
  const first = Object.values(errors)[0];
  if (first) {
    throw new AppError('VALIDATION_FAILED', first[0] ?? 'This correction does not fit the point.', errors);
  }
}
