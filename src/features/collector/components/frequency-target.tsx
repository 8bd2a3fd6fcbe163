import { memo, useCallback } from 'react';
import { frequencyPoint, keyOf, type CollectorState } from '../collector-state';
import { useLive } from '../live-state';
import type { LocalPoint } from '../../../shared/db/types';
import type { TargetHandlers } from './target-types';

interface Props {
  goalId: string;
  subGoalId: string | null;
  name: string;
  points: LocalPoint[] | undefined;
  canRecord: boolean;
  handlers: TargetHandlers;
}

/** A frequency target: one count per session, with big − and + either side of it. */
export const FrequencyTarget = memo(function FrequencyTarget({ goalId, subGoalId, name, points, canRecord, handlers }: Props) {
  const id = `t-${goalId}-${subGoalId ?? 'goal'}`;
  const select = useCallback((s: CollectorState) => countOf(s.byTarget[keyOf(s, goalId, subGoalId)]), [goalId, subGoalId]);
  // The newest count (it changes in the tap's own task, live-state.ts); `points` follow in a transition.
  const count = useLive(select, countOf(points));
  return (
    <div className="target target--frequency" role="group" aria-labelledby={`${id}-name`}>
      <div className="target__head">
        <h3 id={`${id}-name`} className="target__name">
          {name}
        </h3>
      </div>
      <div className="counter">
        <button
          type="button"
          className="counter__button"
          disabled={!canRecord || count === 0}
          onClick={() => void handlers.count(goalId, subGoalId, -1)}
        >
          −
        </button>
        <output className="counter__value" data-testid="count" aria-live="polite" aria-label={`Count for ${name}`}>
          {count}
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
    </div>
  );
});

function countOf(points: LocalPoint[] | undefined): number {
  const point = frequencyPoint(points);
  return point && !point.deleted ? (point.count ?? 0) : 0;
}
