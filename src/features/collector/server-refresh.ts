import type { MutableRefObject } from 'react';
import type { CollectorSession } from '../../../contract/collector';
import { getDb } from '../../shared/db/db';
import type { CachedGoal } from '../../shared/db/types';
import { outbox } from '../../shared/outbox/outbox';
import { withPoints, withTrial, type CollectorState } from './collector-state';
import { fetchHistory } from './local-store';
import { fetchServerSession, mergeServerSession } from './session-store';
import type { TapRun } from './session-handlers';

export interface Refresh {
  userId: string;
  session: CollectorState['session'];
  ref: MutableRefObject<CollectorState | null>;
  commit: (next: CollectorState) => void;
  run: TapRun;
  isGone: () => boolean;
}

/** Online: the student's history for the chart, then the server's points merged in on the tap queue. */
export async function refreshFromServer({ userId, session, ref, commit, run, isGone }: Refresh) {
  try {
    const history = await fetchHistory(session.organization_id, session.student.id);
    if (!isGone() && ref.current) {
      commit({ ...ref.current, history });
    }
  } catch {
    // Offline or refused: the cached chart stays.
  }
  await mergeFromServer({ userId, session, run });
}

/**
 * The server's points merged in on the tap queue: after a load, and again when the server said two
 * devices met on this session's trials, so the screen shows what the server kept.
 */
export async function mergeFromServer({ userId, session, run }: Pick<Refresh, 'userId' | 'session' | 'run'>) {
  try {
    const server = await fetchServerSession(session);
    await run(async (s) => {
      const local = {
        points: new Map(
          Object.values(s.byTarget)
            .flat()
            .map((p) => [p.key, p]),
        ),
        trials: new Map(Object.entries(s.trials)),
      };
      const merged = await mergeServerSession(userId, server, local);
      let next = withPoints(s, merged.points);
      for (const t of merged.trials) {
        next = withTrial(next, t);
      }
      return { next: await withServerGoals(next, server) };
    });
  } catch {
    // The device's own data is complete for what was tapped here.
  }
}

/**
 * The server's word on each goal's standing (status, targets' statuses, mastery) replaces the
 * device's copy, on screen and on the device, with how many live points of this session the server
 * counted per goal (the session read holds only live points): the tablet's own mastery guess stands only while it holds more (mastery.ts).
 */
async function withServerGoals(state: CollectorState, server: CollectorSession): Promise<CollectorState> {
  const byId = new Map(server.goals.map((g) => [g.goal_id, g]));
  const standing = (g: CachedGoal): CachedGoal => {
    const s = byId.get(g.goal_id);
    return s
      ? { ...g, status: s.status, mastered_at: s.mastered_at, mastered_session_id: s.mastered_session_id, sub_goals: s.sub_goals }
      : g;
  };
  const goals = state.goals.map(standing);
  const changed = goals.filter((g, i) => g !== state.goals[i]);
  if (changed.length > 0) {
    const db = getDb();
    await db.transaction('rw', db.goals, async () => {
      const stored = await db.goals.bulkGet(changed.map((g) => g.key));
      await db.goals.bulkPut(stored.flatMap((g) => (g ? [standing(g)] : [])));
    });
  }
  const serverPoints = Object.fromEntries(server.goals.map((g) => [g.goal_id, g.data.length]));
  return { ...state, goals, serverPoints };
}

const POINT_KINDS = new Set<string>(['points.upsert', 'points.delete', 'point.correct']);

/**
 * Once the server confirmed points of the organization, a session with a goal under a mastery
 * criterion reads the server's answer again (on the tap queue), so the server's result replaces the
 * device's guess. It runs on a delivery, never on a tap. Returns the function that stops listening.
 */
export function followServerMastery({
  userId,
  organizationId,
  ref,
  run,
}: Pick<Refresh, 'userId' | 'ref' | 'run'> & { organizationId: string | null }): () => void {
  if (!organizationId) {
    return () => undefined;
  }
  return outbox.onDelivered((delivered) => {
    const current = ref.current;
    if (
      current?.goals.some((g) => g.mastery_criterion) &&
      delivered.some((d) => POINT_KINDS.has(d.kind) && d.organizationId === organizationId)
    ) {
      void mergeFromServer({ userId, session: current.session, run });
    }
  });
}
