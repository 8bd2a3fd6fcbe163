import type { Measurement } from '../features/goals-library';

type GoalSpec = { title: string; measurement?: Measurement; targets: string[] };

// Realistic goal banks per department; each student gets the first 2–3 of their department's bank.
export const GOALS: Record<string, GoalSpec[]> = {
  'Speech & Language': [
    { title: 'Requests preferred items using 2-word phrases', targets: ['more + item', 'want + item', 'my turn'] },
    { title: "Answers 'wh-' questions about a short story", targets: ['who', 'what', 'where'] },
    { title: 'Produces /s/ in the initial position of words', targets: ['word level', 'phrase level'] },
  ],
  'Applied Behavior Analysis': [
    { title: 'Imitates gross motor actions on request', targets: ['clap hands', 'arms up', 'touch head'] },
    { title: 'Greets peers spontaneously', measurement: 'frequency', targets: ['says "hi"', 'waves'] },
    { title: 'Sustains attention to a table-top task', measurement: 'duration', targets: ['seated work', 'independent play'] },
  ],
  'Learning Support': [
    { title: 'Reads CVC words', targets: ['short a words', 'short i words', 'short o words'] },
    { title: 'Writes first and last name from a model', targets: ['first name', 'last name'] },
    { title: 'Follows 2-step classroom directions', targets: ['related steps', 'unrelated steps'] },
  ],
};
