import type { Outcome } from '../../../contract/collector';
import type { EndAction } from '../../../contract/scheduling';
import type { LocalPoint } from '../../shared/db/types';
import * as actions from './actions';
import {
  currentTrial,
  frequencyPoint,
  keyOf,
  livePoints,
  pointAt,
  targetName,
  targetOf,
  withoutUndoFor,
  withPoints,
  withTrial,
  withUndo,
  type CollectorState,
} from './collector-state';
import { OUTCOME_LABEL, levelLabel } from './format';
import { retryOnCollision, unlessChangedElsewhere } from './collisions';

/**
 * Runs a tap after the previous one (use-collector-session.ts): `work` gets the state as the previous
 * tap left it and answers with the next state, the line to show, and a value for the caller.
 */
export type TapRun = <T>(
  work: (s: CollectorState, userId: string) => Promise<{ next: CollectorState; text?: string; value?: T }>,
) => Promise<T | undefined>;

function label(s: CollectorState, goalId: string, subGoalId: string | null): string {
  const goal = s.goals.find((g) => g.goal_id === goalId);
  return goal ? targetName(goal, subGoalId) : '';
}

/**
 * Every tap and action of the session screen, each one a piece of work on the tap queue: the action
 * (one IndexedDB transaction with its outbox operation), the next state, and the line that says
 * what was saved. Writes that may meet another tab's write of the same trial or version go through
 * collisions.ts.
 */
