import type { ObservedValue, PointConflict, SessionConflicts } from '../../../contract/collector-conflicts';
import { collector } from '../../../contract/routes/collector';
import { api } from '../../shared/api/client';
import { arrayOf, checked, isBoolean, isNumber, isString, nullable, object, type Check } from '../../shared/db/checks';
import { getDb } from '../../shared/db/db';
import { pointKey } from '../../shared/db/types';
import { reportedConflicts } from '../../shared/outbox/reported-conflicts';
import { OUTCOME_LABEL, clock, levelLabel, secondsOf } from './format';
import { sessionLane } from './local-store';

/**
 * Where two devices recorded the same trial of a session: the server keeps one value live and
 * every other one as an observation (two-observer mode). The session screen shows them, on the
 * trial and in a list, and keeps the last answer on the device so it shows offline too.
 */
export const conflictsKey = (sessionId: string) => `collector.conflicts:${sessionId}`;

const isOutcome = (v: unknown): v is ObservedValue['outcome'] => v === null || (typeof v === 'string' && v in OUTCOME_LABEL);
const isObserved = object<ObservedValue>({
  point_id: isString,
  outcome: isOutcome,
  prompt_level: nullable(isString),
  count: nullable(isNumber),
  duration_ms: nullable(isNumber),
  is_deletion: isBoolean,
  device_id: isString,
  device_seq: isNumber,
  recorded_by: nullable(object<{ id: string; name: string }>({ id: isString, name: isString })),
  recorded_at: isString,
  received_at: nullable(isString),
});
const isKind = (v: unknown): v is PointConflict['kind'] => v === 'trial' || v === 'frequency' || v === 'duration';
const isSessionConflicts: Check<SessionConflicts> = object<SessionConflicts>({
  session_id: isString,
  conflicts: arrayOf(
    object<PointConflict>({
      goal_id: isString,
      sub_goal_id: nullable(isString),
      trial_no: isNumber,
      kind: isKind,
      kept: isObserved,
      others: arrayOf(isObserved),
    }),
  ),
});

/** The conflicts last read from the server for the session, as kept on this device. */
export async function readConflicts(sessionId: string): Promise<SessionConflicts | null> {
  return checked((await getDb().meta.get(conflictsKey(sessionId)))?.value, isSessionConflicts);
}

/** Asks the server (online only) and keeps the answer on the device. Throws on network or server failure. */
export async function fetchConflicts(session: { id: string; organization_id: string }): Promise<SessionConflicts> {
  const answer = await api(
    collector.sessionConflicts,
    { params: { id: session.id }, query: { organization_id: session.organization_id } },
    { offlineRedirect: false },
  );
  await getDb().meta.put({ key: conflictsKey(session.id), value: answer });
  return answer;
}

/** How many of this session's points the server said met another device's write (outbox answers). */
export async function reportedCount(sessionId: string): Promise<number> {
  return (await reportedConflicts(getDb(), sessionLane(sessionId))).length;
}

/** What the trial on this device says about a conflict. */
export interface TrialNote {
  /** This device's value lost: the trial now shows another device's. */
  isMineReplaced: boolean;
  text: string;
}

export function valueText(v: ObservedValue, kind: PointConflict['kind']): string {
  if (v.is_deletion) {
    return 'deleted';
  }
  if (kind === 'duration') {
    return clock(v.duration_ms ?? 0);
  }
  if (kind === 'frequency') {
    return `count ${v.count ?? 0}`;
  }
  return v.outcome ? `${OUTCOME_LABEL[v.outcome]}${v.prompt_level ? ` · ${levelLabel(v.prompt_level)}` : ''}` : 'no value';
}

/** "this device" or "another device (…1a2b)", and who was signed in there. */
export function deviceText(v: ObservedValue, myDeviceId: string): string {
  const device = v.device_id === myDeviceId ? 'this device' : `another device (…${v.device_id.slice(-4)})`;
  return v.recorded_by?.name ? `${device}, ${v.recorded_by.name}` : device;
}

const tapped = (v: ObservedValue, timeZone?: string) => `tapped ${secondsOf(v.recorded_at, timeZone)}`;

/**
 * A note per trial of this device that met another device's value, by the trial's point key:
 * the therapist sees on the trial itself that the value shown is not (only) theirs.
 */
export function trialNotes(conflicts: SessionConflicts | null, myDeviceId: string, timeZone?: string): Map<string, TrialNote> {
  const notes = new Map<string, TrialNote>();
  for (const c of conflicts?.conflicts ?? []) {
    const mine = [c.kept, ...c.others].filter((v) => v.device_id === myDeviceId).at(-1);
    if (!mine) {
      continue;
    }
    const key = pointKey(conflicts!.session_id, c.goal_id, c.sub_goal_id, c.trial_no);
    const isMineReplaced = c.kept.device_id !== myDeviceId;
    const theirs = isMineReplaced ? c.kept : c.others.find((v) => v.device_id !== myDeviceId);
    if (!theirs) {
      continue;
    }
    const text = isMineReplaced
      ? `Changed by ${deviceText(theirs, myDeviceId)}: ${valueText(theirs, c.kind)} (${tapped(theirs, timeZone)}) is kept; ` +
        `yours was ${valueText(mine, c.kind)} (${tapped(mine, timeZone)}).`
      : `Also recorded on ${deviceText(theirs, myDeviceId)}: ${valueText(theirs, c.kind)} (${tapped(theirs, timeZone)}); ` +
        `yours (${valueText(mine, c.kind)}) is kept.`;
    notes.set(key, { isMineReplaced, text });
  }
  return notes;
}
