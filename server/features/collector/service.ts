/**
 * Collector rules (spec §4 "Collector data point upsert", design.md "The offline outbox"):
 * - the collector session is the therapy session (same id); therapists see only their own sessions,
 *   members holding sessions.manage (owners, staff) see all of the organization's;
 * - a point names a goal assigned to the session's student and, optionally, one of its sub-goals;
 *   its kind matches the goal's measurement;
 * - a point keyed like a stored one replaces it, else it is added. Which write wins is one rule
 *   (stamp.ts), used by every stamped write (points upsert, delete and correct, trial states, focus):
 *   the same device → the higher device_seq wins whatever its clock said; different devices → the
 *   later (recorded_at, device_id) wins. The same write again (same device and seq) changes nothing;
 * - an older write from the SAME device than the stored one is refused: the whole call answers 409
 *   STALE_WRITE and stores nothing (the outbox then sends the batch's points one by one and shows the
 *   stale ones in needs-attention); a device's writes are never dropped in silence;
 * - two-observer mode: when writes of two DIFFERENT devices meet on one key, the live row keeps the
 *   rule's winner and the other observation (the incoming one that lost, or the live one it replaced)
 *   is kept in point_observations; an upsert answers the incoming point ids involved in `conflicts`.
 *   Deletions and corrections that meet another device's write keep the other observation the same way;
 * - device times are kept as sent and flagged when implausible (recorded_at_flag, stamp.ts);
 * - points may still be recorded and corrected after the session ended (late entry is common);
 * - new points count only while the session's therapist is assigned to its student; a point tapped
 *   before the unassignment (its recorded_at) still counts (requireAssignedFor);
 * - percent correct counts correct and prompted responses, percent independent only unprompted
 *   correct ones (shown on the client).
 */
import type { Tx } from '../../db/handles';
import type { OrgAccess } from '../../plugins/auth';
import { AppError, notFound } from '../../lib/app-error';
import { sql } from 'drizzle-orm';
import { isStudentVisible } from '../../lib/student-visibility';
import * as repo from './repository';
import type { Observation } from './repository';
import { keepCorrectionObservation, observationOf, storedObservation } from './observations';
import { STALE_WRITE_DETAIL, stampAfter } from './stamp';
import type { DeleteKeyRow, PointRow, Stamp } from './types';

const KIND_FOR_MEASUREMENT = { discrete: 'trial', frequency: 'frequency', duration: 'duration' } as const;

export async function loadSessionFor(tx: Tx, org: OrgAccess, sessionId: string) {
  const session = await repo.findSession(tx, org.organizationId, sessionId);
  const seesAll = org.isOwner || org.permissions.has('sessions.manage');
  if (!session || (!seesAll && session.therapistMembershipId !== org.membershipId)) {
    throw notFound('Session');
  }
  return session;
}

type Goals = { id: string; measurement: 'discrete' | 'frequency' | 'duration'; subGoals: { id: string }[] }[];

function checkTargets(goals: Goals, targets: { goal_id: string; sub_goal_id: string | null; kind?: string }[], field: string) {
  const byId = new Map(goals.map((g) => [g.id, g]));
  const errors: Record<string, string[]> = {};
  targets.forEach((t, i) => {
    const goal = byId.get(t.goal_id);
    if (!goal) {
      errors[`${field}.${i}.goal_id`] = ["This goal is not assigned to the session's student."];
    } else if (t.sub_goal_id && !goal.subGoals.some((s) => s.id === t.sub_goal_id)) {
      errors[`${field}.${i}.sub_goal_id`] = ['This sub-goal does not belong to the goal.'];
    } else if (t.kind && KIND_FOR_MEASUREMENT[goal.measurement] !== t.kind) {
      errors[`${field}.${i}.kind`] = [
        `This goal is measured as ${goal.measurement}; send kind "${KIND_FOR_MEASUREMENT[goal.measurement]}".`,
      ];
    }
  });
  const first = Object.entries(errors)[0];
  if (first) {
    throw new AppError('VALIDATION_FAILED', first[1][0] ?? 'Invalid point.', errors);
  }
}

