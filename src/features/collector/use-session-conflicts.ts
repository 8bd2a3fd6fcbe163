import { createContext, useEffect, useMemo, useRef, useState } from 'react';
import { outbox } from '../../shared/outbox/outbox';
import type { SessionConflicts } from '../../../contract/collector-conflicts';
import { fetchConflicts, readConflicts, reportedCount, trialNotes, type TrialNote } from './conflicts';
import { useNow, useOutboxStatus } from './use-outbox-status';

/** The notes of this device's trials that met another device's value, by point key (points-list.tsx). */
export const TrialNotesContext = createContext<ReadonlyMap<string, TrialNote>>(new Map());

/**
 * How often an open session asks the server for its conflicts while online: a device that delivered
 * first is not told when the other device's batch meets its trials later.
 */
const POLL_MS = 30_000;

/**
 * The session's conflicts: the device's last copy at once, then the server's (online) when the
 * screen opens, when an outbox answer reported a new one, and every POLL_MS. When they change, the
 * server's points are merged in again (`resync`), so the trials and counts show what the server kept.
 */
export function useSessionConflicts(
  session: { id: string; organization_id: string } | undefined,
  resync: () => Promise<void>,
  timeZone: string | undefined,
): { conflicts: SessionConflicts | null; notes: ReadonlyMap<string, TrialNote>; replaced: number } {
  const [conflicts, setConflicts] = useState<SessionConflicts | null>(null);
  const lastSyncAt = useOutboxStatus()?.lastSyncAt ?? null;
  const tick = useNow(POLL_MS);
  const seen = useRef<{ reported: number; answer: string; tick: number } | null>(null);
  const id = session?.id;
  const organizationId = session?.organization_id;

  useEffect(() => {
    seen.current = null;
    setConflicts(null);
    if (!id) {
      return;
    }
    let isGone = false;
    void readConflicts(id).then((cached) => {
      if (!isGone && cached) {
        setConflicts((current) => current ?? cached);
      }
    });
    return () => {
      isGone = true;
    };
  }, [id]);

  useEffect(() => {
    if (!id || !organizationId || !navigator.onLine) {
      return;
    }
    let isGone = false;
    void (async () => {
      try {
        const reported = await reportedCount(id);
        // A delivery without a new reported conflict asks nothing: online taps deliver every few seconds.
        if (seen.current && seen.current.reported === reported && seen.current.tick === tick) {
          return;
        }
        const answer = await fetchConflicts({ id, organization_id: organizationId });
        const text = JSON.stringify(answer.conflicts);
        if (isGone) {
          return;
        }
        const before = seen.current;
        seen.current = { reported, answer: text, tick };
        setConflicts(answer);
        // The first answer came with the screen's own load from the server; later ones may bring values it lacks.
        if (before && (before.answer !== text || before.reported !== reported)) {
          await resync();
        }
      } catch {
        // Offline or refused: the device's copy stays on screen.
      }
    })();
    return () => {
      isGone = true;
    };
  }, [id, organizationId, lastSyncAt, tick, resync]);

  const notes = useMemo(() => trialNotes(conflicts, outbox.deviceId, timeZone), [conflicts, timeZone]);
  const replaced = useMemo(() => [...notes.values()].filter((n) => n.isMineReplaced).length, [notes]);
  return { conflicts, notes, replaced };
}
