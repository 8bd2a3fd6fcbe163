import type { OutboxStatus } from '../../shared/outbox/outbox';

/** What the sync indicator says, from the outbox's status (pure, so it is tested without a browser). */
export type SyncStateKey = 'checking' | 'sent' | 'sending' | 'saved' | 'signin' | 'unlock' | 'attention' | 'portal' | 'unreachable';

export const SYNC_TEXT: Record<SyncStateKey, string> = {
  checking: 'Checking…',
  sent: 'All sent',
  sending: 'Sending…',
  saved: 'Saved on this device',
  signin: 'Sign in to send',
  unlock: 'Unlock to send',
  attention: 'Needs attention',
  portal: 'This network needs a sign-in page',
  unreachable: "Can't reach Thera",
};

export function syncStateOf(status: OutboxStatus | null, isOnline: boolean): SyncStateKey {
  if (!status) {
    return 'checking';
  }
  if (status.paused) {
    return status.paused;
  }
  if (status.pending === 0) {
    return status.attention.length ? 'attention' : 'sent';
  }
  if (!isOnline) {
    // Offline, each try fails at once: saying "Sending…" then would be a flicker and a false hope.
    return 'saved';
  }
  if (status.sending) {
    return 'sending';
  }
  // The last try got an answer that was not Thera's (a portal's page, a proxy's empty answer): said
  // until a delivery clears it.
  return status.outage ?? 'saved';
}
