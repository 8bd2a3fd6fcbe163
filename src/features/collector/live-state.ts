import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { CollectorState } from './collector-state';

/**
 * The numbers under the therapist's thumb (the current trial, a frequency count) follow the session
 * state through this small store: after a tap is durable, each number is written into its text node
 * in the tap's own task (live-text.tsx), and the few components that need a value of it (useLive)
 * render in that task too. The rest of the screen (summary, list, the "saved" line) follows in a
 * React transition a moment later (use-collector-session.ts).
 */
export interface LiveState {
  get: () => CollectorState | null;
  set: (state: CollectorState | null) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createLiveState(): LiveState {
  let current: CollectorState | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (state) => {
      current = state;
      listeners.forEach((l) => l());
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const LiveStateContext = createContext<LiveState | null>(null);

/**
 * One value of the newest session state for a component to render with; `select` must return a
 * primitive (compared by value). A store change renders at sync priority, in a microtask of the tap's task.
 */
export function useLive<T extends string | number | boolean | null>(select: (state: CollectorState) => T, fallback: T): T {
  const live = useContext(LiveStateContext);
  const snapshot = useCallback(() => {
    const state = live?.get();
    return state ? select(state) : fallback;
  }, [live, select, fallback]);
  return useSyncExternalStore(live?.subscribe ?? noSubscribe, snapshot, snapshot);
}

const noSubscribe = () => () => undefined;
