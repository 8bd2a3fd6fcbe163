import { useDeferredValue, useState } from 'react';
import { IonButton, IonContent } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { GoalGraph } from '../../../../contract/goal-graphs';
import { type GoalStatus } from '../../../../contract/mastery';
import { describeCriterion } from '../../../../contract/mastery-measures';
import { PageHeader } from '../../../shared/ui/page-header';
import { QueryWaiting } from '../../../shared/ui/page-states';
import { ChoiceGroup } from '../../../shared/ui/choice-group';
import { useOrgZone } from '../../../shared/ui/org-zone';
import { formatOrgMoment } from '../../../shared/ui/time-zones';
import { studentPath } from '../../../shared/routing/student-links';
import '../../../shared/admin/admin-tabs.css';
import '../goal-graphs.css';
import { GoalChart } from '../components/goal-chart';
import { GraphTable } from '../components/graph-table';
import { GraphLegend } from '../components/graph-legend';
import { goalGraphQueries } from '../queries';
import { GOAL_GRAPHS_ERROR_TEXT } from '../error-text';
import type { PercentMeasure } from '../series';

// uPlot comes with this screen's chunk, loaded when the screen is first opened (as the dashboards'
// chart does): a chunk of its own, asked for beside the graph's call, arrived after the answer on a
// busy server and cost the graph its first frames.

const STATUS_WORDS: Record<GoalStatus, string> = {
  baseline: 'Baseline',
  in_treatment: 'In treatment',
  mastered: 'Mastered',
  on_hold: 'On hold',
  discontinued: 'Discontinued',
};
const MEASUREMENT_WORDS = { discrete: 'Scored trials', frequency: 'Frequency (a count)', duration: 'Duration (timed)' } as const;

/** Who, how it is measured, where it stands and what it is held to: the lines a printed graph needs too. */
function GoalFacts({ graph, zone }: { graph: GoalGraph; zone: string }) {
  const { goal, student } = graph;
  const criterion = goal.mastery_criterion ? describeCriterion(goal.mastery_criterion) : 'No mastery criterion set';
  return (
    <dl className="goal-graph__facts">
      <div>
        <dt>Student</dt>
        <dd>
          {student.first_name} {student.last_name}
        </dd>
      </div>
      <div>
        <dt>Measured as</dt>
        <dd>{MEASUREMENT_WORDS[goal.measurement]}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>
          {STATUS_WORDS[goal.status]}
          {goal.mastered_at && ` on ${formatOrgMoment(goal.mastered_at, zone, false)}`}
        </dd>
      </div>
      <div>
        <dt>Mastery criterion</dt>
        <dd>{criterion}</dd>
      </div>
    </dl>
  );
}

/** The graph with its legend and table, or a sentence when nothing was recorded yet. */
function GraphBody({ graph, zone }: { graph: GoalGraph; zone: string }) {
  const measure = graph.goal.mastery_criterion?.measure;
  const [percent, setPercent] = useState<PercentMeasure>(measure === 'percent_independent' ? 'percent_independent' : 'percent_correct');
  // The table (hundreds of rows with a year of sessions) renders just after the graph is drawn, not before it.
  const tableGraph = useDeferredValue<GoalGraph | null>(graph, null);
  const [isColoured, setIsColoured] = useState(true);
  if (graph.sessions.length === 0) {
    return (
      <p className="goal-graph__empty">No data has been recorded for this goal yet: its graph appears after its first session with data.</p>
    );
  }
  return (
    <>
      {graph.goal.measurement === 'discrete' && (
        <div className="goal-graph__tools no-print">
          <ChoiceGroup
            legend="Show"
            isInline
            value={percent}
            onChange={(value) => setPercent(value as PercentMeasure)}
            options={[
              { value: 'percent_correct', label: '% correct' },
              { value: 'percent_independent', label: '% independent' },
            ]}
          />
        </div>
      )}
      <figure className="goal-graph__figure">
        <GoalChart graph={graph} percent={percent} zone={zone} onPromptColours={setIsColoured} />
        <GraphLegend graph={graph} percent={percent} isColoured={isColoured} />
      </figure>
      {tableGraph && <GraphTable graph={tableGraph} percent={percent} zone={zone} />}
    </>
  );
}

/**
 * A goal's graph, opened from the student's page: the goal's facts, its per-session results drawn
 * with its phase lines, the same figures as a table, and a print view (the page prints without the
 * app's menus and buttons).
 */
export function GoalGraphPage({ organizationId, studentId, goalId }: { organizationId: string; studentId: string; goalId: string }) {
  const zone = useOrgZone();
  const query = useQuery(goalGraphQueries.graph(organizationId, goalId));
  const graph = query.data;
  const name = graph ? `${graph.student.first_name} ${graph.student.last_name}` : 'the student';
  return (
    <>
      <PageHeader title={graph ? graph.goal.title : 'Goal graph'} />
      <IonContent>
        <div className="page page--wide goal-graph">
          <Link className="admin-detail__back no-print" to={studentPath(studentId)}>
            ‹ Back to {name}
          </Link>
          {!graph ? (
            <QueryWaiting query={query} label="Loading the graph…" errorText={GOAL_GRAPHS_ERROR_TEXT.fetchGraph} />
          ) : (
            <>
              <div className="admin-detail__header">
                <h2 className="admin-detail__title">{graph.goal.title}</h2>
                {graph.sessions.length > 0 && (
                  <IonButton className="no-print" fill="outline" onClick={() => window.print()}>
                    Print
                  </IonButton>
                )}
              </div>
              <GoalFacts graph={graph} zone={zone} />
              <GraphBody graph={graph} zone={zone} />
            </>
          )}
        </div>
      </IonContent>
    </>
  );
}
