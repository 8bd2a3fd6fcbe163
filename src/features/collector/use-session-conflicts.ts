import { createContext, lazy, useEffect, useRef, useState } from 'react';
import type { TrialNote } from './conflicts';
import type { ConflictsView, Seen } from './conflicts-sync';
import { useNow, useOutboxStatus } from './use-outbox-status';

/** The notes of this device's trials that met another device's value, by point key (points-list.tsx). */
export const TrialNotesContext = createContext<ReadonlyMap<string, TrialNote>>(new Map());

/** Loaded when a session has conflicts: most sessions never show them, and the offline start-up has a budget. */
export const ConflictsPanel = lazy(() => import('./components/conflicts-panel').then((m) => ({ default: m.ConflictsPanel })));
export const ConflictsNotice = lazy(() => import('./components/conflicts-panel').then((m) => ({ default: m.ConflictsNotice })));

/**
 * How often an open session asks the server for its conflicts while online: a device that delivered
 * first is not told when the other device's batch meets its trials later.
 */
const POLL_MS = 30_000;
const NONE: ConflictsView = { conflicts: null, notes: new Map(), replaced: 0 };

/**
 * The session's conflicts: the device's last copy at once, then the server's (online) when the
 * screen opens, when an outbox answer reported a new one, and every POLL_MS (conflicts-sync.ts, loaded
 * off the start-up path). When they change, the server's points are merged in again (`resync`), so
 * the trials and counts show what the server kept.
 */
export function useSessionConflicts(
  session: { id: string; organization_id: string } | undefined,
  resync: () => Promise<void>,
  timeZone: string | undefined,
): ConflictsView {
  const [view, setView] = useState<ConflictsView>(NONE);
  const lastSyncAt = useOutboxStatus()?.lastSyncAt ?? null;
  const tick = useNow(POLL_MS);
  const seen = useRef<Seen | null>(null);
  const id = session?.id;
  const organizationId = session?.organization_id;

  useEffect(() => {
    seen.current = null;
    setView(NONE);
    if (!id) {
      return;
    }
    let isGone = false;
    void import('./conflicts-sync')
      .then((sync) => sync.cachedView(id, timeZone))
      .then((cached) => !isGone && cached && setView((current) => (current.conflicts ? current : cached)));
    return () => {
      isGone = true;
    };
  }, [id, timeZone]);

  useEffect(() => {
    if (!id || !organizationId || !navigator.onLine) {
      return;
    }
    let isGone = false;
    void (async () => {
      const sync = await import('./conflicts-sync');
      const found = await sync.serverView({ id, organization_id: organizationId }, seen.current, tick, timeZone);
      if (!found || isGone) {
        return;
      }
      seen.current = found.seen;
      setView(found.view);
      // New conflicts may bring values the screen lacks: the server's points are merged again.
      if (found.isNew) {
        await resync();
      }
    })().catch(() => undefined); // offline or refused: the device's copy stays on screen
    return () => {
      isGone = true;
    };
  }, [id, organizationId, lastSyncAt, tick, resync, timeZone]);

  return view;
}
