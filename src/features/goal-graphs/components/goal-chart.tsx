import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { GoalGraph } from '../../../../contract/goal-graphs';
import { calendarDayPart, dayKeyIn } from '../../../shared/ui/time-zones';
import { drawMarkers, drawPhases, phaseGaps, PHASE_LABEL_ROOM } from '../chart-draw';
import { graphLines, mostIntrusivePrompt, phasePositions, promptColours, TARGET_COLOURS, type PercentMeasure } from '../series';

const HEIGHT = 340;

interface ChartProps {
  graph: GoalGraph;
  percent: PercentMeasure;
  zone: string;
  /** Told after each draw whether the points carry their prompt colours (they give way when sessions crowd). */
  onPromptColours?: (shown: boolean) => void;
}

/** The uPlot options and data of a goal's graph: x is the session's place in the series, labelled by its day. */
function chartSetup({ graph, percent, zone, onPromptColours }: ChartProps, element: HTMLElement) {
  const style = getComputedStyle(element);
  const text = style.getPropertyValue('--ion-text-color').trim() || '#222';
  const { lines, scale } = graphLines(graph, percent);
  const { sessions } = graph;
  const days = sessions.map((s) => calendarDayPart(dayKeyIn(s.at, zone), 'monthDay'));
  const phases = phasePositions(graph);
  const colours = promptColours(graph.goal.prompt_hierarchy);
  const prompts = graph.goal.measurement === 'discrete' ? sessions.map((s) => colours.get(mostIntrusivePrompt(s) ?? '') ?? null) : null;
  const mastered = lines.filter((l) => l.masteredAt !== null).map((l, i) => ({ line: lines.indexOf(l), at: l.masteredAt!, row: i }));
  const max = Math.max(0, ...lines.flatMap((l) => l.values.map((v) => v ?? 0)));
  const x = sessions.map((_, i) => i);
  const options: uPlot.Options = {
    width: element.clientWidth || 800,
    height: HEIGHT,
    padding: [PHASE_LABEL_ROOM, 16, 0, 0],
    legend: { show: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: [-0.5, Math.max(sessions.length - 0.5, 0.5)] },
      y: { range: scale.percent ? [0, 100] : [0, max > 0 ? max * 1.15 : 1] },
    },
    axes: [
      {
        stroke: text,
        space: 56,
        incrs: [1, 2, 5, 10, 20, 50, 100, 200],
        values: (_u, ticks) => ticks.map((i) => (Number.isInteger(i) && days[i] ? days[i] : '')),
      },
      { stroke: text, label: scale.valueWords, values: (_u, ticks) => ticks.map((v) => `${+v.toFixed(2)}${scale.percent ? ' %' : ''}`) },
    ],
    series: [
      {},
      ...lines.map((line, i) => {
        const colour = line.isOverall ? text : TARGET_COLOURS[(i - 1) % TARGET_COLOURS.length]!;
        return {
          label: line.label,
          stroke: colour,
          width: line.isOverall ? 2.5 : 1.5,
          spanGaps: false,
          gaps: phaseGaps(phases),
          points: { size: line.isOverall ? 7 : 5, fill: colour, stroke: colour },
        };
      }),
    ],
    hooks: {
      draw: [
        (u: uPlot) => {
          const coloured = drawMarkers(u, { prompts, mastered, text });
          drawPhases(u, phases, text);
          element.dataset.drawn = String(Number(element.dataset.drawn ?? 0) + 1);
          onPromptColours?.(coloured);
        },
      ],
    },
  };
  return { options, data: [x, ...lines.map((l) => l.values)] as uPlot.AlignedData };
}

/**
 * A goal's graph drawn with uPlot (a small canvas chart, loaded with this file only when a graph is
 * shown): a line per target and the goal's own, phase lines where teaching changed, the goal's
 * or a target's mastery marked, and a discrete goal's points coloured by the most intrusive prompt
 * used. The canvas is hidden from screen readers: the table beside it holds the same figures.
 */
export function GoalChart(props: ChartProps) {
  const host = useRef<HTMLDivElement>(null);
  const { graph, percent, zone, onPromptColours } = props;
  useEffect(() => {
    const element = host.current;
    if (!element) {
      return;
    }
    const { options, data } = chartSetup({ graph, percent, zone, onPromptColours }, element);
    const chart = new uPlot(options, data, element);
    const resize = new ResizeObserver(() => {
      if (element.clientWidth > 0 && element.clientWidth !== chart.width) {
        chart.setSize({ width: element.clientWidth, height: HEIGHT });
      }
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [graph, percent, zone, onPromptColours]);
  return <div ref={host} className="goal-chart__canvas" aria-hidden="true" data-testid="goal-chart" />;
}
