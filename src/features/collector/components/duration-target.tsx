import { memo, useEffect, useState } from 'react';
import type { LocalPoint, LocalTimer } from '../../../shared/db/types';
import { clock } from '../format';
import { PointsList } from './points-list';
import type { TargetHandlers } from './target-types';
import { TargetFrame } from './target-frame';

interface Props {
  goalId: string;
  subGoalId: string | null;
  name: string;
  stage?: string | undefined;
  points: LocalPoint[] | undefined;
  timer: LocalTimer | undefined;
  canRecord: boolean;
  handlers: TargetHandlers;
}

/** Ticks only while a timer runs, and only this small element renders each second. */
function Elapsed({ startedAt }: { startedAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className="timer__elapsed" data-testid="timer-elapsed" role="timer" aria-live="off">
      {clock(now - startedAt)}
    </span>
  );
}

/** A duration target: a start/stop timer whose start is kept on the device (survives a reload). */
export const DurationTarget = memo(function DurationTarget({ goalId, subGoalId, name, stage, points, timer, canRecord, handlers }: Props) {
  const live = (points ?? []).filter((p) => !p.deleted);
  const total = live.reduce((sum, p) => sum + (p.durationMs ?? 0), 0);
  return (
    <TargetFrame
      goalId={goalId}
      subGoalId={subGoalId}
      name={name}
      stage={stage}
      kind="duration"
      figure={
        <>
          <span className="trial__label">Total</span> <span className="trial__no">{clock(total)}</span>
          <span className="trial__planned">
            {' '}
            in {live.length} episode{live.length === 1 ? '' : 's'}
          </span>
        </>
      }
    >
      <div className="timer">
        <button
          type="button"
          className={`timer__button${timer ? ' timer__button--running' : ''}`}
          disabled={!canRecord}
          onClick={() => void handlers.toggleTimer(goalId, subGoalId)}
        >
          {timer ? 'Stop timer' : 'Start timer'}
        </button>
        {timer ? <Elapsed startedAt={timer.startedAt} /> : <span className="timer__elapsed timer__elapsed--idle">{clock(0)}</span>}
      </div>
      <PointsList points={points} promptLevels={[]} targetName={name} handlers={handlers} />
    </TargetFrame>
  );
});