const keyOf = (p: { goal_id: string; sub_goal_id: string | null; trial_no: number }) => `${p.goal_id}/${p.sub_goal_id ?? ''}/${p.trial_no}`;

/**
 * Within one batch the winner of each key under the stamp rule goes on to the database (one INSERT
 * can't touch a row twice); a loser from another device than its key's winner is an observation to keep.
 */
function stampWinnersPerKey<T extends Stamp & { goal_id: string; sub_goal_id: string | null; trial_no: number }>(
  rows: T[],
): { winners: T[]; losers: { row: T; winner: T }[] } {
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

/** The session (visible to this user) with its student's goals, for checking what a write names. */
async function studentGoals(tx: Tx, org: OrgAccess, sessionId: string) {
  const found = await repo.sessionTargets(tx, org.organizationId, sessionId);
  const seesAll = org.isOwner || org.permissions.has('sessions.manage');
  if (!found || (!seesAll && found.therapistMembershipId !== org.membershipId)) {
    throw notFound('Session');
  }
  return found;
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
  tx: Tx,
  org: OrgAccess,
  session: { assigned: boolean; therapistMembershipId: string; studentId: string },
  points: { recorded_at: string }[],
) {
  if (session.assigned) {
    return;
  }
  const endedAt = await repo.assignmentEndedAt(tx, org.organizationId, session.therapistMembershipId, session.studentId);
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
async function storedAtTakenKeys(tx: Tx, org: OrgAccess, sessionId: string, keys: DeleteKeyRow[], taken: number[]) {
  const stored = await repo.lockStoredAtKeys(tx, org.organizationId, sessionId, keys, taken);
  if (stored.length !== taken.length) {
    throw new Error(`collector: ${taken.length - stored.length} taken point keys had no stored row`);
  }
  refuseStale(stored);
  return stored;
}

/**
 * One statement for a batch of new taps (insertNewPoints); only keys already stored cost two more,
 * one that reads and holds their rows, one that replaces those the incoming stamp beats. No session
 * lock: a row being written is waited for by the database, key by key, in key order.
 */
export async function upsertPoints(tx: Tx, org: OrgAccess, sessionId: string, points: PointRow[]) {
  const session = await studentGoals(tx, org, sessionId);
  checkTargets(session.goals, points, 'points');
  checkIdsInBatch(points);
  await requireAssignedFor(tx, org, session, points);
  const { winners, losers } = stampWinnersPerKey(points);
  const taken = await repo.insertNewPoints(tx, org.organizationId, sessionId, winners).catch(idTaken);
  const stored = await storedAtTakenKeys(tx, org, sessionId, winners, taken);
  const observations = losers.map(({ row, winner }) => observationOf(row, 'lost', winner.device_id));
  const conflicts = new Set(losers.flatMap(({ row, winner }) => [row.id, winner.id]));
  for (const s of stored) {
    const incoming = winners[s.index]!;
    if (s.device_id === incoming.device_id) {
      continue;
    }
    // Two devices on one key: both observations stay; the live row is the rule's winner.
    conflicts.add(incoming.id);
    observations.push(
      s.wins ? storedObservation(incoming, s, 'replaced', incoming.device_id) : observationOf(incoming, 'lost', s.device_id),
    );
  }
  const replacing = stored.filter((s) => s.wins).map((s) => ({ ...winners[s.index]!, stored_id: s.id }));
  const replaced = await repo.replacePoints(tx, org.organizationId, replacing).catch(idTaken);
  await repo.insertObservations(tx, org.organizationId, sessionId, observations);
  const applied = winners.length - taken.length + replaced;
  return { applied, stale: 0, received_ids: [...new Set(points.map((p) => p.id))], conflicts: [...conflicts] };
}

export async function deletePoints(tx: Tx, org: OrgAccess, sessionId: string, keys: DeleteKeyRow[]) {
  const { goals } = await studentGoals(tx, org, sessionId);
  checkTargets(goals, keys, 'keys');
  const { winners } = stampWinnersPerKey(keys);
  const taken = await repo.insertTombstones(tx, org.organizationId, sessionId, winners);
  const stored = await storedAtTakenKeys(tx, org, sessionId, winners, taken);
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
      observations.push({ ...storedObservation(incoming, s, 'lost', s.device_id), is_deletion: true, ...stampOf(incoming) });
    }
  }
  const deleting = stored.filter((s) => s.wins).map((s) => ({ ...winners[s.index]!, stored_id: s.id }));
  const deleted = await repo.tombstonePoints(tx, org.organizationId, deleting);
  await repo.insertObservations(tx, org.organizationId, sessionId, observations);
  return { applied: winners.length - taken.length + deleted, stale: 0, received: keys.length };
}

