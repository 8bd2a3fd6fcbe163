import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type MutableRefObject } from 'react';
import { initialState, withStored, type CollectorState } from './collector-state';
import { createLiveState, type LiveState } from './live-state';
import { refreshDay } from './local-store';
import { loadSession, readChanges, type SessionData } from './session-store';
import { followServerMastery, mergeFromServer, refreshFromServer, type Refresh } from './server-refresh';
import { followServerRow } from './server-session-row';
import { tapHandlers, type TapRun } from './session-handlers';
import { listenToOtherTabs, mergeChanges, type TabChange } from './tab-sync';

export type LoadStatus = 'loading' | 'ready' | 'missing' | 'error';
export interface Saved {
  text: string;
  at: number;
}

/**
 * The session screen's data and every tap. The session is read from IndexedDB once; each tap awaits
 * its action (one IndexedDB transaction with the outbox operation) and then updates React state, so
 * "saved" is only ever shown for something durable. Taps run one after another on a queue: a second
 * fast tap scores the trial after the first, never the same one. Another tab's changes to this
 * session are read back on the same queue (tab-sync.ts), between this tab's taps; when both tabs
 * tap at the same moment, the device refuses the second write and it is made again (collisions.ts).
 *
 * In steps: the screen's state (useSessionState), the tap queue (useTapQueue), loading the session
 * and following other tabs and the server (useSessionLoad), and the taps themselves (tapHandlers).
 */
export function useCollectorSession(userId: string | null, sessionId: string, organizationId: string | null = null) {
  const session = useSessionState();
  const taps = useTapQueue(session, userId);
  const status = useSessionLoad(session, taps, userId, sessionId, organizationId);
  const { run } = taps;
  const handlers = useMemo(() => tapHandlers(run), [run]);
  const { ref } = session;
  /** The server's points merged in again (the server said two devices met on this session). */
  const resync = useCallback(async () => {
    const current = ref.current;
    if (userId && current) {
      await mergeFromServer({ userId, session: current.session, run });
    }
  }, [ref, run, userId]);
  return {
    resync,
    state: session.state,
    live: session.live,
    status,
    saved: taps.saved,
    failure: taps.failure,
    dismissFailure: taps.dismissFailure,
    handlers,
  };
}

interface SessionState {
  state: CollectorState | null;
  setState: (next: CollectorState | null) => void;
  /** The state as the last tap left it (React state follows in a transition). */
  ref: MutableRefObject<CollectorState | null>;
  /** What must show at once after a tap (trial numbers, counts), outside React's transition. */
  live: LiveState;
  /** A new state for everything at once: the ref, the live numbers and React. */
  commit: (next: CollectorState) => void;
}

function useSessionState(): SessionState {
  const [state, setState] = useState<CollectorState | null>(null);
  const ref = useRef<CollectorState | null>(null);
  const live = useMemo(createLiveState, []);
  const commit = useCallback(
    (next: CollectorState) => {
      ref.current = next;
      live.set(next);
      setState(next);
    },
    [live],
  );
  return { state, setState, ref, live, commit };
}

interface TapQueue {
  run: TapRun;
  /** The queue's tail: other work (a read after another tab's change) goes on it too. */
  queue: MutableRefObject<Promise<unknown>>;
  saved: Saved | null;
  failure: string | null;
  dismissFailure: () => void;
}

function useTapQueue({ ref, live, setState }: SessionState, userId: string | null): TapQueue {
  const [saved, setSaved] = useState<Saved | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** When the shown "Not saved" came: only a tap made after it clears it (see run). */
  const failedAt = useRef(-1);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  /** Runs a tap after the previous one; `work` sees the state as the previous tap left it. */
  const run = useCallback(
    <T>(work: (s: CollectorState, userId: string) => Promise<{ next: CollectorState; text?: string; value?: T }>) => {
      const madeAt = performance.now();
      const task = queue.current.then(async () => {
        const current = ref.current;
        if (!current || !userId) {
          return undefined;
        }
        try {
          const { next, text, value } = await work(current, userId);
          ref.current = next;
          // The tap is durable now. Its number (trial, count) is written in this same task, with no
          // React render (live-text.tsx); the rest of the screen follows in a transition.
          live.set(next);
          // A tap made before a "Not saved" showed (queued behind the failed one) must not hide it.
          const clearsFailure = madeAt > failedAt.current;
          startTransition(() => {
            setState(next);
            if (clearsFailure) {
              setFailure(null);
            }
            if (text) {
              setSaved({ text, at: Date.now() });
            }
          });
          return value;
        } catch (error) {
          failedAt.current = performance.now();
          setFailure(`Not saved. ${error instanceof Error ? error.message : 'The device could not store it.'} Try again.`);
          return undefined;
        }
      });
      queue.current = task.catch(() => undefined);
      return task;
    },
    [ref, live, setState, userId],
  );
  return { run, queue, saved, failure, dismissFailure: () => setFailure(null) };
}

