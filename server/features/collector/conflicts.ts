/**
 * A session's conflicts: where two devices wrote one point key, the value kept (live) and every
 * other observation, so no value is replaced out of sight. Read with the same access as the
 * session itself (loadSessionFor): its therapist, or whoever sees all of the organization's sessions.
 */
import type { Tx } from '../../db/handles';
import type { OrgAccess } from '../../plugins/auth';
import type { ObservedValue, PointConflict, SessionConflicts } from '../../../contract/collector-conflicts';
import { loadSessionFor } from './service';
import { keptAtObservedKeys, observationsOf, type ObservedRow } from './conflicts-repository';

const keyOf = (r: { goal_id: string; sub_goal_id: string | null; trial_no: number }) => `${r.goal_id}/${r.sub_goal_id ?? ''}/${r.trial_no}`;
const writeOf = (r: { device_id: string; device_seq: number | string }) => `${r.device_id}#${Number(r.device_seq)}`;

function observed(r: ObservedRow): ObservedValue {
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

/** The session's conflicts, and its student (the caller records the read of the student's record). */
export async function sessionConflicts(
  tx: Tx,
  org: OrgAccess,
  sessionId: string,
): Promise<{ answer: SessionConflicts; studentId: string }> {
  const session = await loadSessionFor(tx, org, sessionId);
  return { answer: await conflictsOf(tx, org, session.id), studentId: session.studentId };
}

async function conflictsOf(tx: Tx, org: OrgAccess, sessionId: string): Promise<SessionConflicts> {
  // Sequential on purpose: one transaction runs one statement at a time.
  const observations = await observationsOf(tx, org.organizationId, sessionId);
  if (observations.length === 0) {
    return { session_id: sessionId, conflicts: [] };
  }
  const keptByKey = new Map((await keptAtObservedKeys(tx, org.organizationId, sessionId)).map((r) => [keyOf(r), r]));
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
