import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Outcome } from '../../../contract/collector';
import type { EndAction } from '../../../contract/scheduling';
import type { LocalPoint } from '../../shared/db/types';
import * as actions from './actions';
import {
  currentTrial,
  frequencyPoint,
  initialState,
  keyOf,
  livePoints,
  pointAt,
  targetName,
  targetOf,
  withoutUndoFor,
  withPoints,
  withStored,
  withTrial,
  withUndo,
  type CollectorState,
} from './collector-state';
import { OUTCOME_LABEL, levelLabel } from './format';
import { createLiveState } from './live-state';
import { retryOnCollision, unlessChangedElsewhere } from './collisions';
import { fetchHistory, refreshDay } from './local-store';
import { fetchServerSession, loadSession, mergeServerSession, readChanges } from './session-store';
import { listenToOtherTabs, mergeChanges, type TabChange } from './tab-sync';

export type LoadStatus = 'loading' | 'ready' | 'missing' | 'error';
export interface Saved {
  text: string;
  at: number;
}

function label(s: CollectorState, goalId: string, subGoalId: string | null): string {
  const goal = s.goals.find((g) => g.goal_id === goalId);
  return goal ? targetName(goal, subGoalId) : '';
}

/**
 * The session screen's data and every tap. The session is read from IndexedDB once; each tap awaits
 * its action (one IndexedDB transaction with the outbox operation) and then updates React state, so
 * "saved" is only ever shown for something durable. Taps run one after another on a queue: a second
 * fast tap scores the trial after the first, never the same one. Another tab's changes to this
 * session are read back on the same queue (tab-sync.ts), between this tab's taps; when both tabs
 * tap at the same moment, the device refuses the second write and it is made again (collisions.ts).
 */
