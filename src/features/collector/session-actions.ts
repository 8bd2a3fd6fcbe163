import { v7 as uuidv7 } from 'uuid';
import type { EndAction } from '../../../contract/scheduling';
import { outbox } from '../../shared/outbox/outbox';
import type { CachedSession } from '../../shared/db/types';
import { enqueue, lane } from './action-queue';
import { plannedStart } from './format';

/**
 * Starting and ending a session, and the workspace usage: like every collector action, one
 * IndexedDB transaction holding the local rows and the outbox operation (actions.ts).
 */

/** Start (shifts the start to now by default, with a choice to keep the scheduled time). */
export async function startSession(session: CachedSession, shiftToNow: boolean) {
  const now = new Date().toISOString();
  // Mirror the server locally: a shifted start keeps the planned length.
  const length = Date.parse(session.end_at) - Date.parse(session.start_at);
  const shifted = shiftToNow
    ? { start_at: now, startAt: now, end_at: new Date(Date.parse(now) + length).toISOString(), planned_start_at: plannedStart(session) }
    : {};
  const updated: CachedSession = { ...session, ...shifted, localStatus: 'in_progress', started_at: now };
  await enqueue(session.id, [{ store: 'sessions', put: updated }], {
    kind: 'session.start',
    organizationId: session.organization_id,
    lane: lane(session.id),
    params: { id: session.id },
    body: { shift_to_now: shiftToNow, client_now: now },
  });
  return updated;
}

/** End with an action; note and overtime reason trimmed; carries client_now. */
export async function endSession(session: CachedSession, action: EndAction, note: string, overtimeReason: string) {
  const now = new Date().toISOString();
  const updated: CachedSession = {
    ...session,
    localStatus: action,
    client_ended_at: now,
    note: note.trim(),
    overtime_reason: overtimeReason.trim(),
  };
  await enqueue(session.id, [{ store: 'sessions', put: updated }], {
    kind: 'session.end',
    organizationId: session.organization_id,
    lane: lane(session.id),
    params: { id: session.id },
    body: { action, note: note.trim(), overtime_reason: overtimeReason.trim(), client_now: now },
  });
  return updated;
}

/** Workspace usage: the usage id is made here so open and close both work offline. */
export async function openWorkspace(organizationId: string, membershipId: string) {
  const usageId = uuidv7();
  const now = new Date().toISOString();
  await outbox.enqueue([{ store: 'meta', put: { key: `workspace:${organizationId}`, value: { usageId, membershipId, openedAt: now } } }], {
    kind: 'workspace.open',
    organizationId,
    lane: `workspace:${usageId}`,
    params: {},
    body: { membership_id: membershipId, usage_id: usageId, client_now: now },
  });
  return usageId;
}

export async function closeWorkspace(organizationId: string, usageId: string, notes: string) {
  await outbox.enqueue([{ store: 'meta', put: { key: `workspace:${organizationId}`, value: null } }], {
    kind: 'workspace.close',
    organizationId,
    lane: `workspace:${usageId}`,
    params: { usageId },
    body: { notes: notes.trim(), client_now: new Date().toISOString() },
  });
}
