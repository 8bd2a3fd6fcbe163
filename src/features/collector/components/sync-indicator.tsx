import { memo, useState } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import {
  alertCircle,
  checkmarkDoneCircle,
  cloudOfflineOutline,
  cloudUploadOutline,
  globeOutline,
  lockClosedOutline,
  phonePortraitOutline,
} from 'ionicons/icons';
import { continueSending } from '../sync-actions';
import { SYNC_TEXT, syncStateOf, type SyncStateKey } from '../sync-state';
import { useOnline, useOutboxStatus } from '../use-outbox-status';
import { SyncPanel } from './sync-panel';

const ICON: Record<SyncStateKey | 'offline', string> = {
  checking: cloudUploadOutline,
  sent: checkmarkDoneCircle,
  sending: cloudUploadOutline,
  saved: phonePortraitOutline,
  signin: lockClosedOutline,
  unlock: lockClosedOutline,
  attention: alertCircle,
  portal: globeOutline,
  unreachable: cloudOfflineOutline,
  offline: cloudOfflineOutline,
};
/** Each icon once: switching state shows another element instead of making ion-icon load and parse a new SVG. */
const ICONS = [...new Set(Object.values(ICON))];

/** Memoized: the count changes with every tap, the icon only with the state. */
const StateIcon = memo(function StateIcon({ icon }: { icon: string }) {
  return (
    <>
      {ICONS.map((i) => (
        <IonIcon key={i} icon={i} hidden={i !== icon} aria-hidden="true" />
      ))}
    </>
  );
});

/**
 * Always in the collector's header: what is saved here, what is on its way, what is stuck. The
 * chip opens the details (pending, oldest, last sync, needs attention, export). Memoized (no props):
 * a tap re-renders it only through the outbox status, not with the page.
 */
export const SyncIndicator = memo(function SyncIndicator() {
  const status = useOutboxStatus();
  const isOnline = useOnline();
  const [isOpen, setIsOpen] = useState(false);
  const state = syncStateOf(status, isOnline);
  const pending = status?.pending ?? 0;
  const attention = status?.attention.length ?? 0;

  return (
    <div className="sync">
      {(state === 'signin' || state === 'unlock') && (
        <IonButton className="sync__resume" color="warning" onClick={() => void continueSending()}>
          {state === 'signin' ? 'Sign in' : 'Unlock'}
        </IonButton>
      )}
      <button
        type="button"
        className={`sync__chip sync__chip--${state}`}
        onClick={() => setIsOpen(true)}
        aria-haspopup="dialog"
        aria-label={`Sync: ${SYNC_TEXT[state]}, ${pending} waiting${attention ? `, ${attention} need attention` : ''}. Show details`}
      >
        <StateIcon icon={ICON[isOnline ? state : 'offline']} />
        <span className="sync__text" data-testid="sync-state" aria-live="polite">
          {SYNC_TEXT[state]}
        </span>
        <span className={`sync__count${pending ? '' : ' sync__count--zero'}`} data-testid="sync-pending" aria-hidden="true">
          {pending}
        </span>
        {attention > 0 && (
          <span className="sync__attention" data-testid="sync-attention" aria-hidden="true">
            {attention}!
          </span>
        )}
      </button>
      <SyncPanel isOpen={isOpen} onClose={() => setIsOpen(false)} status={status} state={state} isOnline={isOnline} />
    </div>
  );
});
