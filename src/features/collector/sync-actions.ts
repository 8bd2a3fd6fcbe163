import { accounts } from '../../../contract/routes/accounts';
import { api } from '../../shared/api/client';
import { isApiError } from '../../shared/api/api-error';
import { applySession } from '../../shared/auth/auth-actions';
import { authStore } from '../../shared/auth/auth-store';
import { getDb } from '../../shared/db/db';
import { discardAttention, retryAttention } from '../../shared/outbox/drain-state';
import { outbox } from '../../shared/outbox/outbox';
import { showToast } from '../../shared/ui/toast-store';
import { downloadJson, exportFileName } from './format';
import type { OutboxOp } from '../../shared/outbox/types';

/**
 * The outbox paused because the server answered 401/403 (sign in) or 423 (unlock). The drain sends
 * with plain fetch, so the app may still believe it is signed in: ask the server what holds now.
 * Signed in after all → send again; locked → the lock screen; signed out → sign-in (and the outbox
 * resumes when sign-in succeeds, see outbox-auth.ts).
 */
export async function continueSending(): Promise<void> {
  try {
    const state = await api(accounts.session, undefined, { offlineRedirect: false });
    if (state.locked) {
      authStore.dispatch({ type: 'locked' });
    } else if (state.user) {
      applySession(state);
      await outbox.resume();
    } else {
      authStore.dispatch({ type: 'logout', expired: true });
    }
  } catch (error) {
    if (isApiError(error) && error.status === 423) {
      authStore.dispatch({ type: 'locked' });
      return;
    }
    if (isApiError(error) && error.status === 401) {
      return; // the API client already signed the user out
    }
    showToast('No connection. Your data is safe on this device; try again when you are online.', 'neutral');
  }
}

export async function retryOperation(op: OutboxOp): Promise<void> {
  await retryAttention(getDb(), op.seq as number);
  outbox.kick();
  await outbox.emit();
}

/** "Retry all": every item in needs-attention goes again, in its lane's order. */
export async function retryAllOperations(): Promise<void> {
  await outbox.retryAll();
}

export async function discardOperation(op: OutboxOp): Promise<void> {
  await discardAttention(getDb(), op.seq as number);
  await outbox.emit();
}

export function exportOperations(operations: OutboxOp[]): void {
  downloadJson({ exported_at: new Date().toISOString(), device_id: outbox.deviceId, operations }, exportFileName());
}

export async function exportUnsent(): Promise<void> {
  downloadJson(await outbox.exportUnsent(), exportFileName());
}

export const OP_LABEL: Record<OutboxOp['kind'], string> = {
  'points.upsert': 'Recorded data',
  'points.delete': 'Deleted data',
  'point.correct': 'Correction',
  'trial.startNext': 'Next trial',
  'trial.complete': 'Trial completed',
  'focus.start': 'Focus started',
  'focus.stop': 'Focus stopped',
  'session.start': 'Session start',
  'session.end': 'Session end',
  'workspace.open': 'Workspace opened',
  'workspace.close': 'Workspace closed',
};

/** One line saying what the operation carried (trial number, outcome, action, notes). */
export function describeOperation(op: OutboxOp): string {
  const b = op.body;
  const parts: string[] = [];
  if (typeof b.trial_no === 'number') {
    parts.push(`trial ${b.trial_no}`);
  }
  if (typeof b.outcome === 'string') {
    parts.push(b.outcome.replace('_', ' '));
  }
  if (typeof b.count === 'number') {
    parts.push(`count ${b.count}`);
  }
  if (typeof b.duration_ms === 'number') {
    parts.push(`${Math.round(b.duration_ms / 1000)} s`);
  }
  if (typeof b.action === 'string') {
    parts.push(b.action.replace('_', ' '));
  }
  if (Array.isArray(b.keys)) {
    parts.push(`${b.keys.length} point${b.keys.length === 1 ? '' : 's'}`);
  }
  return parts.join(' · ');
}
