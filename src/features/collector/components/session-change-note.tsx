import type { ChangedSession } from '../session-change';
import { sessionChange } from '../session-change';

/** The office's change to a session, under its row on Today (moved, or cancelled with the reason). */
export function SessionChangeNote({ session, timeZone }: { session: ChangedSession; timeZone?: string | undefined }) {
  const text = sessionChange(session, timeZone);
  return text ? (
    <p className="session-change" data-testid="session-change">
      {text}
    </p>
  ) : null;
}