const stampOf = (s: Stamp): Stamp => ({ recorded_at: s.recorded_at, device_id: s.device_id, device_seq: s.device_seq });

export async function correctPoint(
  tx: Tx,
  org: OrgAccess,
  pointId: string,
  change: { outcome?: PointRow['outcome']; prompt_level?: string | null; count?: number | null; duration_ms?: number | null } & Stamp,
) {
  const found = await repo.findPointForWrite(tx, org.organizationId, pointId, change);
  if (!found) {
    throw notFound('Data point');
  }
  const { point } = found;
  await loadSessionFor(tx, org, point.sessionId);
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
  const saved = await repo.saveCorrection(tx, org.organizationId, pointId, {
    outcome: change.outcome === undefined ? point.outcome : change.outcome,
    promptLevel: change.prompt_level === undefined ? point.promptLevel : change.prompt_level,
    count: change.count === undefined ? point.count : change.count,
    durationMs: change.duration_ms === undefined ? point.durationMs : change.duration_ms,
    original,
    recorded_at: change.recorded_at,
    device_id: change.device_id,
    device_seq: change.device_seq,
  });
  if (point.deviceId !== change.device_id) {
    await keepCorrectionObservation(tx, org.organizationId, point, change, found.wins);
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

type StoredPoint = NonNullable<Awaited<ReturnType<typeof repo.findPoint>>>;
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
    original: (p.original ?? null) as ReturnType<typeof toPointOriginal>,
    recorded_at_flag: p.recordedAtFlag,
  };
}
const toPointOriginal = () =>
  null as null | {
    outcome: PointRow['outcome'];
    prompt_level: string | null;
    count: number | null;
    duration_ms: number | null;
    recorded_at: string;
  };

export async function getSession(tx: Tx, org: OrgAccess, sessionId: string) {
  const session = await loadSessionFor(tx, org, sessionId);
  // Sequential on purpose: one transaction runs one statement at a time.
  const goals = await repo.goalsForStudent(tx, org.organizationId, session.studentId, null);
  const points = await repo.livePoints(tx, org.organizationId, sessionId);
  const trials = await repo.trialStatesOf(tx, org.organizationId, sessionId);
  const focus = await repo.focusOf(tx, org.organizationId, sessionId);
  return {
    id: session.id,
    organization_id: session.organizationId,
    status: session.status,
    student_id: session.studentId,
    goals: goals.map((g) => ({
      goal_id: g.id,
      title: g.title,
      description: g.description,
      measurement: g.measurement,
      planned_trials: g.plannedTrials,
      prompt_hierarchy: g.promptHierarchy,
      sub_goals: g.subGoals.map((s) => ({ id: s.id, title: s.title, position: s.position })),
      data: points.filter((p) => p.goalId === g.id).map(toPoint),
    })),
    trials: trials.map((t) => ({ goal_id: t.goalId, sub_goal_id: t.subGoalKey || null, trial_no: t.trialNo, status: t.status })),
    focus: focus?.goalId ? { goal_id: focus.goalId, sub_goal_id: focus.subGoalId, started_at: focus.startedAt?.toISOString() ?? '' } : null,
    client_time_flag: session.clientTimeFlag,
  };
}

