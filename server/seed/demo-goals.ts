import type { GoalStatus, MasteryCriterion } from '../../contract/mastery';
import type { DepartmentId, MembershipId, StudentId } from '../lib/ids';
import type { RequestContext } from '../lib/request-context';
import { assignGoal, updateAssignedGoal, type Measurement } from '../features/goals-library';

/** A demo goal, and the edits made to it after it was given (each writes the goal's revisions: a graph's phase lines). */
type GoalSpec = {
  title: string;
  domain: string;
  measurement?: Measurement;
  targets: string[];
  /** A goal that starts in baseline (data before teaching). */
  status?: Extract<GoalStatus, 'baseline'>;
  edit?: { status?: GoalStatus; plannedTrials?: number; masteryCriterion?: MasteryCriterion; promptHierarchy?: string[] };
};

const EIGHTY_OVER_THREE: MasteryCriterion = {
  measure: 'percent_correct',
  comparison: 'at_least',
  threshold: 80,
  sessions: 3,
  min_therapists: 1,
};

// Realistic goal banks per department; each student gets the first 2–3 of their department's bank.
// Most goals are in treatment; the third of each bank (given to one student only) starts in
// baseline (Leo's /s/), is put on hold (Noah's attention) or is marked mastered by hand (Sofia's
// directions), and the first goals gain a mastery criterion or more planned trials after the start.
export const GOALS: Record<string, GoalSpec[]> = {
  'Speech & Language': [
    {
      title: 'Requests preferred items using 2-word phrases',
      domain: 'Communication',
      targets: ['more + item', 'want + item', 'my turn'],
      edit: { masteryCriterion: EIGHTY_OVER_THREE },
    },
    { title: "Answers 'wh-' questions about a short story", domain: 'Communication', targets: ['who', 'what', 'where'] },
    {
      title: 'Produces /s/ in the initial position of words',
      domain: 'Articulation',
      targets: ['word level', 'phrase level'],
      status: 'baseline',
    },
  ],
  'Applied Behavior Analysis': [
    {
      title: 'Imitates gross motor actions on request',
      domain: 'Social play',
      targets: ['clap hands', 'arms up', 'touch head'],
      edit: { plannedTrials: 12 },
    },
    { title: 'Greets peers spontaneously', domain: 'Social play', measurement: 'frequency', targets: ['says "hi"', 'waves'] },
    {
      title: 'Sustains attention to a table-top task',
      domain: 'Learning readiness',
      measurement: 'duration',
      targets: ['seated work', 'independent play'],
      edit: { status: 'on_hold' },
    },
  ],
  'Learning Support': [
    { title: 'Reads CVC words', domain: 'Pre-academics', targets: ['short a words', 'short i words', 'short o words'] },
    {
      title: 'Writes first and last name from a model',
      domain: 'Pre-academics',
      targets: ['first name', 'last name'],
      edit: { promptHierarchy: ['full physical', 'partial physical', 'model', 'independent'] },
    },
    {
      title: 'Follows 2-step classroom directions',
      domain: 'Self-care',
      targets: ['related steps', 'unrelated steps'],
      edit: { status: 'mastered' },
    },
  ],
};

/** Gives the student the department's first `count` goals, then makes the edits the bank names (as the desk would). */
export async function assignDemoGoals(
  ctx: RequestContext,
  placement: { studentId: StudentId; departmentId: DepartmentId; membershipId: MembershipId },
  department: string,
  count: number,
) {
  for (const goal of GOALS[department]!.slice(0, count)) {
    const created = await assignGoal(ctx, {
      ...placement,
      title: goal.title,
      domain: goal.domain,
      measurement: goal.measurement ?? 'discrete',
      plannedTrials: 10,
      subGoals: goal.targets,
      ...(goal.status ? { status: goal.status } : {}),
    });
    if (goal.edit) {
      await updateAssignedGoal(ctx, created.id, goal.edit);
    }
  }
}
