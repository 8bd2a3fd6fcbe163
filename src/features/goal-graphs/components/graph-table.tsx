import { Fragment } from 'react';
import type { GoalGraph, GraphPhase } from '../../../../contract/goal-graphs';
import { browserTimeZone, formatOrgMoment } from '../../../shared/ui/time-zones';
import { figureText, graphLines, promptWords, type GraphLine, type PercentMeasure } from '../series';

interface TableProps {
  graph: GoalGraph;
  percent: PercentMeasure;
  zone: string;
}

/** A phase change as a row of its own between the sessions it falls between. */
function PhaseRow({ phase, span, zone, device }: { phase: GraphPhase; span: number; zone: string; device: string }) {
  const by = phase.changed_by ? `, by ${phase.changed_by.name}` : phase.session_id ? ', by the mastery rule' : '';
  return (
    <tr className="goal-table__phase" data-phase-id={phase.id}>
      <th scope="row" colSpan={span}>
        Phase change: {phase.label}
        <span className="goal-table__when">
          {' '}
          ({formatOrgMoment(phase.changed_at, zone, true, device)}
          {by})
        </span>
      </th>
    </tr>
  );
}

const masteredHere = (lines: GraphLine[], index: number) =>
  lines
    .filter((l) => l.masteredAt === index)
    .map((l) => l.label)
    .join(', ');

/**
 * The graph's figures as a table: a row per session (its day and time on the organization's clock,
 * its therapist, each line's figure and count, the prompts used, a mastery met there), and a row
 * for each phase change where it falls. Screen readers read this instead of the canvas; it prints
 * under the graph.
 */
export function GraphTable({ graph, percent, zone }: TableProps) {
  const { lines, scale } = graphLines(graph, percent);
  const isDiscrete = graph.goal.measurement === 'discrete';
  const span = 3 + lines.length * (scale.countWords ? 2 : 1) + (isDiscrete ? 1 : 0);
  const phasesAfter = (sessionId: string | null) => graph.phases.filter((p) => p.after_session_id === sessionId);
  // Asked once: the device's zone is read by building a formatter, which 500 rows would do 500 times.
  const device = browserTimeZone();
  return (
    <div className="goal-table__scroll">
      <table className="goal-table">
        <caption>
          {graph.goal.title}: {scale.valueWords.toLowerCase()} per session, {graph.sessions.length} sessions, with phase changes
        </caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Therapist</th>
            {lines.map((line) => (
              <Fragment key={line.key}>
                <th scope="col">
                  {line.label}: {scale.valueWords}
                </th>
                {scale.countWords && (
                  <th scope="col">
                    {line.label}: {scale.countWords}
                  </th>
                )}
              </Fragment>
            ))}
            {isDiscrete && <th scope="col">Prompts used</th>}
            <th scope="col">Mastered</th>
          </tr>
        </thead>
        <tbody>
          {phasesAfter(null).map((p) => (
            <PhaseRow key={p.id} phase={p} span={span} zone={zone} device={device} />
          ))}
          {graph.sessions.map((s, i) => (
            <Fragment key={s.session_id}>
              <tr data-session-id={s.session_id}>
                <th scope="row">{formatOrgMoment(s.at, zone, true, device)}</th>
                <td>{s.therapist.name}</td>
                {lines.map((line) => (
                  <Fragment key={line.key}>
                    <td>{figureText(line.values[i] ?? null, scale)}</td>
                    {line.counts && <td>{line.counts[i] ?? '—'}</td>}
                  </Fragment>
                ))}
                {isDiscrete && <td>{promptWords(s) || 'None'}</td>}
                <td>{masteredHere(lines, i)}</td>
              </tr>
              {phasesAfter(s.session_id).map((p) => (
                <PhaseRow key={p.id} phase={p} span={span} zone={zone} device={device} />
              ))}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