type TrialTarget = { session_id: string; goal_id: string; sub_goal_id: string | null };

export async function currentTrial(tx: Tx, org: OrgAccess, target: TrialTarget) {
  const { goals } = await studentGoals(tx, org, target.session_id);
  checkTargets(goals, [target], 'target');
  const states = await repo.trialStatesOf(tx, org.organizationId, target.session_id);
  const state = states.find((s) => s.goalId === target.goal_id && s.subGoalKey === (target.sub_goal_id ?? ''));
  return { goal_id: target.goal_id, sub_goal_id: target.sub_goal_id, trial_no: state?.trialNo ?? 1, status: state?.status ?? 'open' };
}

export async function moveTrial(tx: Tx, org: OrgAccess, move: TrialTarget & Stamp & { trial_no: number }, status: 'open' | 'completed') {
  const { goals } = await studentGoals(tx, org, move.session_id);
  checkTargets(goals, [move], 'target');
  const key = sql`organization_id = ${org.organizationId}::uuid AND session_id = ${move.session_id}::uuid AND goal_id = ${move.goal_id}::uuid AND sub_goal_key = ${move.sub_goal_id ?? ''}`;
  if (await repo.isStaleFor(tx, 'trial_states', key, move)) {
    throw new AppError('STALE_WRITE', STALE_WRITE_DETAIL);
  }
  await repo.upsertTrialState(tx, org.organizationId, {
    sessionId: move.session_id,
    goalId: move.goal_id,
    subGoalKey: move.sub_goal_id ?? '',
    trialNo: move.trial_no,
    status,
    recorded_at: move.recorded_at,
    device_id: move.device_id,
    device_seq: move.device_seq,
  });
  return currentTrial(tx, org, move);
}

export async function setFocus(
  tx: Tx,
  org: OrgAccess,
  sessionId: string,
  target: { goal_id: string; sub_goal_id: string | null } | null,
  stamp: Stamp,
) {
  const { goals } = await studentGoals(tx, org, sessionId);
  if (target) {
    checkTargets(goals, [target], 'focus');
  }
  const key = sql`organization_id = ${org.organizationId}::uuid AND session_id = ${sessionId}::uuid`;
  if (await repo.isStaleFor(tx, 'session_focus', key, stamp)) {
    throw new AppError('STALE_WRITE', STALE_WRITE_DETAIL);
  }
  await repo.upsertFocus(tx, org.organizationId, {
    sessionId,
    goalId: target?.goal_id ?? null,
    subGoalId: target?.sub_goal_id ?? null,
    ...stamp,
  });
  const focus = await repo.focusOf(tx, org.organizationId, sessionId);
  return {
    focus: focus?.goalId ? { goal_id: focus.goalId, sub_goal_id: focus.subGoalId, started_at: focus.startedAt?.toISOString() ?? '' } : null,
  };
}

export async function history(tx: Tx, org: OrgAccess, studentId: string, limit: number) {
  // Like the session itself: a therapist reads only students assigned to them; another organization's student is not found.
  const seesAll = org.isOwner || org.permissions.has('sessions.manage');
  if (!seesAll && !org.membershipId) {
    throw notFound('Student');
  }
  if (!(await isStudentVisible(tx, org.organizationId, studentId, seesAll ? null : org.membershipId))) {
    throw notFound('Student');
  }
  const rows = await repo.studentHistory(tx, org.organizationId, studentId, limit);
  return {
    results: rows
      .sort((a, b) => a.startAt.getTime() - b.startAt.getTime())
      .map((r) => ({
        session_id: r.sessionId,
        start_at: r.startAt.toISOString(),
        goal_id: r.goalId,
        trials: r.trials,
        percent_correct: r.trials ? Math.round((100 * r.correct) / r.trials) : null,
      })),
  };
}
