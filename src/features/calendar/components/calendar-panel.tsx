import type { ReactNode } from 'react';
import type { CalendarScreen } from '../use-calendar-screen';
import { EventDetails } from './event-details';
import { SessionDetails } from './session-details';

export type RenderSession = (sessionId: string, close: () => void, move: () => void) => ReactNode;

interface CalendarPanelProps {
  screen: CalendarScreen;
  renderSession?: RenderSession;
  onMove: (sessionId: string) => void;
}

/** The side panel of the session or event opened on the calendar (by click, or Enter on a focused one). */
export function CalendarPanel({ screen, renderSession, onMove }: CalendarPanelProps) {
  const { opened, items, zone } = screen;
  if (!opened) {
    return null;
  }
  const close = () => screen.setOpened(null);
  if (opened.type === 'session' && renderSession) {
    // Another feature's panel may cancel or delete the session: the calendar reads its range again on close.
    const closeAndRefresh = () => {
      close();
      void items.refetch();
    };
    return <aside className="cal-panel">{renderSession(opened.id, closeAndRefresh, () => onMove(opened.id))}</aside>;
  }
  const session = opened.type === 'session' ? items.data?.sessions.find((row) => row.id === opened.id) : undefined;
  const event = opened.type === 'event' ? items.data?.events.find((row) => row.id === opened.id) : undefined;
  return (
    <aside className="cal-panel" aria-labelledby="cal-panel-title">
      <header className="cal-panel__head">
        <h2 id="cal-panel-title">{opened.type === 'session' ? 'Session' : 'Event'}</h2>
        <button type="button" className="dialog__close" onClick={close}>
          Close
        </button>
      </header>
      {session && (
        <SessionDetails
          session={session}
          names={screen.known.names}
          zone={zone}
          canMove={screen.can.moveSessions}
          onMove={() => onMove(session.id)}
        />
      )}
      {event && <EventDetails event={event} zone={zone} />}
      {!session && !event && <p>This is no longer on the calendar.</p>}
    </aside>
  );
}
