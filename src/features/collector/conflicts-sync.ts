import type { SessionConflicts } from '../../../contract/collector-conflicts';
import { outbox } from '../../shared/outbox/outbox';
import { fetchConflicts, readConflicts, reportedCount, trialNotes, type TrialNote } from './conflicts';

/** The session screen's view of its conflicts (use-session-conflicts.ts), loaded off the start-up path. */
export interface ConflictsView {
  conflicts: SessionConflicts | null;
  notes: ReadonlyMap<string, TrialNote>;
  /** This device's trials that now show another device's value. */
  replaced: number;
}

function viewOf(conflicts: SessionConflicts, timeZone: string | undefined): ConflictsView {
  const notes = trialNotes(conflicts, outbox.deviceId, timeZone);
  return { conflicts, notes, replaced: [...notes.values()].filter((n) => n.isMineReplaced).length };
}

/** The device's last copy, or null. */
export async function cachedView(sessionId: string, timeZone: string | undefined): Promise<ConflictsView | null> {
  const cached = await readConflicts(sessionId);
  return cached ? viewOf(cached, timeZone) : null;
}

export interface Seen {
  reported: number;
  answer: string;
  tick: number;
}

/**
 * The server's conflicts when there may be news: the first time, when an outbox answer reported a
 * new one, or at the poll's tick. A delivery without a new reported conflict asks nothing: online
 * taps deliver every few seconds. `isNew`: there are conflicts the screen may not have merged yet.
 */
export async function serverView(
  session: { id: string; organization_id: string },
  seen: Seen | null,
  tick: number,
  timeZone: string | undefined,
): Promise<{ view: ConflictsView; seen: Seen; isNew: boolean } | null> {
  const reported = await reportedCount(session.id);
  if (seen && seen.reported === reported && seen.tick === tick) {
    return null;
  }
  const answer = await fetchConflicts(session);
  const text = JSON.stringify(answer.conflicts);
  // A first answer with conflicts counts as news too: the screen's own load from the server may have
  // come before them (opened offline, say), and a merge again costs one call on such a session only.
  const isNew = answer.conflicts.length > 0 && (!seen || seen.answer !== text || seen.reported !== reported);
  return { view: viewOf(answer, timeZone), seen: { reported, answer: text, tick }, isNew };
}
