import { memo, useCallback } from 'react';
import { currentTrial, type CollectorState } from '../collector-state';
import type { Outcome } from '../../../../contract/collector';
import type { LocalPoint } from '../../../shared/db/types';
import type { TargetHandlers } from './target-types';
import { LiveText } from './live-text';
import { PointsList } from './points-list';
import { ScoreButtons } from './score-buttons';
import { TargetFrame } from './target-frame';

interface Props {
  goalId: string;
  subGoalId: string | null;
  name: string;
  stage?: string | undefined;
  points: LocalPoint[] | undefined;
  /** Primitives, not the trial row, so the row stays memoized when another target is tapped. */
  trialNo: number;
  isTrialCompleted: boolean;
  planned: number;
  promptLevels: string[];
  canRecord: boolean;
  handlers: TargetHandlers;
}

/** One target measured in discrete trials: the trial counter, the outcome buttons, the trial steps. */
export const DiscreteTarget = memo(function DiscreteTarget({
  goalId,
  subGoalId,
  name,
  stage,
  points,
  trialNo,
  isTrialCompleted,
  planned,
  promptLevels,
  canRecord,
  handlers,
}: Props) {
  // Stable, so the score buttons don't render again with every tap of their target.
  const onScore = useCallback(
    (outcome: Outcome, level: string | null) => void handlers.score(goalId, subGoalId, outcome, level),
    [handlers, goalId, subGoalId],
  );
  return (
    <TargetFrame
      goalId={goalId}
      subGoalId={subGoalId}
      name={name}
      stage={stage}
      figure={
        <>
          <span className="trial__label">Trial</span>{' '}
          <output className="trial__no" data-testid="trial-no" aria-live="polite" aria-atomic="true">
            <TrialNumber goalId={goalId} subGoalId={subGoalId} fallback={trialNo} />
          </output>
          {planned > 0 && <span className="trial__planned"> of {planned}</span>}
          {isTrialCompleted && <span className="trial__done"> · completed</span>}
        </>
      }
    >
      <ScoreButtons promptLevels={promptLevels} disabled={!canRecord} onScore={onScore} />
      {/* Native buttons: this row renders on every tap of its target, and Ionic's wrapper costs more. */}
      <div className="target__steps">
        <button type="button" className="step-button" disabled={!canRecord} onClick={() => void handlers.nextTrial(goalId, subGoalId)}>
          Next trial
        </button>
        <button
          type="button"
          className="step-button"
          disabled={!canRecord || isTrialCompleted}
          onClick={() => void handlers.completeTrial(goalId, subGoalId)}
        >
          Complete trial
        </button>
      </div>
      <PointsList points={points} promptLevels={promptLevels} targetName={name} handlers={handlers} />
    </TargetFrame>
  );
});

/** The current trial, from the newest state: it changes in the tap's own task (live-text.tsx). */
function TrialNumber({ goalId, subGoalId, fallback }: { goalId: string; subGoalId: string | null; fallback: number }) {
  const select = useCallback((s: CollectorState) => currentTrial(s, goalId, subGoalId).trialNo, [goalId, subGoalId]);
  return <LiveText select={select} fallback={fallback} />;
}
