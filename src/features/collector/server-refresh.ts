import type { MutableRefObject } from 'react';
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
      return { next };
    });
  } catch {
    // The device's own data is complete for what was tapped here.
  }
}