/**
 * Loads the session when the screen opens (or the user or session changes): from the device, then
 * what the server knows, and from then on the other tabs' changes to it.
 */
function useSessionLoad(
  session: SessionState,
  taps: TapQueue,
  userId: string | null,
  sessionId: string,
  organizationId: string | null,
): LoadStatus {
  const [status, setStatus] = useState<LoadStatus>('loading');
  /** Set once the device's copy is on screen: the server's view follows, off the start-up path. */
  const [toRefresh, setToRefresh] = useState<Omit<Refresh, 'ref' | 'commit' | 'isGone'> | null>(null);
  const { ref, live, setState, commit } = session;
  const { run, queue } = taps;

  useEffect(() => {
    let isCancelled = false;
    const isGone = () => isCancelled;
    ref.current = null;
    live.set(null);
    setState(null);
    setStatus('loading');
    setToRefresh(null);
    if (!userId) {
      return;
    }
    const stopTabs = followOtherTabs({ userId, sessionId, ref, commit, queue, isGone });
    const stopServer = followServerRow({ userId, sessionId, organizationId, ref, commit, queue, isGone });
    const stopMastery = followServerMastery({ userId, organizationId, ref, run });
    const stopFollowing = () => {
      stopTabs();
      stopServer();
      stopMastery();
    };
    const loaded = (async () => {
      try {
        const data = await loadFromDevice(userId, sessionId, organizationId, isGone);
        if (isCancelled) {
          return;
        }
        if (!data) {
          setStatus('missing');
          return;
        }
        commit(initialState(data));
        setStatus('ready');
        if (navigator.onLine) {
          setToRefresh({ userId, session: data.session, run });
        }
      } catch {
        if (!isCancelled) {
          setStatus('error');
        }
      }
    })();
    queue.current = queue.current.then(() => loaded);
    return () => {
      isCancelled = true;
      stopFollowing();
    };
  }, [userId, sessionId, organizationId, ref, live, setState, commit, run, queue]);

  // An effect runs once the screen with the device's copy has rendered: the server's calls (and the
  // contract's schemas they load) never delay the first tap.
  useEffect(() => {
    if (!toRefresh) {
      return;
    }
    let isCancelled = false;
    void refreshFromServer({ ...toRefresh, ref, commit, isGone: () => isCancelled });
    return () => {
      isCancelled = true;
    };
  }, [toRefresh, ref, commit]);

  return status;
}

/**
 * The session as this device holds it. Not cached yet (opened by its URL before Today ever fetched
 * it): the day is fetched once, online.
 */
async function loadFromDevice(
  userId: string,
  sessionId: string,
  organizationId: string | null,
  isGone: () => boolean,
): Promise<SessionData | null> {
  const data = await loadSession(userId, sessionId);
  if (data || isGone() || !organizationId || !navigator.onLine) {
    return data;
  }
  await refreshDay(userId, organizationId).catch(() => undefined);
  return loadSession(userId, sessionId);
}

interface Follow {
  userId: string;
  sessionId: string;
  ref: MutableRefObject<CollectorState | null>;
  commit: (next: CollectorState) => void;
  queue: MutableRefObject<Promise<unknown>>;
  isGone: () => boolean;
}

/**
 * Another tab's changes are read back on the tap queue, after the first read of the device; changes
 * that come while one read waits are merged into it. Returns the function that stops listening.
 */
function followOtherTabs({ userId, sessionId, ref, commit, queue, isGone }: Follow): () => void {
  let pending: TabChange | null = null;
  return listenToOtherTabs(sessionId, (change) => {
    if (pending) {
      pending = mergeChanges(pending, change);
      return;
    }
    pending = change;
    queue.current = queue.current
      .then(async () => {
        const wanted = pending;
        pending = null;
        if (!wanted || isGone() || !ref.current) {
          return;
        }
        const rows = await readChanges(userId, wanted);
        if (!isGone() && ref.current) {
          commit(withStored(ref.current, rows));
        }
      })
      .catch(() => undefined);
  });
}
