import type { GoalSummary as Summary } from '../summary';
import { clock } from '../format';
import { Sparkline } from './sparkline';

interface Props {
  measurement: 'discrete' | 'frequency' | 'duration';
  summary: Summary;
  history: { at: string; value: number }[];
}

/** Trials against the plan, percent correct and independent, and the trend over recent sessions. */
export function GoalSummary({ measurement, summary, history }: Props) {
  if (measurement === 'frequency') {
    return (
      <dl className="summary">
        <div>
          <dt>Total</dt>
          <dd data-testid="goal-total">{summary.count}</dd>
        </div>
      </dl>
    );
  }
  if (measurement === 'duration') {
    return (
      <dl className="summary">
        <div>
          <dt>Total time</dt>
          <dd>{clock(summary.durationMs)}</dd>
        </div>
        <div>
          <dt>Episodes</dt>
          <dd>{summary.episodes}</dd>
        </div>
      </dl>
    );
  }
  return (
    <div className="summary-row">
      <dl className="summary" aria-live="polite">
        <div>
          <dt>Trials</dt>
          <dd data-testid="goal-trials">
            {summary.trials}
            <span className="summary__of">/{summary.planned}</span>
          </dd>
        </div>
        <div>
          <dt>Correct</dt>
          <dd data-testid="goal-correct">{summary.percentCorrect === null ? '—' : `${summary.percentCorrect}%`}</dd>
        </div>
        <div>
          <dt>Independent</dt>
          <dd data-testid="goal-independent">{summary.percentIndependent === null ? '—' : `${summary.percentIndependent}%`}</dd>
        </div>
      </dl>
      <div className="trend">
        <span className="trend__label" aria-hidden="true">
          Recent sessions
        </span>
        <Sparkline values={history.map((h) => h.value)} current={summary.percentCorrect} label="Percent correct over recent sessions" />
      </div>
    </div>
  );
}
