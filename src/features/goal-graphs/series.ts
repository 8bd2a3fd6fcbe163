import type { GoalGraph, GraphFigures, GraphSession } from '../../../contract/goal-graphs';

/** What a discrete goal's graph draws: the toggle between % correct and % independent. */
export type PercentMeasure = 'percent_correct' | 'percent_independent';

/** One line of the graph, and a column group of its table. */
export interface GraphLine {
  key: string;
  label: string;
  /** One value per session (null: nothing recorded for it there), in the order of the sessions. */
  values: (number | null)[];
  /** Scored trials per session (discrete), else the spans (duration) or null (frequency). */
  counts: (number | null)[] | null;
  isOverall: boolean;
  /** The session index where this target (or the goal) was mastered, when it is among those shown. */
  masteredAt: number | null;
}

export interface GraphScale {
  unit: string;
  /** Words of the y axis and the table's value columns. */
  valueWords: string;
  countWords: string | null;
  percent: boolean;
}

type Figure = Exclude<keyof GraphFigures, 'trials' | 'correct' | 'prompted' | 'count' | 'episodes'>;

/**
 * Which figure a goal draws. Discrete: the toggle's percentage. Frequency: the rate in the unit of
 * its mastery criterion (per hour or per session), else per minute, so the line reads against the
 * criterion it is held to. Duration: total minutes in the session (the criterion's measure).
 */
export function graphFigure(graph: GoalGraph, percent: PercentMeasure): { figure: Figure | 'count'; scale: GraphScale } {
  const measure = graph.goal.mastery_criterion?.measure;
  switch (graph.goal.measurement) {
    case 'discrete':
      return {
        figure: percent,
        scale: {
          unit: '%',
          valueWords: percent === 'percent_correct' ? '% correct' : '% independent',
          countWords: 'Trials',
          percent: true,
        },
      };
    case 'frequency':
      if (measure === 'count_per_hour') {
        return { figure: 'per_hour', scale: { unit: '/h', valueWords: 'Per hour', countWords: null, percent: false } };
      }
      if (measure === 'count_per_session') {
        return { figure: 'count', scale: { unit: '', valueWords: 'Count', countWords: null, percent: false } };
      }
      return { figure: 'per_minute', scale: { unit: '/min', valueWords: 'Per minute', countWords: null, percent: false } };
    case 'duration':
      return { figure: 'duration_minutes', scale: { unit: 'min', valueWords: 'Minutes', countWords: 'Spans', percent: false } };
  }
}

const indexOf = (sessions: GraphSession[], sessionId: string | null) => {
  const at = sessionId ? sessions.findIndex((s) => s.session_id === sessionId) : -1;
  return at === -1 ? null : at;
};

/**
 * The lines of a goal's graph: the goal's own (all its targets together; "Overall") first, then
 * each target with data in any session shown, in the goal's target order. A goal without targets
 * has the one line.
 */
export function graphLines(graph: GoalGraph, percent: PercentMeasure): { lines: GraphLine[]; scale: GraphScale } {
  const { figure, scale } = graphFigure(graph, percent);
  const { sessions, goal } = graph;
  const pick = (f: GraphFigures | undefined) => f?.[figure] ?? null;
  const countOf = (f: GraphFigures | undefined) =>
    (goal.measurement === 'discrete' ? f?.trials : goal.measurement === 'duration' ? f?.episodes : undefined) ?? null;
  const hasCounts = scale.countWords !== null;
  const overall: GraphLine = {
    key: 'overall',
    label: goal.sub_goals.length > 0 ? 'All targets' : goal.title,
    values: sessions.map((s) => pick(s.overall)),
    counts: hasCounts ? sessions.map((s) => countOf(s.overall)) : null,
    isOverall: true,
    masteredAt: indexOf(sessions, goal.mastered_session_id),
  };
  const targets = goal.sub_goals
    .map((target): GraphLine => {
      const figures = sessions.map((s) => s.targets.find((t) => t.sub_goal_id === target.id));
      return {
        key: target.id,
        label: target.title,
        values: figures.map(pick),
        counts: hasCounts ? figures.map(countOf) : null,
        isOverall: false,
        masteredAt: indexOf(sessions, target.mastered_session_id),
      };
    })
    .filter((line) => line.values.some((v) => v !== null));
  return { lines: [overall, ...targets], scale };
}

/** Where each phase line goes on the x axis: half-way between the session it follows and the next. */
export function phasePositions(graph: GoalGraph): { x: number; label: string }[] {
  return graph.phases.map((p) => ({ x: (indexOf(graph.sessions, p.after_session_id) ?? -1) + 0.5, label: p.label }));
}

/**
 * The most intrusive prompt used in a session (the first of its levels, which come in the
 * hierarchy's order), or null when every scored trial went without one.
 */
export const mostIntrusivePrompt = (s: GraphSession): string | null => s.prompt_levels[0]?.level ?? null;

/** Prompted trials as words: "model ×2, gestural ×1". */
export const promptWords = (s: GraphSession) => s.prompt_levels.map((p) => `${p.level} ×${p.count}`).join(', ');

/** A figure as the table writes it: whole percents, rates and minutes to two decimals at most. */
export function figureText(value: number | null, scale: GraphScale): string {
  if (value === null) {
    return '—';
  }
  const rounded = scale.percent ? Math.round(value) : Math.round(value * 100) / 100;
  return scale.percent ? `${rounded} %` : `${rounded}${scale.unit ? ` ${scale.unit}` : ''}`;
}

/**
 * Colours of the prompt levels, most intrusive (red) to least (green), spread over the goal's
 * hierarchy; "no prompt" is the theme's text colour. Fixed colours: the canvas cannot read CSS
 * variables, and these keep their order on paper too.
 */
const RAMP = ['#b2182b', '#d6604d', '#e08214', '#b8860b', '#7fbc41', '#1b7837'];
export function promptColours(hierarchy: readonly string[]): Map<string, string> {
  const last = Math.max(hierarchy.length - 1, 1);
  return new Map(hierarchy.map((level, i) => [level, RAMP[Math.round((i / last) * (RAMP.length - 1))]!]));
}

/** Line colours: the goal's own line in the text colour, targets in a palette readable by colour-blind readers. */
export const TARGET_COLOURS = ['#0072b2', '#e69f00', '#009e73', '#cc79a7', '#56b4e9', '#d55e00', '#7a5195', '#3b7d23'];
