import type { GoalGraph } from '../../../../contract/goal-graphs';
import { graphLines, promptColours, TARGET_COLOURS, type PercentMeasure } from '../series';

/**
 * What the graph's colours and marks mean: a line per target and the goal's own, the prompt colours
 * of a discrete goal's points (the levels used in the sessions shown, in the hierarchy's order),
 * the phase line and the mastery mark. When sessions crowd, the points lose their prompt colours
 * and the legend says so.
 */
export function GraphLegend({ graph, percent, isColoured }: { graph: GoalGraph; percent: PercentMeasure; isColoured: boolean }) {
  const { lines } = graphLines(graph, percent);
  const colours = promptColours(graph.goal.prompt_hierarchy);
  const used = new Set(graph.sessions.flatMap((s) => s.prompt_levels.map((p) => p.level)));
  const levels = [...colours].filter(([level]) => used.has(level));
  return (
    <figcaption className="goal-graph__legend">
      <ul aria-label="Lines">
        {lines.map((line, i) => (
          <li key={line.key}>
            <span
              className={line.isOverall ? 'goal-graph__swatch goal-graph__swatch--overall' : 'goal-graph__swatch'}
              style={line.isOverall ? undefined : { background: TARGET_COLOURS[(i - 1) % TARGET_COLOURS.length] }}
              aria-hidden="true"
            />
            {line.label}
          </li>
        ))}
        {graph.phases.length > 0 && (
          <li>
            <span className="goal-graph__swatch goal-graph__swatch--phase" aria-hidden="true" />
            Phase change
          </li>
        )}
      </ul>
      {graph.goal.measurement === 'discrete' && !isColoured && (
        <p className="goal-graph__legend-note">Too many sessions to colour each point by its prompt: the table lists the prompts used.</p>
      )}
      {graph.goal.measurement === 'discrete' && isColoured && (
        <ul aria-label="Most intrusive prompt in the session">
          <li className="goal-graph__legend-title">Points: most intrusive prompt</li>
          <li>
            <span className="goal-graph__dot" aria-hidden="true" />
            No prompt
          </li>
          {levels.map(([level, colour]) => (
            <li key={level}>
              <span className="goal-graph__dot" style={{ background: colour }} aria-hidden="true" />
              {level}
            </li>
          ))}
        </ul>
      )}
    </figcaption>
  );
}
