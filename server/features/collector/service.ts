/**
 * Collector rules, for every write the collector takes (point batches are in service-batches.ts, corrections in service-corrections.ts):
 * - the collector session is the therapy session (same id); therapists see only their own sessions,
 *   members holding sessions.manage (owners, staff) see all of the organization's;
 * - a point names a goal assigned to the session's student and, optionally, one of its sub-goals;
 *   its kind matches the goal's measurement;
 * - a point keyed like a stored one replaces it, else it is added. Which write wins is one rule
 *   (repository-stamp.ts), used by every stamped write (points upsert, delete and correct, trial states, focus):
 *   the same device → the higher device_seq wins whatever its clock said; different devices → the
 *   later (recorded_at, device_id) wins. The same write again (same device and seq) changes nothing;
 * - an older write from the SAME device than the stored one is refused: the whole call answers 409
 *   STALE_WRITE and stores nothing (the outbox then sends the batch's points one by one and shows the
 *   stale ones in needs-attention); a device's writes are never dropped in silence;
 * - two-observer mode: when writes of two DIFFERENT devices meet on one key, the live row keeps the
 *   rule's winner and the other observation (the incoming one that lost, or the live one it replaced)
 *   is kept in point_observations; an upsert answers the incoming point ids involved in `conflicts`.
 *   Deletions and corrections that meet another device's write keep the other observation the same way;
 * - device times are kept as sent and flagged when implausible (recorded_at_flag, repository-stamp.ts);
 * - points may still be recorded and corrected after the session ended (late entry is common), but
 *   not on a session cancelled or marked a no-show before it ever started and holding no data
 *   (SESSION_CALLED_OFF, refuseCalledOff): its start from the tablet comes first and overtakes the cancel;
 * - new points count only while the session's therapist is assigned to its student; a point tapped
 *   before the unassignment (its recorded_at) still counts (requireAssignedFor);
 * - percent correct counts correct and prompted responses, percent independent only unprompted
 *   correct ones (shown on the client).
 */
import type { RequestContext } from '../../lib/request-context';
import { asSessionId, type SessionId, type StudentId } from '../../lib/ids';
import { AppError, notFound } from '../../lib/app-error';
import { sql } from 'drizzle-orm';
import { partsFor, partsOfStudents, recordOpened, requirePart, requireSession, requireStudent } from '../../lib/access';
import * as repo from './repository';
import { STALE_WRITE_DETAIL } from './repository-stamp';
import { sessionResults } from '../../lib/session-results';
import { measureValue } from '../../../contract/mastery-measures';
import { presentCollectorSession, presentFocus, stampOf, type Stamp } from './present';

const KIND_FOR_MEASUREMENT = { discrete: 'trial', frequency: 'frequency', duration: 'duration' } as const;

export async function loadSessionFor(ctx: RequestContext, sessionId: SessionId) {
  return requireSession(ctx, await repo.findSession(ctx.tx, ctx.org.id, sessionId));
}

type Goals = { id: string; measurement: 'discrete' | 'frequency' | 'duration'; subGoals: { id: string }[] }[];

