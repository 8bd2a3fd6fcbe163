/**
 * A session's point batches, written set by set (upsert and delete; one point is a batch of one).
 * New taps are one statement; only keys already stored cost more: their rows are read and held,
 * then replaced where the stamp rule says the incoming write wins, and when two devices met the
 * write that is not live is kept as an observation. No session lock: the database makes a write
 * wait for another writing the same key, and both go in key order, so they never deadlock.
 */
import type { RequestContext } from '../../lib/request-context';
import { asSessionId, type MembershipId, type SessionId, type StudentId } from '../../lib/ids';
import { AppError } from '../../lib/app-error';
import * as repo from './repository';
import * as batches from './repository-batches';
import type { Observation } from './repository-batches';
import { observationOf, storedObservation } from './service-observations';
import { checkTargets, refuseCalledOff, studentGoals } from './service';
import { STALE_WRITE_DETAIL, stampAfter } from './repository-stamp';
import { requireMembershipAt } from './service-membership-end';
import { evaluateMasteryAfterBatch } from './service-mastery';
import { keyOf, stampOf, type DeleteKeyRow, type PointRow, type Stamp } from './present';
import type { PointKey } from './repository-batches';

/**
 * Within one batch the winner of each key under the stamp rule goes on to the database (one INSERT
 * can't touch a row twice); a loser from another device than its key's winner is an observation to keep.
 */
function stampWinnersPerKey<T extends Stamp & PointKey>(rows: T[]): { winners: T[]; losers: { row: T; winner: T }[] } {
  const byKey = new Map<string, T>();
  for (const row of rows) {
    const current = byKey.get(keyOf(row));
    if (!current || stampAfter(row, current)) {
      byKey.set(keyOf(row), row);
    }
  }
  const losers = rows
    .map((row) => ({ row, winner: byKey.get(keyOf(row))! }))
    .filter(({ row, winner }) => row !== winner && row.device_id !== winner.device_id);
  return { winners: [...byKey.values()], losers };
}

function refuseStale(stored: { stale: boolean }[]) {
  if (stored.some((s) => s.stale)) {
    throw new AppError('STALE_WRITE', STALE_WRITE_DETAIL);
  }
}

/**
 * New points count only while the session's therapist is assigned to its student (departments'
 * therapist assignments put a student into a therapist's collector). A point the device recorded
 * before the assignment ended (recorded_at, the tap's time, earlier than the unassignment in the
 * audit trail) is still accepted: it was taken offline while the therapist was assigned. Any later
 * point refuses the whole call, 409 NOT_ASSIGNED with the reason, nothing stored (the outbox then
 * sends the batch's points one by one, so the earlier ones still land). Deletions and corrections
 * of points already stored stay possible: they are about data taken while assigned.
 */
async function requireAssignedFor(
  ctx: RequestContext,
  session: { assigned: boolean; therapistMembershipId: MembershipId; studentId: StudentId },
  points: { recorded_at: string }[],
) {
  if (session.assigned) {
    return;
  }
  const endedAt = await repo.assignmentEndedAt(ctx.tx, ctx.org.id, session.therapistMembershipId, session.studentId);
  const since = endedAt ? ` since ${endedAt.toISOString()}` : '';
  const detail = `The session's therapist is not assigned to this student${since}: points recorded after that are not accepted.`;
  const errors: Record<string, string[]> = {};
  points.forEach((p, i) => {
    if (!endedAt || Date.parse(p.recorded_at) >= endedAt.getTime()) {
      errors[`points.${i}.recorded_at`] = [detail];
    }
  });
  if (Object.keys(errors).length > 0) {
    throw new AppError('NOT_ASSIGNED', detail, errors);
  }
}

/**
 * A point's client id names one key for good. The same id under another key (in the batch, or
 * stored in any session) is a client error: a 4xx the outbox shows as "needs attention", never the
 * primary-key 500 it would retry forever.
 */
function checkIdsInBatch(points: PointRow[]) {
  const keyById = new Map<string, string>();
  const errors: Record<string, string[]> = {};
  points.forEach((p, i) => {
    const seen = keyById.get(p.id);
    if (seen !== undefined && seen !== keyOf(p)) {
      errors[`points.${i}.id`] = ['This id names another point of the batch.'];
    }
    keyById.set(p.id, keyOf(p));
  });
  if (Object.keys(errors).length > 0) {
    throw new AppError('VALIDATION_FAILED', 'Two points of the batch share one id.', errors);
  }
}

/** The stored-id case, found by the primary key itself (no extra round trip on the hot path). */
function idTaken(error: unknown): never {
  const cause =
    (error as { cause?: { code?: string; constraint?: string } } | null)?.cause ?? (error as { code?: string; constraint?: string });
  if (cause?.code === '23505' && cause.constraint === 'data_points_organization_id_id_pk') {
    throw new AppError('CONFLICT', 'A point id already names another data point.', {
      points: ['A point id already names another data point.'],
    });
  }
  throw error;
}

