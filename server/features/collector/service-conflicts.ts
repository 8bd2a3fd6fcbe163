/**
 * A session's conflicts: where two devices wrote one point key, the value kept (live) and every
 * other observation, so no value is replaced out of sight. Read with the same access as the
 * session itself (loadSessionFor): its therapist, or whoever sees all of the organization's sessions.
 */
import type { RequestContext } from '../../lib/request-context';
import type { SessionId } from '../../lib/ids';
import type { PointConflict, SessionConflicts } from '../../../contract/collector-conflicts';
import { loadSessionFor, openGoalsAndData } from './service';
import { keptAtObservedKeys, observationsOf } from './repository-conflicts';
import { keyOf, presentObserved as observed } from './present';

const writeOf = (r: { device_id: string; device_seq: number | string }) => `${r.device_id}#${Number(r.device_seq)}`;

/** The session's conflicts. They show values of the student's record too: the read is audited like the session. */
export async function sessionConflicts(ctx: RequestContext, sessionId: SessionId): Promise<SessionConflicts> {
  const session = await loadSessionFor(ctx, sessionId);
  await openGoalsAndData(ctx, session.studentId, { session: sessionId });
  return conflictsOf(ctx, session.id);
}

/** The conflicts of a session the caller was already let into (the session history checks its own access). */
export async function conflictsOf(ctx: RequestContext, sessionId: string): Promise<SessionConflicts> {
  // Sequential on purpose: one transaction runs one statement at a time.
  const observations = await observationsOf(ctx.tx, ctx.org.id, sessionId);
  if (observations.length === 0) {
    return { session_id: sessionId, conflicts: [] };
  }
  const keptByKey = new Map((await keptAtObservedKeys(ctx.tx, ctx.org.id, sessionId)).map((r) => [keyOf(r), r]));
  const byKey = new Map<string, PointConflict>();
  for (const o of observations) {
    const kept = keptByKey.get(keyOf(o));
    // The same write as the live one (a replay kept before it won after all) is no other value.
    if (!kept || writeOf(kept) === writeOf(o)) {
      continue;
    }
    const conflict = byKey.get(keyOf(o)) ?? {
      goal_id: o.goal_id,
      sub_goal_id: o.sub_goal_id,
      trial_no: o.trial_no,
      kind: kept.kind,
      kept: observed(kept),
      others: [],
    };
    if (!conflict.others.some((other) => writeOf(other) === writeOf(o))) {
      conflict.others.push(observed(o));
    }
    byKey.set(keyOf(o), conflict);
  }
  return { session_id: sessionId, conflicts: [...byKey.values()] };
}
