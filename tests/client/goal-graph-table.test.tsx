/**
 * A goal's graph as a table (src/features/goal-graphs/components/graph-table.tsx): what a screen
 * reader reads instead of the canvas, from a graph answer written by hand:
 *   goal "Imitates actions", targets red (mastered in S2) and blue; times in New York.
 *   S1 Mar 2 2031 14:00 UTC (9:00 AM EST), Jordan: overall 4 trials 50 % correct; red 2 trials 100 %; blue 2 trials 0 %; model ×1
 *   phase "Prompting: model removed" after S1, by Grace Whitfield
 *   S2 Mar 4 2031 14:00 UTC, Maya: overall 2 trials 100 %; red only (blue has no row there); no prompts
 * And which figure a frequency goal draws: its criterion's per hour, else per minute.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { GoalGraph, type GraphFigures } from '../../contract/goal-graphs';
import { GraphTable } from '../../src/features/goal-graphs/components/graph-table';
import { graphFigure } from '../../src/features/goal-graphs/series';
import { renderAdmin, type Rendered } from '../helpers/render-admin';

const id = (n: number) => `0190f5a2-7c1e-7000-8000-${String(n).padStart(12, '0')}`;
const figures = (trials: number, correct: number, percent: number | null): GraphFigures => ({
  trials,
  correct,
  prompted: 0,
  percent_correct: percent,
  percent_independent: percent,
  count: 0,
  per_minute: null,
  per_hour: null,
  duration_minutes: null,
  mean_minutes: null,
  episodes: 0,
});
const [RED, BLUE, S1, S2] = [id(1), id(2), id(3), id(4)];

const graph = GoalGraph.parse({
  goal: {
    goal_id: id(5),
    title: 'Imitates actions',
    description: '',
    domain: '',
    status: 'in_treatment',
    measurement: 'discrete',
    planned_trials: 10,
    prompt_hierarchy: ['full physical', 'model', 'independent'],
    targets_in_sequence: false,
    mastery_criterion: null,
    mastered_at: null,
    mastered_session_id: null,
    sub_goals: [
      { id: RED, title: 'red', position: 0, status: 'maintenance', mastered_at: '2031-03-04T15:00:00.000Z', mastered_session_id: S2 },
      { id: BLUE, title: 'blue', position: 1, status: 'active', mastered_at: null, mastered_session_id: null },
    ],
  },
  student: { id: id(6), first_name: 'Ava', last_name: 'Lee' },
  time_zone: 'America/New_York',
  sessions: [
    {
      session_id: S1,
      at: '2031-03-02T14:00:00.000Z',
      therapist: { id: id(7), name: 'Jordan Reyes' },
      minutes: 45,
      overall: figures(4, 2, 50),
      targets: [
        { sub_goal_id: RED, ...figures(2, 2, 100) },
        { sub_goal_id: BLUE, ...figures(2, 0, 0) },
      ],
      prompt_levels: [{ level: 'model', count: 1 }],
    },
    {
      session_id: S2,
      at: '2031-03-04T14:00:00.000Z',
      therapist: { id: id(8), name: 'Maya Chen' },
      minutes: 45,
      overall: figures(2, 2, 100),
      targets: [{ sub_goal_id: RED, ...figures(2, 2, 100) }],
      prompt_levels: [],
    },
  ],
  phases: [
    {
      id: id(9),
      changed_at: '2031-03-03T10:00:00.000Z',
      kinds: ['prompting'],
      label: 'Prompting: model removed',
      changed_by: { id: id(10), name: 'Grace Whitfield' },
      session_id: null,
      after_session_id: S1,
    },
  ],
});

let rendered: Rendered | undefined;
afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
});

const cells = (row: Element) => [...row.children].map((c) => c.textContent?.trim());

describe("a goal's graph table", () => {
  it('has a caption, a header per line, and a row per session with the phase row between the sessions it falls between', async () => {
    rendered = await renderAdmin(<GraphTable graph={graph} percent="percent_correct" zone="America/New_York" />);
    const table = rendered.container.querySelector('table')!;
    expect(table.querySelector('caption')?.textContent).toBe('Imitates actions: % correct per session, 2 sessions, with phase changes');
    expect(cells(table.querySelector('thead tr')!)).toEqual([
      'Date',
      'Therapist',
      'All targets: % correct',
      'All targets: Trials',
      'red: % correct',
      'red: Trials',
      'blue: % correct',
      'blue: Trials',
      'Prompts used',
      'Mastered',
    ]);
    const rows = [...table.querySelectorAll('tbody tr')];
    expect(rows).toHaveLength(3);
    expect(cells(rows[0]!).slice(1)).toEqual(['Jordan Reyes', '50 %', '4', '100 %', '2', '0 %', '2', 'model ×1', '']);
    expect(rows[0]!.querySelector('th[scope="row"]')?.textContent).toMatch(/Mar 2, 2031/);
    expect(rows[1]!.textContent).toMatch(/^Phase change: Prompting: model removed \(Mar 3, 2031.*by Grace Whitfield\)$/);
    expect(rows[1]!.querySelector('th')?.getAttribute('colspan')).toBe('10');
    // Blue has nothing in the second session: a dash, not a zero; red was mastered there.
    expect(cells(rows[2]!).slice(1)).toEqual(['Maya Chen', '100 %', '2', '100 %', '2', '—', '—', 'None', 'red']);
  });

  it('draws a frequency goal per hour when its criterion counts per hour, else per minute', () => {
    const frequency = { ...graph, goal: { ...graph.goal, measurement: 'frequency' as const } };
    expect(graphFigure(frequency, 'percent_correct').figure).toBe('per_minute');
    const perHour = {
      ...frequency,
      goal: {
        ...frequency.goal,
        mastery_criterion: {
          measure: 'count_per_hour' as const,
          comparison: 'at_most' as const,
          threshold: 2,
          sessions: 5,
          min_therapists: 1,
        },
      },
    };
    expect(graphFigure(perHour, 'percent_correct')).toMatchObject({ figure: 'per_hour', scale: { valueWords: 'Per hour' } });
  });
});