export function checkTargets(goals: Goals, targets: { goal_id: string; sub_goal_id: string | null; kind?: string }[], field: string): void {
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

/**
 * The session (visible to this user) with its student's goals, for checking what a write names.
 * Every collector write and trial read goes through here: a student whose goals and data the
 * caller's role does not open is refused (403), asked in the same statement that reads the session.
 */
export async function studentGoals(ctx: RequestContext, sessionId: SessionId) {
  const session = requireSession(ctx, await repo.sessionTargets(ctx.tx, ctx.org.id, sessionId, ctx.org.access));
  requirePart(partsFor(ctx.org.access, session.templateParts), 'goals_and_data');
  return session;
}

export const CALLED_OFF_DETAIL =
  'This session was cancelled before it started, so it takes no new points. If it took place, start it on the tablet first; its points are then kept.';

/**
 * New data on a session called off before it ran, with nothing recorded on it, is refused: a tablet
 * that collected on it sends its start first (which overtakes the cancel), so what arrives here
 * without one is the API's or a mistake, and is told so rather than kept out of sight.
 */
export function refuseCalledOff(session: { calledOffEmpty: boolean }): void {
  if (session.calledOffEmpty) {
    throw new AppError('SESSION_CALLED_OFF', CALLED_OFF_DETAIL);
  }
}

/**
 * The student's goals and data are about to be handed out: refused (403) when the caller's role
 * does not open them, else the opening goes on the trail (who, whose, which part).
 */
export async function openGoalsAndData(ctx: RequestContext, studentId: string, scope: Record<string, string> = {}) {
  requirePart((await partsOfStudents(ctx, [studentId])).get(studentId) ?? [], 'goals_and_data');
  await recordOpened(ctx, studentId, ['goals_and_data'], scope);
}

export async function getSession(ctx: RequestContext, sessionId: SessionId) {
  const { tx } = ctx;
  const session = await loadSessionFor(ctx, sessionId);
  // Opening a session hands out the student's record (goals and data): asked first, then on the trail.
  await openGoalsAndData(ctx, session.studentId, { session: session.id });
  // Sequential on purpose: one transaction runs one statement at a time.
  const goals = await repo.goalsForStudent(tx, ctx.org.id, session.studentId, null);
  const points = await repo.livePoints(tx, ctx.org.id, sessionId);
  const trials = await repo.trialStatesOf(tx, ctx.org.id, sessionId);
  const focus = await repo.focusOf(tx, ctx.org.id, sessionId);
  return presentCollectorSession({ session, goals, points, trials, focus });
}

type TrialTarget = { session_id: string; goal_id: string; sub_goal_id: string | null };

export async function currentTrial(
  ctx: RequestContext,
  query: { session_id: string; goal_id: string; sub_goal_id?: string | null | undefined },
) {
  return trialAt(ctx, { session_id: query.session_id, goal_id: query.goal_id, sub_goal_id: query.sub_goal_id ?? null });
}

async function trialAt(ctx: RequestContext, target: TrialTarget) {
  const sessionId = asSessionId(target.session_id);
  const { goals } = await studentGoals(ctx, sessionId);
  checkTargets(goals, [target], 'target');
  const states = await repo.trialStatesOf(ctx.tx, ctx.org.id, sessionId);
  const state = states.find((s) => s.goalId === target.goal_id && s.subGoalKey === (target.sub_goal_id ?? ''));
  return { goal_id: target.goal_id, sub_goal_id: target.sub_goal_id, trial_no: state?.trialNo ?? 1, status: state?.status ?? 'open' };
}

export async function moveTrial(ctx: RequestContext, move: TrialTarget & Stamp & { trial_no: number }, status: 'open' | 'completed') {
  const organizationId = ctx.org.id;
  const sessionId = asSessionId(move.session_id);
  const { goals, calledOffEmpty } = await studentGoals(ctx, sessionId);
  checkTargets(goals, [move], 'target');
  refuseCalledOff({ calledOffEmpty });
  const key = sql`organization_id = ${organizationId}::uuid AND session_id = ${sessionId}::uuid AND goal_id = ${move.goal_id}::uuid AND sub_goal_key = ${move.sub_goal_id ?? ''}`;
  if (await repo.isStaleFor(ctx.tx, 'trial_states', key, move)) {
    throw new AppError('STALE_WRITE', STALE_WRITE_DETAIL);
  }
  await repo.upsertTrialState(ctx.tx, organizationId, {
    sessionId,
    goalId: move.goal_id,
    subGoalKey: move.sub_goal_id ?? '',
    trialNo: move.trial_no,
    status,
    recorded_at: move.recorded_at,
    device_id: move.device_id,
    device_seq: move.device_seq,
  });
  return trialAt(ctx, move);
}

type FocusTarget = { goal_id: string; sub_goal_id: string | null };

export async function startFocus(ctx: RequestContext, sessionId: SessionId, body: FocusTarget & Stamp) {
  return setFocus(ctx, sessionId, body, stampOf(body));
}

export async function stopFocus(ctx: RequestContext, sessionId: SessionId, body: Stamp) {
  return setFocus(ctx, sessionId, null, stampOf(body));
}

async function setFocus(ctx: RequestContext, sessionId: SessionId, target: FocusTarget | null, stamp: Stamp) {
  const organizationId = ctx.org.id;
  const { goals } = await studentGoals(ctx, sessionId);
  if (target) {
    checkTargets(goals, [target], 'focus');
  }
  const key = sql`organization_id = ${organizationId}::uuid AND session_id = ${sessionId}::uuid`;
  if (await repo.isStaleFor(ctx.tx, 'session_focus', key, stamp)) {
    throw new AppError('STALE_WRITE', STALE_WRITE_DETAIL);
  }
  await repo.upsertFocus(ctx.tx, organizationId, {
    sessionId,
    goalId: target?.goal_id ?? null,
    subGoalId: target?.sub_goal_id ?? null,
    ...stamp,
  });
  return { focus: presentFocus(await repo.focusOf(ctx.tx, organizationId, sessionId)) };
}

/**
 * The student's results per goal and per target over their latest `limit` sessions: the tablet's
 * running chart, and what the mastery rule needs on the device (who ran each session, its length,
 * the facts of every measure).
 */
export async function history(ctx: RequestContext, studentId: StudentId, limit: number) {
  const { org } = ctx;
  await requireStudent(ctx, studentId);
  await openGoalsAndData(ctx, studentId);
  const sessionIds = await repo.recentSessionIds(ctx.tx, org.id, studentId, limit);
  const rows = await sessionResults(ctx.tx, org.id, { studentId, sessionIds });
  return {
    results: rows.map(({ at, prompt_levels: _levels, ...r }) => {
      const percent = measureValue('percent_correct', { at, prompt_levels: _levels, ...r });
      return { ...r, start_at: at, percent_correct: percent === null ? null : Math.round(percent) };
    }),
  };
}
