/**
 * Collector rules, for every write the collector takes (point batches are in point-batches.ts):
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
import { asMembershipId, asStudentId, type UserId } from '../../lib/ids';
import type { OrgAccess } from '../../plugins/auth';
import { AppError, notFound } from '../../lib/app-error';
import { sql } from 'drizzle-orm';
import { isStudentVisible } from '../../lib/student-visibility';
import * as repo from './repository';
import { keepCorrectionObservation } from './observations';
import { STALE_WRITE_DETAIL } from './stamp';
import type { PointRow, Stamp } from './types';

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

export function checkTargets(goals: Goals, targets: { goal_id: string; sub_goal_id: string | null; kind?: string }[], field: string) {
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

/** The session (visible to this user) with its student's goals, for checking what a write names. */
export async function studentGoals(tx: Tx, org: OrgAccess, sessionId: string) {
  const found = await repo.sessionTargets(tx, org.organizationId, sessionId);
  const seesAll = org.isOwner || org.permissions.has('sessions.manage');
  if (!found || (!seesAll && found.therapistMembershipId !== org.membershipId)) {
    throw notFound('Session');
  }
  return found;
}

export async function correctPoint(
  tx: Tx,
  org: OrgAccess,
  pointId: string,
  change: { outcome?: PointRow['outcome']; prompt_level?: string | null; count?: number | null; duration_ms?: number | null } & Stamp,
  by: UserId | null = null,
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
    recordedBy: by,
  });
  if (point.deviceId !== change.device_id) {
    await keepCorrectionObservation(tx, org.organizationId, point, change, found.wins, by);
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
  if (
    !(await isStudentVisible(
      tx,
      org.organizationId,
      asStudentId(studentId),
      seesAll || !org.membershipId ? null : asMembershipId(org.membershipId),
    ))
  ) {
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
