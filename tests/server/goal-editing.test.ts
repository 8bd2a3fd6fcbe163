/**
 * Editing a goal on the student's page: domain, status, targets in sequence, prompting, planned trials
 * and a mastery criterion; targets renamed, moved and set to a status; each teaching change written as
 * one goal revision with its label, in the call's transaction; status moves allowed and refused with
 * their sentences; bad input answers 400 and writes nothing.
 */
import { and, asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { goalRevisions } from '../../server/db/schema/goals';
import { snapshot } from '../helpers/db';
import { call, describeServer, newKey, stamp, trialPoint, useCollectorWorld } from '../helpers/collector-fixtures';

const { t, w } = useCollectorWorld();
const json = (res: LightMyRequestResponse) => res.json() as Record<string, any>;
const goalsAt = () => `/api/theragoals/organization/${w.org.id}/assigned-goals`;

const newGoal = async (extra: object = {}) => {
  const res = await call(t, w.org.owner, 'POST', `${goalsAt()}/`, {
    body: {
      student_id: w.placement.studentId,
      department_id: w.placement.departmentId,
      title: 'Names colours',
      sub_goals: ['red', 'blue', 'green'],
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return json(res);
};
const patch = (goalId: string, body: object) => call(t, w.org.owner, 'PATCH', `${goalsAt()}/${goalId}/`, { body });
const patchTarget = (goalId: string, targetId: string, body: object) =>
  call(t, w.org.owner, 'PATCH', `${goalsAt()}/${goalId}/sub-goals/${targetId}/`, { body });
const revisionsOf = (goalId: string) =>
  t.database.db
    .select({ kinds: goalRevisions.kinds, label: goalRevisions.label, changes: goalRevisions.changes, by: goalRevisions.changedBy })
    .from(goalRevisions)
    .where(and(eq(goalRevisions.organizationId, w.org.id), eq(goalRevisions.goalId, goalId)))
    .orderBy(asc(goalRevisions.changedAt), asc(goalRevisions.id));

describeServer('editing a goal', () => {
  it('creates a goal with its domain, status, sequence and criterion; a goal taught in sequence starts at its first target', async () => {
    const criterion = { measure: 'percent_correct', comparison: 'at_least', threshold: 80, sessions: 3, min_therapists: 1 };
    const goal = await newGoal({ domain: ' Communication ', status: 'baseline', targets_in_sequence: true, mastery_criterion: criterion });
    expect(goal).toMatchObject({ domain: 'Communication', status: 'baseline', targets_in_sequence: true, mastery_criterion: criterion });
    expect(goal.sub_goals.map((s: { status: string }) => s.status)).toEqual(['active', 'upcoming', 'upcoming']);
    // A goal's start is where its graph begins, not a change of teaching.
    expect(await revisionsOf(goal.goal_id)).toEqual([]);
  });

  it('writes one revision per teaching change, labelled, by the caller; a title or domain alone writes none', async () => {
    const goal = await newGoal();
    expect((await patch(goal.goal_id, { title: 'Colours', domain: 'Pre-academics' })).statusCode).toBe(200);
    expect(await revisionsOf(goal.goal_id)).toEqual([]);
    expect((await patch(goal.goal_id, { planned_trials: 12 })).statusCode).toBe(200);
    expect((await patch(goal.goal_id, { prompt_hierarchy: ['physical', 'model', 'independent'] })).statusCode).toBe(200);
    const criterion = { measure: 'percent_correct', comparison: 'at_least', threshold: 80, sessions: 3, min_therapists: 1 };
    const withCriterion = await patch(goal.goal_id, { mastery_criterion: criterion });
    expect(json(withCriterion).mastery_criterion).toEqual(criterion);
    expect((await patch(goal.goal_id, { status: 'on_hold', targets_in_sequence: true })).statusCode).toBe(200);
    expect((await patch(goal.goal_id, { mastery_criterion: null })).statusCode).toBe(200);
    const revisions = await revisionsOf(goal.goal_id);
    expect(revisions.map((r) => [r.kinds, r.label])).toEqual([
      [['planned_trials'], 'Planned trials 10 → 12'],
      [['prompting'], 'Prompting changed'],
      [['criterion'], 'Criterion: At least 80 % correct over 3 consecutive sessions'],
      [['targets', 'status'], 'Targets taught in sequence; On hold'],
      [['criterion'], 'Criterion removed'],
    ]);
    expect(revisions[0]!.changes).toEqual({ planned_trials: [10, 12] });
    expect(revisions[3]!.changes).toEqual({ targets_in_sequence: [false, true], status: ['in_treatment', 'on_hold'] });
    expect(new Set(revisions.map((r) => r.by))).toEqual(new Set([w.org.owner.userId]));
  });

  it('allows the status moves and refuses the others with a sentence; mastered by hand sets when, and leaving clears it', async () => {
    const goal = await newGoal({ status: 'baseline' });
    const moves: [string, number, string?][] = [
      ['in_treatment', 200],
      ['baseline', 409, 'Only a new goal starts in baseline: once teaching has started, a goal does not go back to it.'],
      ['mastered', 200],
      ['mastered', 200],
      ['in_treatment', 200],
      ['discontinued', 200],
      ['on_hold', 409, 'A goal that is discontinued cannot be set to on hold.'],
      ['mastered', 409, 'A goal that is discontinued cannot be set to mastered.'],
      ['in_treatment', 200],
    ];
    for (const [status, code, sentence] of moves) {
      const res = await patch(goal.goal_id, { status });
      expect(res.statusCode, `${status}: ${res.body}`).toBe(code);
      if (sentence) {
        expect(json(res).detail).toBe(sentence);
      }
      if (status === 'mastered' && code === 200) {
        expect(json(res).mastered_at).not.toBeNull();
        expect(json(res).mastered_session_id).toBeNull();
      }
    }
    const final = json(await patch(goal.goal_id, { title: 'Names colours again' }));
    expect(final).toMatchObject({ status: 'in_treatment', mastered_at: null });
    expect((await revisionsOf(goal.goal_id)).map((r) => r.label)).toEqual([
      'In treatment',
      'Mastered (marked by hand)',
      'In treatment',
      'Discontinued',
      'In treatment',
    ]);
    expect((await call(t, w.org.owner, 'POST', `${goalsAt()}/`, { body: { ...goalBase(), status: 'mastered' } })).statusCode).toBe(400);
  });

  it('renames, moves and sets a target by hand, each a targets revision; add and remove are revisions too', async () => {
    const goal = await newGoal();
    const [red, blue, green] = goal.sub_goals.map((s: { id: string }) => s.id) as [string, string, string];
    const renamed = await patchTarget(goal.goal_id, blue, { title: 'navy' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const moved = json(await patchTarget(goal.goal_id, green, { position: 0 }));
    expect(moved.sub_goals.map((s: { title: string; position: number }) => [s.title, s.position])).toEqual([
      ['green', 0],
      ['red', 1],
      ['navy', 2],
    ]);
    const kept = json(await patchTarget(goal.goal_id, red, { status: 'maintenance' }));
    expect(kept.sub_goals.find((s: { id: string }) => s.id === red)).toMatchObject({ status: 'maintenance', mastered_session_id: null });
    expect(kept.sub_goals.find((s: { id: string }) => s.id === red).mastered_at).not.toBeNull();
    expect((await patchTarget(goal.goal_id, red, { title: 'GREEN' })).statusCode).toBe(400);
    expect((await call(t, w.org.owner, 'POST', `${goalsAt()}/${goal.goal_id}/sub-goals/`, { body: { title: 'pink' } })).statusCode).toBe(
      201,
    );
    expect((await call(t, w.org.owner, 'DELETE', `${goalsAt()}/${goal.goal_id}/sub-goals/${red}/`)).statusCode).toBe(200);
    expect((await revisionsOf(goal.goal_id)).map((r) => [r.kinds, r.label])).toEqual([
      [['targets'], 'Target "blue" renamed "navy"'],
      [['targets'], 'Target "green" moved to place 1'],
      [['targets'], 'Target "red" in maintenance'],
      [['targets'], 'Target "pink" added'],
      [['targets'], 'Target "red" removed'],
    ]);
    // Another goal's target under this goal's address is not found.
    const other = await newGoal();
    expect((await patchTarget(goal.goal_id, other.sub_goals[0].id, { title: 'x' })).statusCode).toBe(404);
  });

  it('refuses bad input with 400 on its field and writes nothing', async () => {
    const goal = await newGoal();
    const frequency = w.placement.goals.frequency.id;
    const before = await snapshot(t.database);
    const refused: [string, object, string][] = [
      [goal.goal_id, { status: 'finished' }, 'status'],
      [goal.goal_id, { domain: 'x'.repeat(61) }, 'domain'],
      [goal.goal_id, { prompt_hierarchy: [] }, 'prompt_hierarchy'],
      [
        goal.goal_id,
        { mastery_criterion: { measure: 'percent_correct', comparison: 'at_least', threshold: 120, sessions: 3 } },
        'mastery_criterion',
      ],
      [
        goal.goal_id,
        { mastery_criterion: { measure: 'count_per_hour', comparison: 'at_most', threshold: 2, sessions: 5 } },
        'mastery_criterion',
      ],
      [
        frequency,
        { mastery_criterion: { measure: 'percent_correct', comparison: 'at_least', threshold: 80, sessions: 3 } },
        'mastery_criterion',
      ],
      [goal.goal_id, { targets_in_sequence: 'yes' }, 'targets_in_sequence'],
      [
        goal.goal_id,
        { mastery_criterion: { measure: 'percent_correct', comparison: 'at_least', threshold: 80.5, sessions: 3 } },
        'mastery_criterion',
      ],
    ];
    for (const [goalId, body, field] of refused) {
      const res = await patch(goalId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(
        Object.keys(json(res).errors ?? {}).some((k) => k.startsWith(field)),
        res.body,
      ).toBe(true);
    }
    expect((await patchTarget(goal.goal_id, goal.sub_goals[0].id, { position: -1 })).statusCode).toBe(400);
    expect((await patchTarget(goal.goal_id, goal.sub_goals[0].id, { status: 'done' })).statusCode).toBe(400);
    expect(await snapshot(t.database)).toEqual(before);
    // A frequency goal takes a count criterion.
    const counted = await patch(frequency, {
      mastery_criterion: { measure: 'count_per_hour', comparison: 'at_most', threshold: 2, sessions: 5 },
    });
    expect(counted.statusCode, counted.body).toBe(200);
  });

  it('keeps a goal with data: deleting it says to discontinue it, and retiring it (discontinued) keeps its data', async () => {
    const goal = await newGoal();
    const recorded = await call(t, w.therapist, 'POST', `/api/collector/sessions/${w.session.id}/points/`, {
      body: { points: [trialPoint(goal.goal_id, goal.sub_goals[0].id, 1, 'correct', stamp())] },
      key: newKey(),
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const refused = await call(t, w.org.owner, 'DELETE', `${goalsAt()}/${goal.goal_id}/`);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).detail).toContain('discontinue it instead');
    const retired = await patch(goal.goal_id, { status: 'discontinued' });
    expect(json(retired).status).toBe('discontinued');
    expect((await patch(goal.goal_id, { measurement: 'frequency' })).statusCode).toBe(409);
  });
});

const goalBase = () => ({ student_id: w.placement.studentId, department_id: w.placement.departmentId, title: 'Another' });