// size: 183 lines — a table of the session screen's taps, one short entry each, all closing over the
// same run; split up, the list of what a tap can do would no longer be in one place.
export function tapHandlers(run: TapRun) {
  return {
    score: (goalId: string, subGoalId: string | null, outcome: Outcome, promptLevel: string | null = null) =>
      run((state, userId) =>
        retryOnCollision(userId, state, goalId, subGoalId, async (s) => {
          const before = currentTrial(s, goalId, subGoalId);
          const known = pointAt(s, goalId, subGoalId, before.trialNo);
          const { point, trial, durable } = actions.recordTrial(
            targetOf(s, goalId, subGoalId),
            userId,
            before,
            outcome,
            promptLevel,
            known,
          );
          // Computed while the transaction commits; shown only after it did.
          const what = `${OUTCOME_LABEL[outcome]}${point.promptLevel ? ` (${levelLabel(point.promptLevel).toLowerCase()})` : ''}`;
          const text = `${what} for ${label(s, goalId, subGoalId)}, trial ${point.trialNo}`;
          const next = withUndo(withTrial(withPoints(s, [point]), trial), { type: 'point', goalId, subGoalId, point, before, label: text });
          await durable;
          return { next, text };
        }),
      ),
    count: (goalId: string, subGoalId: string | null, delta: number) =>
      run((state, userId) =>
        retryOnCollision(userId, state, goalId, subGoalId, async (s) => {
          const current = frequencyPoint(s.byTarget[keyOf(s, goalId, subGoalId)]);
          if (delta < 0 && !current?.count) {
            return { next: s };
          }
          const point = await actions.changeFrequency(targetOf(s, goalId, subGoalId), userId, current, delta);
          const text = `Count ${point.count ?? 0} for ${label(s, goalId, subGoalId)}`;
          return {
            next: withUndo(withPoints(s, [point]), {
              type: 'count',
              goalId,
              subGoalId,
              delta,
              label: `${delta > 0 ? '+1' : '−1'} for ${label(s, goalId, subGoalId)}`,
            }),
            text,
          };
        }),
      ),
    toggleTimer: (goalId: string, subGoalId: string | null) =>
      run(async (state, userId) => {
        const key = keyOf(state, goalId, subGoalId);
        const t = targetOf(state, goalId, subGoalId);
        if (!state.timers[key]) {
          const timer = await actions.startTimer(t);
          const text = `Timer started for ${label(state, goalId, subGoalId)}`;
          return {
            next: withUndo({ ...state, timers: { ...state.timers, [key]: timer } }, { type: 'timer', goalId, subGoalId, label: text }),
            text,
          };
        }
        return retryOnCollision(userId, state, goalId, subGoalId, async (s) => {
          const running = s.timers[key];
          if (!running) {
            return { next: s, text: `The timer of ${label(s, goalId, subGoalId)} was stopped in another tab` };
          }
          const episode = livePoints(s.byTarget[key]).reduce((max, p) => Math.max(max, p.trialNo), 0) + 1;
          const point = await actions.stopTimer(t, userId, running.startedAt, episode, pointAt(s, goalId, subGoalId, episode));
          const { [key]: _stopped, ...timers } = s.timers;
          const text = `Duration ${Math.round((point.durationMs ?? 0) / 1000)} s recorded for ${label(s, goalId, subGoalId)}`;
          const undoText = `Duration #${episode} for ${label(s, goalId, subGoalId)}`;
          return {
            next: withUndo(withPoints({ ...s, timers }, [point]), {
              type: 'point',
              goalId,
              subGoalId,
              point,
              before: null,
              label: undoText,
            }),
            text,
          };
        });
      }),
    nextTrial: (goalId: string, subGoalId: string | null) =>
      run(async (s, userId) => {
        const trial = await actions.startNextTrial(targetOf(s, goalId, subGoalId), currentTrial(s, goalId, subGoalId));
        return { next: withTrial(s, trial), text: `Trial ${trial.trialNo} started for ${label(s, goalId, subGoalId)}` };
      }),
    completeTrial: (goalId: string, subGoalId: string | null) =>
      run(async (s, userId) => {
        const trial = await actions.completeTrial(targetOf(s, goalId, subGoalId), currentTrial(s, goalId, subGoalId));
        return { next: withTrial(s, trial), text: `Trial ${trial.trialNo} completed for ${label(s, goalId, subGoalId)}` };
      }),
    undo: () =>
      run(async (s, userId) => {
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
          return retryOnCollision(userId, rest, entry.goalId, entry.subGoalId, async (r) => {
            const point = await actions.changeFrequency(t, userId, frequencyPoint(r.byTarget[key]), -entry.delta);
            return { next: withPoints(r, [point]), text: `Undone: ${entry.label}` };
          });
        }
        const stored = (s.byTarget[key] ?? []).find((p) => p.key === entry.point.key);
        if (!stored || stored.deleted || stored.id !== entry.point.id) {
          return { next: rest, text: 'Nothing left to undo for that tap' };
        }
        // Rewind only when nothing moved the trial since this tap.
        const rewind =
          entry.before && currentTrial(s, entry.goalId, entry.subGoalId).trialNo === entry.point.trialNo + 1
            ? { ...entry.before, trialNo: entry.point.trialNo, status: 'open' as const }
            : null;
        const refusal = `Not undone: ${entry.label} was changed in another tab`;
        return unlessChangedElsewhere(
          userId,
          rest,
          entry.goalId,
          entry.subGoalId,
          async () => {
            await actions.deletePoint(t, stored, rewind);
            const next = withPoints(rest, [{ ...stored, deleted: true }]);
            return { next: rewind ? withTrial(next, rewind) : next, text: `Undone: ${entry.label}` };
          },
          refusal,
        );
      }),
    removePoint: (point: LocalPoint) =>
      run((s, userId) => {
        const what = `${point.kind === 'duration' ? 'episode' : 'trial'} ${point.trialNo} of ${label(s, point.goalId, point.subGoalId)}`;
        return unlessChangedElsewhere(
          userId,
          s,
          point.goalId,
          point.subGoalId,
          async () => {
            await actions.deletePoint(targetOf(s, point.goalId, point.subGoalId), point);
            return { next: withoutUndoFor(withPoints(s, [{ ...point, deleted: true }]), point.key), text: `Deleted ${what}` };
          },
          `Not deleted: ${what} was changed in another tab`,
        );
      }),
    fixPoint: (point: LocalPoint, change: Parameters<typeof actions.correctPoint>[2]) =>
      run((s, userId) => {
        const what = `trial ${point.trialNo} of ${label(s, point.goalId, point.subGoalId)}`;
        return unlessChangedElsewhere(
          userId,
          s,
          point.goalId,
          point.subGoalId,
          async () => {
            const updated = await actions.correctPoint(targetOf(s, point.goalId, point.subGoalId), point, change);
            return { next: withoutUndoFor(withPoints(s, [updated]), point.key), text: `Corrected ${what}` };
          },
          `Not corrected: ${what} was changed in another tab`,
        );
      }),
    focus: (goalId: string | null) =>
      run(async (s, userId) => {
        if (goalId === null) {
          await actions.stopFocus({ id: s.session.id, organization_id: s.session.organization_id });
          return { next: { ...s, focus: null }, text: 'Showing all goals' };
        }
        await actions.startFocus(targetOf(s, goalId, null));
        return { next: { ...s, focus: { goalId, subGoalId: null } }, text: `Focus on ${label(s, goalId, null)}` };
      }),
    start: (shiftToNow: boolean) =>
      run(async (s, userId) => {
        const session = await actions.startSession(s.session, shiftToNow);
        return { next: { ...s, session }, text: 'Session started' };
      }),
    end: (action: EndAction, note: string, overtimeReason: string) =>
      run(async (s, userId) => {
        const session = await actions.endSession(s.session, action, note, overtimeReason);
        return { next: { ...s, session }, text: 'Session ended' };
      }),
  };
}
