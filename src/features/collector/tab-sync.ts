import { v7 as uuidv7 } from 'uuid';
import type { LocalWrite } from '../../shared/outbox/commit';

/**
 * Tabs of one device share the session's rows in IndexedDB but each screen holds its own copy in
 * memory. After a change committed, a tab names the rows it wrote on this channel (keys only); the
 * other tabs showing that session read exactly those rows back (session-store.ts readChanges), so
 * each offers the same next trial and count. Nothing is read on the tap path itself: the reading
 * happens in the tab that did not tap.
 */
const CHANNEL = 'thera-collector';
/** This page: its own messages come back to its other channel objects and are ignored. */
const PAGE_ID = uuidv7();

export interface TabChange {
  sessionId: string;
  points: string[];
  trials: string[];
  timers: string[];
  session: boolean;
  focus: boolean;
}
interface Message extends TabChange {
  page: string;
}

let sender: BroadcastChannel | null = null;
/** Changes not yet posted: sent after the tap's own render, a burst of taps as one message. */
const unsent = new Map<string, TabChange>();
let flushTimer: ReturnType<typeof setTimeout> | null = null;

function changeOf(sessionId: string, writes: LocalWrite[]): TabChange {
  const change: TabChange = { sessionId, points: [], trials: [], timers: [], session: false, focus: false };
  for (const w of writes) {
    const row = (w.put ?? w.add) as { key?: string } | undefined;
    const key = row?.key ?? (typeof w.delete === 'string' ? w.delete : undefined);
    if (w.store === 'sessions') {
      change.session = true;
    } else if (w.store === 'meta') {
      change.focus ||= !!key?.startsWith('focus:');
    } else if (key) {
      change[w.store].push(key);
    }
  }
  return change;
}

/** Tells the other tabs which rows of a session this tab just committed (not on the tap path). */
export function announce(sessionId: string, writes: LocalWrite[]): void {
  if (typeof BroadcastChannel === 'undefined') {
    return;
  }
  const change = changeOf(sessionId, writes);
  const earlier = unsent.get(sessionId);
  unsent.set(sessionId, earlier ? mergeChanges(earlier, change) : change);
  flushTimer ??= setTimeout(flush, 0);
}

function flush() {
  flushTimer = null;
  sender ??= new BroadcastChannel(CHANNEL);
  for (const change of unsent.values()) {
    const message: Message = { ...change, page: PAGE_ID };
    sender.postMessage(message);
  }
  unsent.clear();
}

/** Calls `onChange` for every change another tab committed to this session. */
export function listenToOtherTabs(sessionId: string, onChange: (change: TabChange) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') {
    return () => undefined;
  }
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<Message>) => {
    if (event.data.page !== PAGE_ID && event.data.sessionId === sessionId) {
      onChange(event.data);
    }
  };
  return () => channel.close();
}

/** Several changes read back in one go. */
export function mergeChanges(a: TabChange, b: TabChange): TabChange {
  return {
    sessionId: a.sessionId,
    points: [...new Set([...a.points, ...b.points])],
    trials: [...new Set([...a.trials, ...b.trials])],
    timers: [...new Set([...a.timers, ...b.timers])],
    session: a.session || b.session,
    focus: a.focus || b.focus,
  };
}
