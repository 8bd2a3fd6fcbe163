import { memo, useCallback, useContext } from 'react';
import { TrialNotesContext } from '../use-session-conflicts';
import { frequencyPoint, keyOf, type CollectorState } from '../collector-state';
import { useLive } from '../live-state';
import type { LocalPoint } from '../../../shared/db/types';
import type { TargetHandlers } from './target-types';
import { LiveText } from './live-text';
import { TargetFrame } from './target-frame';

interface Props {
  goalId: string;
  subGoalId: string | null;
  name: string;
  stage?: string | undefined;
  points: LocalPoint[] | undefined;
  canRecord: boolean;
  handlers: TargetHandlers;
}

/** A frequency target: one count per session, with big − and + either side of it. */
export const FrequencyTarget = memo(function FrequencyTarget({ goalId, subGoalId, name, stage, points, canRecord, handlers }: Props) {
  const select = useCallback((s: CollectorState) => countOf(s.byTarget[keyOf(s, goalId, subGoalId)]), [goalId, subGoalId]);
  const isZero = useCallback((s: CollectorState) => select(s) === 0, [select]);
  // The newest count is written in the tap's own task (live-text.tsx); whether "−" can be tapped
  // renders in that task too, but only when the count reaches or leaves 0; `points` follow in a transition.
  const fallback = countOf(points);
  const isEmpty = useLive(isZero, fallback === 0);
  // Counted on another device too: the count shown is one device's total, which the note says.
  const notes = useContext(TrialNotesContext);
  const point = frequencyPoint(points);
  const note = point ? notes.get(point.key) : undefined;
  return (
    <TargetFrame goalId={goalId} subGoalId={subGoalId} name={name} stage={stage} kind="frequency">
      <div className="counter">
        <button
          type="button"
          className="counter__button"
          disabled={!canRecord || isEmpty}
          onClick={() => void handlers.count(goalId, subGoalId, -1)}
        >
          −
        </button>
        <output className="counter__value" data-testid="count" aria-live="polite" aria-label={`Count for ${name}`}>
          <LiveText select={select} fallback={fallback} />
        </output>
        <button
          type="button"
          className="counter__button counter__button--plus"
          disabled={!canRecord}
          onClick={() => void handlers.count(goalId, subGoalId, 1)}
        >
          +
        </button>
      </div>
      {note && (
        <p className={note.isMineReplaced ? 'points__note points__note--replaced' : 'points__note'} data-testid="count-conflict">
          {note.text} <a href="#session-conflicts">Why one count, not the sum</a>
        </p>
      )}
    </TargetFrame>
  );
});

function countOf(points: LocalPoint[] | undefined): number {
  const point = frequencyPoint(points);
  return point && !point.deleted ? (point.count ?? 0) : 0;
}
