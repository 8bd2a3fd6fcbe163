import { memo } from 'react';
import type { ChangedSession } from '../session-change';
import { sessionChange } from '../session-change';

/**
 * The office's change to a session (moved, or cancelled with the reason): under its row on Today and
 * at the top of the session itself, where a therapist collecting on it offline learns of it.
 * Memoized: the session's row changes only when the server's copy does, not with each tap.
 */
export const SessionChangeNote = memo(function SessionChangeNote({
  session,
  timeZone,
}: {
  session: ChangedSession;
  timeZone?: string | undefined;
}) {
  const text = sessionChange(session, timeZone);
  return text ? (
    <p className="session-change" data-testid="session-change">
      {text}
    </p>
  ) : null;
});