export function useCollectorSession(userId: string | null, sessionId: string, organizationId: string | null = null) {
  const [state, setState] = useState<CollectorState | null>(null);
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [saved, setSaved] = useState<Saved | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const ref = useRef<CollectorState | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const live = useMemo(createLiveState, []);

  const commit = useCallback(
    (next: CollectorState) => {
      ref.current = next;
      live.set(next);
      setState(next);
    },
    [live],
  );

  /** Runs a tap after the previous one; `work` sees the state as the previous tap left it. */
  const run = useCallback(
    <T,>(work: (s: CollectorState) => Promise<{ next: CollectorState; text?: string; value?: T }>) => {
      const task = queue.current.then(async () => {
        const current = ref.current;
        if (!current || !userId) {
          return undefined;
        }
        try {
          const { next, text, value } = await work(current);
          ref.current = next;
          // The tap is durable now. Its number (trial, count) shows in this same task, rendering
          // only what displays it; the rest of the screen follows in a transition.
          flushSync(() => live.set(next));
          startTransition(() => {
            setState(next);
            setFailure(null);
            if (text) {
              setSaved({ text, at: Date.now() });
            }
          });
          return value;
        } catch (error) {
          setFailure(`Not saved. ${error instanceof Error ? error.message : 'The device could not store it.'} Try again.`);
          return undefined;
        }
      });
      queue.current = task.catch(() => undefined);
      return task;
    },
    [live, userId],
  );

  useEffect(() => {
    let isCancelled = false;
    ref.current = null;
    live.set(null);
    setState(null);
    setStatus('loading');
    if (!userId) {
      return;
    }
    // Another tab's changes are read back after the first read of the device (both on the queue).
    let pending: TabChange | null = null;
    const stopListening = listenToOtherTabs(sessionId, (change) => {
      if (pending) {
        pending = mergeChanges(pending, change);
        return;
      }
      pending = change;
      queue.current = queue.current
        .then(async () => {
          const wanted = pending;
          pending = null;
          if (!wanted || isCancelled || !ref.current) {
            return;
          }
          const rows = await readChanges(userId, wanted);
          if (!isCancelled && ref.current) {
            commit(withStored(ref.current, rows));
          }
        })
        .catch(() => undefined);
    });
    const loaded = (async () => {
      try {
        let data = await loadSession(userId, sessionId);
        if (!data && !isCancelled && organizationId && navigator.onLine) {
          // Not cached yet (opened by its URL before Today ever fetched it): fetch the day once.
          await refreshDay(userId, organizationId).catch(() => undefined);
          data = await loadSession(userId, sessionId);
        }
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
          void refreshFromServer(data.session);
        }
      } catch {
        if (!isCancelled) {
          setStatus('error');
        }
      }
    })();
    queue.current = queue.current.then(() => loaded);

    async function refreshFromServer(session: CollectorState['session']) {
      try {
        const history = await fetchHistory(session.organization_id, session.student.id);
        if (!isCancelled && ref.current) {
          commit({ ...ref.current, history });
        }
      } catch {
        // Offline or refused: the cached chart stays.
      }
      try {
        const server = await fetchServerSession(session);
        await run(async (s) => {
          const local = { points: new Map(Object.values(s.byTarget).flat().map((p) => [p.key, p])), trials: new Map(Object.entries(s.trials)) };
          const merged = await mergeServerSession(userId as string, server, local);
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
    return () => {
      isCancelled = true;
      stopListening();
    };
  }, [userId, sessionId, organizationId, commit, run, live]);

  const handlers = useMemo(
    () => ({
      score: (goalId: string, subGoalId: string | null, outcome: Outcome, promptLevel: string | null = null) =>
        run((state) =>
          retryOnCollision(userId as string, state, goalId, subGoalId, async (s) => {
            const before = currentTrial(s, goalId, subGoalId);
            const known = pointAt(s, goalId, subGoalId, before.trialNo);
            const { point, trial, durable } = actions.recordTrial(targetOf(s, goalId, subGoalId), userId as string, before, outcome, promptLevel, known);
            // Computed while the transaction commits; shown only after it did.
            const what = `${OUTCOME_LABEL[outcome]}${point.promptLevel ? ` (${levelLabel(point.promptLevel).toLowerCase()})` : ''}`;
            const text = `${what} for ${label(s, goalId, subGoalId)}, trial ${point.trialNo}`;
            const next = withUndo(withTrial(withPoints(s, [point]), trial), { type: 'point', goalId, subGoalId, point, before, label: text });
            await durable;
            return { next, text };
          }),
        ),
      count: (goalId: string, subGoalId: string | null, delta: number) =>
        run((state) =>
          retryOnCollision(userId as string, state, goalId, subGoalId, async (s) => {
            const current = frequencyPoint(s.byTarget[keyOf(s, goalId, subGoalId)]);
            if (delta < 0 && !current?.count) {
              return { next: s };
            }
            const point = await actions.changeFrequency(targetOf(s, goalId, subGoalId), userId as string, current, delta);
            const text = `Count ${point.count ?? 0} for ${label(s, goalId, subGoalId)}`;
            return { next: withUndo(withPoints(s, [point]), { type: 'count', goalId, subGoalId, delta, label: `${delta > 0 ? '+1' : '−1'} for ${label(s, goalId, subGoalId)}` }), text };
          }),
        ),
      toggleTimer: (goalId: string, subGoalId: string | null) =>
        run(async (state) => {
          const key = keyOf(state, goalId, subGoalId);
          const t = targetOf(state, goalId, subGoalId);
          if (!state.timers[key]) {
            const timer = await actions.startTimer(t);
            const text = `Timer started for ${label(state, goalId, subGoalId)}`;
            return { next: withUndo({ ...state, timers: { ...state.timers, [key]: timer } }, { type: 'timer', goalId, subGoalId, label: text }), text };
          }
          return retryOnCollision(userId as string, state, goalId, subGoalId, async (s) => {
            const running = s.timers[key];
            if (!running) {
              return { next: s, text: `The timer of ${label(s, goalId, subGoalId)} was stopped in another tab` };
            }
            const episode = livePoints(s.byTarget[key]).reduce((max, p) => Math.max(max, p.trialNo), 0) + 1;
            const point = await actions.stopTimer(t, userId as string, running.startedAt, episode, pointAt(s, goalId, subGoalId, episode));
            const { [key]: _stopped, ...timers } = s.timers;
            const text = `Duration ${Math.round((point.durationMs ?? 0) / 1000)} s recorded for ${label(s, goalId, subGoalId)}`;
            const undoText = `Duration #${episode} for ${label(s, goalId, subGoalId)}`;
            return { next: withUndo(withPoints({ ...s, timers }, [point]), { type: 'point', goalId, subGoalId, point, before: null, label: undoText }), text };
          });
        }),
      nextTrial: (goalId: string, subGoalId: string | null) =>
        run(async (s) => {
          const trial = await actions.startNextTrial(targetOf(s, goalId, subGoalId), currentTrial(s, goalId, subGoalId));
          return { next: withTrial(s, trial), text: `Trial ${trial.trialNo} started for ${label(s, goalId, subGoalId)}` };
        }),
      completeTrial: (goalId: string, subGoalId: string | null) =>
        run(async (s) => {
          const trial = await actions.completeTrial(targetOf(s, goalId, subGoalId), currentTrial(s, goalId, subGoalId));
          return { next: withTrial(s, trial), text: `Trial ${trial.trialNo} completed for ${label(s, goalId, subGoalId)}` };
        }),
      undo: () =>
        run(async (s) => {
          const entry = s.undo.at(-1);
          if (!entry) {
            return { next: s };
          }
          const rest = { ...s, undo: s.undo.slice(0, -1) };
          const t = targetOf(s, entry.goalId, entry.subGoalId);
          const key = keyOf(s, entry.goalId, entry.subGoalId);
          if (entry.type === 'timer') {
            await actions.cancelTimer(t);
            const { [key]: _cancelled, ...timers } = s.timers;
            return { next: { ...rest, timers }, text: `Undone: ${entry.label}` };
          }
          if (entry.type === 'count') {
            return retryOnCollision(userId as string, rest, entry.goalId, entry.subGoalId, async (r) => {
              const point = await actions.changeFrequency(t, userId as string, frequencyPoint(r.byTarget[key]), -entry.delta);
              return { next: withPoints(r, [point]), text: `Undone: ${entry.label}` };
            });
          }
          const stored = (s.byTarget[key] ?? []).find((p) => p.key === entry.point.key);
          if (!stored || stored.deleted || stored.id !== entry.point.id) {
            return { next: rest, text: 'Nothing left to undo for that tap' };
          }
          // Rewind only when nothing moved the trial since this tap.
          const rewind = entry.before && currentTrial(s, entry.goalId, entry.subGoalId).trialNo === entry.point.trialNo + 1 ? { ...entry.before, trialNo: entry.point.trialNo, status: 'open' as const } : null;
          const refusal = `Not undone: ${entry.label} was changed in another tab`;
          return unlessChangedElsewhere(userId as string, rest, entry.goalId, entry.subGoalId, async () => {
            await actions.deletePoint(t, stored, rewind);
            const next = withPoints(rest, [{ ...stored, deleted: true }]);
            return { next: rewind ? withTrial(next, rewind) : next, text: `Undone: ${entry.label}` };
          }, refusal);
        }),
      removePoint: (point: LocalPoint) =>
        run((s) => {
          const what = `${point.kind === 'duration' ? 'episode' : 'trial'} ${point.trialNo} of ${label(s, point.goalId, point.subGoalId)}`;
          return unlessChangedElsewhere(userId as string, s, point.goalId, point.subGoalId, async () => {
            await actions.deletePoint(targetOf(s, point.goalId, point.subGoalId), point);
            return { next: withoutUndoFor(withPoints(s, [{ ...point, deleted: true }]), point.key), text: `Deleted ${what}` };
          }, `Not deleted: ${what} was changed in another tab`);
        }),
      fixPoint: (point: LocalPoint, change: Parameters<typeof actions.correctPoint>[2]) =>
        run((s) => {
          const what = `trial ${point.trialNo} of ${label(s, point.goalId, point.subGoalId)}`;
          return unlessChangedElsewhere(userId as string, s, point.goalId, point.subGoalId, async () => {
            const updated = await actions.correctPoint(targetOf(s, point.goalId, point.subGoalId), point, change);
            return { next: withoutUndoFor(withPoints(s, [updated]), point.key), text: `Corrected ${what}` };
          }, `Not corrected: ${what} was changed in another tab`);
        }),
      focus: (goalId: string | null) =>
        run(async (s) => {
          if (goalId === null) {
            await actions.stopFocus({ id: s.session.id, organization_id: s.session.organization_id });
            return { next: { ...s, focus: null }, text: 'Showing all goals' };
          }
          await actions.startFocus(targetOf(s, goalId, null));
          return { next: { ...s, focus: { goalId, subGoalId: null } }, text: `Focus on ${label(s, goalId, null)}` };
        }),
      start: (shiftToNow: boolean) =>
        run(async (s) => {
          const session = await actions.startSession(s.session, shiftToNow);
          return { next: { ...s, session }, text: 'Session started' };
        }),
      end: (action: EndAction, note: string, overtimeReason: string) =>
        run(async (s) => {
          const session = await actions.endSession(s.session, action, note, overtimeReason);
          return { next: { ...s, session }, text: 'Session ended' };
        }),
    }),
    [run, userId],
  );

  return { state, live, status, saved, failure, dismissFailure: () => setFailure(null), handlers };
}