/**
 * The rows already stored under the keys an insert found taken, held until commit. Every taken key
 * has its row: points are never removed (deletions are tombstones), and an insert waits for a
 * concurrent insert of the same key to commit before it answers the key taken.
 */
async function storedAtTakenKeys(ctx: RequestContext, sessionId: SessionId, keys: DeleteKeyRow[], taken: number[]) {
  const stored = await batches.lockStoredAtKeys(ctx.tx, ctx.org.id, sessionId, keys, taken);
  if (stored.length !== taken.length) {
    throw new Error(`collector: ${taken.length - stored.length} taken point keys had no stored row`);
  }
  refuseStale(stored);
  return stored;
}

/**
 * A batch of points of one session. Every write names who sent it (the signed-in user), so a
 * conflict can say who recorded each value.
 */
export async function upsertPoints(ctx: RequestContext, sessionId: SessionId, points: PointRow[]) {
  const { tx } = ctx;
  const organizationId = ctx.org.id;
  const by = ctx.actor;
  const session = await studentGoals(ctx, sessionId);
  checkTargets(session.goals, points, 'points');
  refuseCalledOff(session);
  checkIdsInBatch(points);
  await requireMembershipAt(ctx, sessionId, points, 'points');
  await requireAssignedFor(ctx, session, points);
  const { winners, losers } = stampWinnersPerKey(points);
  const taken = await batches.insertNewPoints(tx, organizationId, sessionId, winners, by).catch(idTaken);
  const stored = await storedAtTakenKeys(ctx, sessionId, winners, taken);
  const observations = losers.map(({ row, winner }) => observationOf(row, 'lost', winner.device_id, by));
  const conflicts = new Set(losers.flatMap(({ row, winner }) => [row.id, winner.id]));
  for (const s of stored) {
    const incoming = winners[s.index]!;
    if (s.device_id === incoming.device_id) {
      continue;
    }
    // Two devices on one key: both observations stay; the live row is the rule's winner.
    conflicts.add(incoming.id);
    observations.push(
      s.wins ? storedObservation(incoming, s, 'replaced', incoming.device_id) : observationOf(incoming, 'lost', s.device_id, by),
    );
  }
  const replacing = stored.filter((s) => s.wins).map((s) => ({ ...winners[s.index]!, stored_id: s.id }));
  const replaced = await batches.replacePoints(tx, organizationId, replacing, by).catch(idTaken);
  await batches.insertObservations(tx, organizationId, sessionId, observations);
  await evaluateMasteryAfterBatch(ctx, session, winners);
  const applied = winners.length - taken.length + replaced;
  return { applied, stale: 0, received_ids: [...new Set(points.map((p) => p.id))], conflicts: [...conflicts] };
}

/** One point sent alone: a batch of one, its session named in the body. */
export async function upsertPoint(ctx: RequestContext, body: PointRow & { session_id: string }) {
  const { session_id, ...point } = body;
  return upsertPoints(ctx, asSessionId(session_id), [point]);
}

export async function deletePoints(ctx: RequestContext, sessionId: SessionId, keys: DeleteKeyRow[]) {
  const { tx } = ctx;
  const organizationId = ctx.org.id;
  const by = ctx.actor;
  const session = await studentGoals(ctx, sessionId);
  checkTargets(session.goals, keys, 'keys');
  await requireMembershipAt(ctx, sessionId, keys, 'keys');
  const { winners } = stampWinnersPerKey(keys);
  const taken = await batches.insertTombstones(tx, organizationId, sessionId, winners, by);
  const stored = await storedAtTakenKeys(ctx, sessionId, winners, taken);
  const observations: Observation[] = [];
  for (const s of stored) {
    const incoming = winners[s.index]!;
    if (s.device_id === incoming.device_id) {
      continue;
    }
    if (s.wins) {
      observations.push(storedObservation(incoming, s, 'replaced', incoming.device_id));
    } else {
      // The deletion lost to another device's later write: kept as a deletion of that point.
      observations.push({
        ...storedObservation(incoming, s, 'lost', s.device_id),
        is_deletion: true,
        ...stampOf(incoming),
        recorded_by: by,
        received_at: null,
      });
    }
  }
  const deleting = stored.filter((s) => s.wins).map((s) => ({ ...winners[s.index]!, stored_id: s.id }));
  const deleted = await batches.tombstonePoints(tx, organizationId, deleting, by);
  await batches.insertObservations(tx, organizationId, sessionId, observations);
  // Deleting a missed trial can meet a criterion too; un-meeting one takes no mastery back (service-mastery.ts).
  await evaluateMasteryAfterBatch(ctx, session, winners);
  return { applied: winners.length - taken.length + deleted, stale: 0, received: keys.length };
}
