import type { MutableRefObject } from 'react';
import { getDb } from '../../shared/db/db';
import { outbox } from '../../shared/outbox/outbox';
import type { CollectorState } from './collector-state';
import { refreshDay } from './local-store';

const LIFECYCLE = new Set<string>(['session.start', 'session.end']);

interface Follow {
  userId: string;
  sessionId: string;
  organizationId: string | null;
  ref: MutableRefObject<CollectorState | null>;
  commit: (next: CollectorState) => void;
  queue: MutableRefObject<Promise<unknown>>;
  isGone: () => boolean;
}

/**
 * Once the server confirmed a start or an end of the organization's sessions, the day is fetched
 * again and this session's row read back on the tap queue: what the office did to the session
 * meanwhile (moved or cancelled it, and which of its changes the start overtook) shows at the top of
 * the open screen, not only on Today. It runs on a delivery, never on a tap. Returns the function
 * that stops listening.
 */
export function followServerRow({ userId, sessionId, organizationId, ref, commit, queue, isGone }: Follow): () => void {
  if (!organizationId) {
    return () => undefined;
  }
  return outbox.onDelivered((delivered) => {
    if (!delivered.some((d) => LIFECYCLE.has(d.kind) && d.organizationId === organizationId)) {
      return;
    }
    void refreshDay(userId, organizationId)
      .catch(() => undefined)
      .then(() => {
        queue.current = queue.current
          .then(async () => {
            const row = await getDb().sessions.get(sessionId);
            if (!isGone() && ref.current && row?.userId === userId) {
              commit({ ...ref.current, session: row });
            }
          })
          .catch(() => undefined);
      });
  });
}
