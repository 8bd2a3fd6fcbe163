import { memo } from 'react';
import { IonIcon } from '@ionic/react';
import { IconButton } from '../../../shared/ui/icon-button';
import { arrowUndoOutline, checkmarkCircle, stopCircleOutline } from 'ionicons/icons';
import type { CachedSession } from '../../../shared/db/types';
import type { UndoEntry } from '../collector-state';
import { isOtherZone } from '../days';
import { STATUS_LABEL, ago, dayKey, dayLabel, timeOf, zoneAbbreviation } from '../format';
import type { Saved } from '../use-collector-session';

interface Props {
  session: CachedSession;
  timeZone?: string;
  lastUndo: UndoEntry | undefined;
  saved: Saved | null;
  now: number;
  onUndo: () => void;
  onEnd: () => void;
}

const isEnded = (s: CachedSession) => s.localStatus !== 'scheduled' && s.localStatus !== 'in_progress';

/** Undo and End session; memoized so a tap re-renders only the text that changed. */
const SessionActions = memo(function SessionActions({
  hasUndo,
  canEnd,
  onUndo,
  onEnd,
}: {
  hasUndo: boolean;
  canEnd: boolean;
  onUndo: () => void;
  onEnd: () => void;
}) {
  return (
    <div className="session-bar__actions">
      <IconButton icon={arrowUndoOutline} fill="outline" onClick={onUndo} disabled={!hasUndo} aria-describedby="undo-what">
        Undo
      </IconButton>
      {canEnd && (
        <IconButton icon={stopCircleOutline} color="danger" onClick={onEnd}>
          End session
        </IconButton>
      )}
    </div>
  );
});

/** The planned time; memoized: formatting dates costs about a millisecond a render on a slow tablet. */
const SessionTime = memo(function SessionTime({
  startAt,
  endAt,
  timeZone,
  now,
}: {
  startAt: string;
  endAt: string;
  timeZone?: string;
  now: number;
}) {
  return (
    <span className="session-bar__time">
      {/* Another day than today says which: tomorrow's session must not pass for today's. */}
      {dayKey(startAt, timeZone) !== dayKey(new Date(now), timeZone) && `${dayLabel(startAt, timeZone)}, `}
      {timeOf(startAt, timeZone)}–{timeOf(endAt, timeZone)}
      {/* On a device in another zone, the organization's clock is named: "9:00 AM–9:45 AM EST". */}
      {timeZone && isOtherZone(timeZone, now) && ` ${zoneAbbreviation(timeZone, now)}`}
    </span>
  );
});

/** Always under the title: time, status, what was just saved, Undo and End session. */
export function SessionBar({ session, timeZone, lastUndo, saved, now, onUndo, onEnd }: Props) {
  return (
    <div className="session-bar">
      <div className="session-bar__row">
        <div className="session-bar__info">
          <SessionTime startAt={session.start_at} endAt={session.end_at} timeZone={timeZone} now={now} />
          <span className={`session-status session-status--${session.localStatus}`} data-testid="session-status">
            {STATUS_LABEL[session.localStatus]}
          </span>
          {session.localStatus === 'in_progress' && session.started_at && (
            <span className="muted session-bar__since">started {ago(Date.parse(session.started_at), now)}</span>
          )}
        </div>
        <SessionActions hasUndo={lastUndo !== undefined} canEnd={!isEnded(session)} onUndo={onUndo} onEnd={onEnd} />
        <span id="undo-what" className="visually-hidden">
          {lastUndo ? `Undo ${lastUndo.label}` : 'Nothing to undo'}
        </span>
      </div>
      <p className="saved" role="status" aria-live="polite" aria-atomic="true" data-testid="save-state">
        {saved ? (
          <>
            <IonIcon icon={checkmarkCircle} aria-hidden="true" className="saved__icon" />
            <span>
              <span className="saved__prefix">Saved on this device: </span>
              {saved.text}
            </span>
          </>
        ) : (
          <span className="muted">Every tap is saved on this device first, then sent.</span>
        )}
      </p>
    </div>
  );
}
