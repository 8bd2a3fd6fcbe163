import { IonButton } from '@ionic/react';
import { IconButton } from '../../../shared/ui/icon-button';
import { downloadOutline, refreshOutline } from 'ionicons/icons';
import type { OutboxStatus } from '../../../shared/outbox/outbox';
import { outbox } from '../../../shared/outbox/outbox';
import { ago, timeOf } from '../format';
import { continueSending, exportUnsent } from '../sync-actions';
import { useNow } from '../use-outbox-status';
import { AttentionList } from './attention-list';
import { Dialog } from '../../../shared/ui/dialog';
import { SYNC_TEXT, type SyncStateKey } from '../sync-state';

interface Props {
  isOpen: boolean;
  onClose: () => void;
  status: OutboxStatus | null;
  state: SyncStateKey;
  isOnline: boolean;
}

const OUTAGE_TEXT = {
  portal:
    "This network answers with its own sign-in page instead of Thera (a school's or hotel's Wi-Fi). Open any web page to sign in to the network; nothing is lost, everything waiting is sent once Thera answers.",
  unreachable:
    "Thera's server does not answer from this network. Nothing is lost: everything waiting stays on this device and is sent once it answers.",
} as const;

const PAUSE_TEXT = {
  signin: 'Your sign-in has ended on the server. Nothing is lost: sign in again and everything waiting will be sent.',
  unlock: 'Thera is locked on the server. Unlock with your password and everything waiting will be sent.',
} as const;

function timeWithAgo(at: number | null, now: number): string {
  if (!at) {
    return 'Never';
  }
  return `${timeOf(at)} (${ago(at, now)})`;
}

/** The sync details: counts and times, the pause with its way out, refused items, export. */
export function SyncPanel(props: Props) {
  // Closed, nothing of the body is built: the indicator re-renders with every status change.
  return (
    <Dialog open={props.isOpen} onClose={props.onClose} title="Sync" closeText="Close" className="sync-panel" wide inBody>
      {props.isOpen && <SyncPanelBody {...props} />}
    </Dialog>
  );
}

function SyncPanelBody({ onClose, status, state, isOnline }: Props) {
  const now = useNow(15_000);
  const pending = status?.pending ?? 0;
  const hasUnsent = pending > 0 || (status?.attention.length ?? 0) > 0;
  return (
    <>
      <p className={`sync-panel__state sync-panel__state--${state}`} role="status">
        {SYNC_TEXT[state]}
        {!isOnline && <span className="sync-panel__offline"> · offline</span>}
      </p>
      <dl className="facts sync-panel__facts">
        <div>
          <dt>Waiting to send</dt>
          <dd data-testid="sync-panel-pending">{pending}</dd>
        </div>
        <div>
          <dt>Oldest unsent item</dt>
          <dd>{status?.oldestAt ? ago(status.oldestAt, now) : '—'}</dd>
        </div>
        <div>
          <dt>Last sent to the server</dt>
          <dd>{timeWithAgo(status?.lastSyncAt ?? null, now)}</dd>
        </div>
      </dl>
      {(state === 'signin' || state === 'unlock') && (
        <div className="sync-panel__pause" role="alert">
          <p>{PAUSE_TEXT[state]}</p>
          <IonButton onClick={() => void continueSending().then(onClose)}>
            {state === 'signin' ? 'Sign in to send' : 'Unlock to send'}
          </IonButton>
        </div>
      )}
      {(state === 'portal' || state === 'unreachable') && (
        <p className="sync-panel__outage" data-testid="sync-outage">
          {OUTAGE_TEXT[state]}
        </p>
      )}
      <p className="muted">
        Everything you record is saved on this device first. It stays here, with your account, until the server has confirmed it.
      </p>
      <div className="sync-panel__actions">
        <IconButton icon={refreshOutline} fill="outline" onClick={() => outbox.kick()} disabled={pending === 0 || !isOnline}>
          Send now
        </IconButton>
        <IconButton icon={downloadOutline} fill="outline" onClick={() => void exportUnsent()} disabled={!hasUnsent}>
          Export unsynced data
        </IconButton>
      </div>
      <AttentionList operations={status?.attention ?? []} now={now} />
    </>
  );
}
