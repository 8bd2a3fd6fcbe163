import { memo, useMemo } from 'react';
import { IconButton } from '../../../shared/ui/icon-button';
import { contractOutline, scanOutline } from 'ionicons/icons';
import type { CachedGoal } from '../../../shared/db/types';
import { currentTrial, keyOf, type CollectorState } from '../collector-state';
import { historyOf, summarize } from '../summary';
import { historySeries, masteryMoment } from '../mastery';
import { DiscreteTarget } from './discrete-target';
import { DurationTarget } from './duration-target';
import { FrequencyTarget } from './frequency-target';
import { GoalSummary } from './goal-summary';
import type { TargetHandlers } from './target-types';

interface Props {
  goal: CachedGoal;
  state: CollectorState;
  canRecord: boolean;
  isFocused: boolean;
  handlers: TargetHandlers;
}

const MEASUREMENT_LABEL = { discrete: 'Discrete trials', frequency: 'Frequency', duration: 'Duration' } as const;

const targetsOf = (goal: CachedGoal): { id: string | null; name: string }[] =>
  goal.sub_goals.length ? goal.sub_goals.map((s) => ({ id: s.id, name: s.title })) : [{ id: null, name: goal.title }];

const STAGE_LABEL = { maintenance: 'Maintenance', upcoming: 'Upcoming', active: undefined } as const;

/** Renders again only when something of this goal changed: a tap on another goal leaves it alone. */
function isSameGoal(a: Props, b: Props): boolean {
  if (a.goal !== b.goal || a.canRecord !== b.canRecord || a.isFocused !== b.isFocused || a.handlers !== b.handlers) {
    return false;
  }
  if (a.state.history !== b.state.history || a.state.session !== b.state.session || a.state.serverPoints !== b.state.serverPoints) {
    return false;
  }
  return targetsOf(a.goal).every((t) => {
    const key = keyOf(a.state, a.goal.goal_id, t.id);
    return (
      a.state.byTarget[key] === b.state.byTarget[key] &&
      a.state.trials[key] === b.state.trials[key] &&
      a.state.timers[key] === b.state.timers[key]
    );
  });
}

/** Its own memoized component: an Ionic button costs a Stencil update each time it renders. */
const FocusButton = memo(function FocusButton({
  goalId,
  title,
  isFocused,
  handlers,
}: {
  goalId: string;
  title: string;
  isFocused: boolean;
  handlers: TargetHandlers;
}) {
  return (
    <IconButton
      icon={isFocused ? contractOutline : scanOutline}
      fill="outline"
      className="goal__focus"
      onClick={() => void handlers.focus(isFocused ? null : goalId)}
      aria-label={isFocused ? 'Show all goals' : `Focus on ${title}`}
    >
      {isFocused ? 'All goals' : 'Focus'}
    </IconButton>
  );
});

/** A goal: its running summary and one row per target (each sub-goal, or the goal itself). */
export const GoalCard = memo(function GoalCard({ goal, state, canRecord, isFocused, handlers }: Props) {
  const targets = targetsOf(goal);
  const lists = targets.map((t) => state.byTarget[keyOf(state, goal.goal_id, t.id)]);
  // A few dozen points per goal: cheaper to recompute than to memoize by hand.
  const summary = summarize(
    goal,
    lists.flatMap((l) => l ?? []),
  );
  const history = useMemo(() => historyOf(goal.goal_id, state.session.id, state.history), [goal.goal_id, state.session.id, state.history]);
  const hasCriterion = goal.mastery_criterion !== null;
  const series = useMemo(
    () => (hasCriterion ? historySeries(goal.goal_id, state.session.id, state.history) : null),
    [hasCriterion, goal.goal_id, state.session.id, state.history],
  );
  // The device guesses only while it holds points of this goal the server's last answer did not.
  const known = state.serverPoints?.[goal.goal_id];
  const guess = () => known === undefined || lists.reduce((n, l) => n + (l?.filter((p) => !p.deleted).length ?? 0), 0) > known;
  // Goals without a criterion (most) skip the rule: a tap on them pays nothing for it.
  const moment = series
    ? masteryMoment(
        goal,
        state.session,
        series,
        targets.map((t, i) => ({ id: t.id, points: lists[i] ?? [] })),
        guess(),
      )
    : null;
  const stageOf = (id: string | null) => {
    const status = id === null ? undefined : (moment?.stages[id] ?? goal.sub_goals.find((s) => s.id === id)?.status);
    return status ? STAGE_LABEL[status] : undefined;
  };
  const titleId = `goal-${goal.goal_id}`;

  return (
    <section className={`goal${isFocused ? ' goal--focused' : ''}`} aria-labelledby={titleId} data-testid="goal">
      <header className="goal__head">
        <div className="goal__title">
          <h2 id={titleId}>{goal.title}</h2>
          <span className="goal__kind">{MEASUREMENT_LABEL[goal.measurement]}</span>
        </div>
        <GoalSummary measurement={goal.measurement} summary={summary} history={history} />
        <FocusButton goalId={goal.goal_id} title={goal.title} isFocused={isFocused} handlers={handlers} />
      </header>
      <p className="goal__mastery" role="status" data-testid="mastery">
        {moment?.text}
      </p>
      <div className="goal__targets">
        {targets.map((t, i) => {
          const common = {
            goalId: goal.goal_id,
            subGoalId: t.id,
            name: t.name,
            stage: stageOf(t.id),
            points: lists[i],
            canRecord,
            handlers,
          };
          if (goal.measurement === 'frequency') {
            return <FrequencyTarget key={t.id ?? 'goal'} {...common} />;
          }
          if (goal.measurement === 'duration') {
            return <DurationTarget key={t.id ?? 'goal'} {...common} timer={state.timers[keyOf(state, goal.goal_id, t.id)]} />;
          }
          const trial = currentTrial(state, goal.goal_id, t.id);
          return (
            <DiscreteTarget
              key={t.id ?? 'goal'}
              {...common}
              trialNo={trial.trialNo}
              isTrialCompleted={trial.status === 'completed'}
              planned={goal.planned_trials}
              promptLevels={goal.prompt_hierarchy}
            />
          );
        })}
      </div>
    </section>
  );
}, isSameGoal);
