/**
 * What the demo's past sessions recorded, drawn from believable curves: the points of one session
 * for a placement's goals at a point of its weeks (`progress`, 0 at the first session, 1 at the
 * last), and the note the therapist wrote at its end.
 */
import { randomUUID } from 'node:crypto';
import type { upsertPoints } from '../features/collector';

export type PointRow = Parameters<typeof upsertPoints>[2][number];
export type Draw = () => number;

export interface DemoGoal {
  id: string;
  title: string;
  measurement: 'discrete' | 'frequency' | 'duration';
  prompt_hierarchy: string[];
  targets: string[] | null;
}

type Stamp = (minutes: number, seq: number) => { recorded_at: string; device_id: string; device_seq: number };

const smooth = (x: number) => x * x * (3 - 2 * x);
const clamp = (x: number, low: number, high: number) => Math.min(high, Math.max(low, x));

/** The chance of a correct response: most goals rise from their own start toward or past 80 %; articulation stays flat. */
function chanceCorrect(goal: DemoGoal, position: number, progress: number, draw: Draw): number {
  const noise = (draw() - 0.5) * 0.16;
  if (goal.title.includes('/s/')) {
    return clamp(0.48 + noise, 0.2, 0.7);
  }
  // Each goal of a placement starts and levels off at its own height: some are mastered by now, some close.
  const start = 0.25 + 0.1 * (position % 3);
  const end = 0.95 - 0.07 * (position % 3);
  return clamp(start + (end - start) * smooth(progress) + noise, 0.05, 1);
}

/** The prompt given on a prompted trial: the most intrusive early on, fading toward verbal. */
function promptAt(goal: DemoGoal, progress: number, draw: Draw): string {
  const levels = goal.prompt_hierarchy.filter((level) => level !== 'independent');
  const index = Math.floor(progress * (levels.length - 1) + draw() * 1.2);
  return levels[clamp(index, 0, levels.length - 1)]!;
}

function trials(
  goal: DemoGoal,
  target: string | null,
  chance: number,
  count: number,
  ctx: { progress: number; draw: Draw; next: () => ReturnType<ReturnType<typeof stampMaker>> },
): PointRow[] {
  return Array.from({ length: count }, (_, i) => {
    const correct = ctx.draw() < chance;
    const prompted = !correct && ctx.draw() < 0.75;
    return {
      id: randomUUID(),
      goal_id: goal.id,
      sub_goal_id: target,
      trial_no: i + 1,
      kind: 'trial' as const,
      outcome: correct ? ('correct' as const) : prompted ? ('prompted' as const) : ('incorrect' as const),
      prompt_level: prompted ? promptAt(goal, ctx.progress, ctx.draw) : null,
      count: null,
      duration_ms: null,
      ...ctx.next(),
    };
  });
}

/** Stamps a session's points in the order they were tapped, a few minutes apart. */
function stampMaker(stamp: Stamp) {
  let seq = 0;
  return () => {
    seq += 1;
    return stamp(Math.min(43, 2 + seq * 1.5), seq);
  };
}

/** One session's points for the placement's goals. */
export function pointsFor(goals: DemoGoal[], progress: number, draw: Draw, stamp: Stamp): PointRow[] {
  const next = stampMaker(stamp);
  const ctx = { progress, draw, next };
  const points: PointRow[] = [];
  goals.forEach((goal, position) => {
    const [first, second] = goal.targets ?? [];
    const single = { id: randomUUID(), goal_id: goal.id, sub_goal_id: first ?? null, outcome: null, prompt_level: null };
    if (goal.measurement === 'frequency') {
      const count = Math.max(0, Math.round(1 + 6 * smooth(progress) + (draw() - 0.5) * 2));
      points.push({ ...single, trial_no: 1, kind: 'frequency', count, duration_ms: null, ...next() });
    } else if (goal.measurement === 'duration') {
      for (const trialNo of [1, 2]) {
        const minutes = clamp(1.5 + 5 * smooth(progress) + (draw() - 0.5) * 1.5, 0.5, 10);
        points.push({
          ...single,
          id: randomUUID(),
          trial_no: trialNo,
          kind: 'duration',
          count: null,
          duration_ms: Math.round(minutes * 60_000),
          ...next(),
        });
      }
    } else {
      points.push(...trials(goal, first ?? null, chanceCorrect(goal, position, progress, draw), 10, ctx));
      // The next target joins once the first is well on its way, and starts lower.
      if (second && progress > 0.55) {
        points.push(...trials(goal, second, chanceCorrect(goal, position, progress - 0.5, draw), 5, ctx));
      }
    }
  });
  return points;
}

const CLOSINGS = [
  'Engaged and settled throughout.',
  'Needed two short breaks; finished strong.',
  'Parent observed the last ten minutes.',
  'Tired toward the end, so the last activity was shortened.',
  'Generalized to a new set of materials today.',
  'Good eye contact; transitions were smooth.',
];

/** The therapist's end note: the first trials goal's score and the prompts used, and a line on the session. */
export function notesFor(goals: DemoGoal[], points: PointRow[], draw: Draw): string {
  const goal = goals.find((g) => g.measurement === 'discrete');
  const closing = CLOSINGS[Math.floor(draw() * CLOSINGS.length)]!;
  if (!goal) {
    return closing;
  }
  const scored = points.filter((p) => p.goal_id === goal.id && p.kind === 'trial');
  const correct = scored.filter((p) => p.outcome === 'correct').length;
  const prompts = [...new Set(scored.map((p) => p.prompt_level).filter((level): level is string => level !== null))];
  const promptText = prompts.length > 0 ? ` Prompts used: ${prompts.join(', ').replaceAll('_', ' ')}.` : ' No prompts needed.';
  return `${goal.title}: ${correct} of ${scored.length} correct without a prompt.${promptText} ${closing}`;
}
