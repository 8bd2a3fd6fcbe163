/**
 * The caseload's filters against hand-made data, and whose caseload each caller sees. The world's
 * student has a trials goal with two targets, a frequency and a duration goal (all three the
 * therapist's, who thus supervises the student), and two goals without data. Days are counted back
 * from now:
 * - 40 days ago (the therapist, no note): nothing recorded; ended before the 30 days a missing note counts.
 * - 20 days ago (the therapist, noted): target 1 at 90 % correct, 5 greetings, 60 s sitting.
 * - 3 days ago (the therapist, no note): target 1 at 80 %, target 2 at 50 %, 1 greeting.
 * - 2 days ago (an assistant assigned to the student but responsible for no goal, no note): 1 greeting.
 * Criteria: trials "at least 80 % correct over 3 sessions"; greetings "at most 2 per session over 2".
 * So: stale = the duration goal (last data 20 days ago) and the goal given 30 days ago without data
 * (not the one given today); near mastery = target 1 (80 and 90: 2 in a row of 3) and greetings
 * (5, 1, 1: 2 in a row); not target 2 (50 %). Without a note in 30 days: the 3-day and the 2-day
 * sessions for a supervisor, only the 2-day one for the assistant.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { json } from '../helpers/admin-fixtures';
import { assignTherapist } from '../../server/features/departments';
import { assignGoal } from '../../server/features/goals-library';
import { asOwner } from '../helpers/system-context';
import {
  addTherapist,
  call,
  describeServer,
  scheduleFor,
  stamp,
  trialPoint,
  useCollectorWorld,
  type Actor,
} from '../helpers/collector-fixtures';

const { t, w } = useCollectorWorld();
const S = '/api/scheduling/therasessions';
const URL = () => `/api/session-history/organization/${w.org.id}/caseload/`;
const caseload = (actor: Pick<Actor, 'cookie'>, query?: Record<string, string>, url = URL()) =>
  call(t, actor, 'GET', url, query ? { query } : {});
const DAY = 86_400_000;

let assistant: Actor;
const ids = { old: '', noted: '', recent: '', assistants: '', oldGoal: '', newGoal: '' };

const point = (goalId: string, trialNo: number, kind: 'frequency' | 'duration', value: number) => ({
  id: randomUUID(),
  goal_id: goalId,
  sub_goal_id: null,
  trial_no: trialNo,
  kind,
  outcome: null,
  prompt_level: null,
  count: kind === 'frequency' ? value : null,
  duration_ms: kind === 'duration' ? value : null,
  ...stamp(),
});
const trials = (goalId: string, target: string, correct: number) =>
  Array.from({ length: 10 }, (_, i) => trialPoint(goalId, target, i + 1, i < correct ? 'correct' : 'incorrect'));

/** A session `daysAgo` days back, run by `actor` through the calls with `points`, its times pinned to its slot. */
async function ranDaysAgo(actor: Actor, daysAgo: number, points: unknown[], note: string) {
  const s = await scheduleFor(t, w.org, actor, w.placement, { startAt: new Date(Date.now() - daysAgo * DAY) });
  expect((await call(t, actor, 'POST', `${S}/${s.id}/start/`, { body: { shift_to_now: false } })).statusCode).toBe(200);
  if (points.length > 0) {
    const res = await call(t, actor, 'POST', `/api/collector/sessions/${s.id}/points/`, { body: { points } });
    expect(res.statusCode, res.body).toBe(200);
  }
  const ended = await call(t, actor, 'POST', `${S}/${s.id}/end/`, {
    body: { action: 'completed', note, client_now: new Date().toISOString() },
  });
  expect(ended.statusCode, ended.body).toBe(200);
  await t.database.db.execute(sql`UPDATE therasessions SET started_at = start_at, ended_at = end_at WHERE id = ${s.id}::uuid`);
  return s.id;
}

beforeAll(async () => {
  assistant = await addTherapist(t, w.org);
  const placements = (await t.database.db.execute(
    sql`SELECT id FROM department_students WHERE student_id = ${w.placement.studentId}::uuid`,
  )) as unknown as { rows: { id: string }[] };
  await asOwner(t.database, w.org.id, (ctx) => assignTherapist(ctx, placements.rows[0]!.id, assistant.membershipId!));
  const g = w.placement.goals;
  const [t1, t2] = g.discrete.subGoalIds as [string, string];
  const criterion = (goalId: string, c: object) =>
    t.database.db.execute(sql`UPDATE assigned_goals SET mastery_criterion = ${JSON.stringify(c)}::jsonb WHERE id = ${goalId}::uuid`);
  await criterion(g.discrete.id, { measure: 'percent_correct', comparison: 'at_least', threshold: 80, sessions: 3, min_therapists: 1 });
  await criterion(g.frequency.id, { measure: 'count_per_session', comparison: 'at_most', threshold: 2, sessions: 3, min_therapists: 1 });
  const base = {
    studentId: w.placement.studentId,
    departmentId: w.placement.departmentId,
    membershipId: w.therapist.membershipId,
    plannedTrials: 10,
  };
  const [oldGoal, newGoal] = await asOwner(t.database, w.org.id, async (ctx) => [
    await assignGoal(ctx, { ...base, title: 'Names colors', measurement: 'discrete' }),
    await assignGoal(ctx, { ...base, title: 'Waits for a turn', measurement: 'discrete' }),
  ]);
  ids.oldGoal = oldGoal!.id;
  ids.newGoal = newGoal!.id;
  await t.database.db.execute(sql`UPDATE assigned_goals SET created_at = now() - interval '30 days' WHERE id = ${ids.oldGoal}::uuid`);

  ids.old = await ranDaysAgo(w.therapist, 40, [], '');
  ids.noted = await ranDaysAgo(
    w.therapist,
    20,
    [...trials(g.discrete.id, t1, 9), point(g.frequency.id, 1, 'frequency', 5), point(g.duration.id, 1, 'duration', 60_000)],
    'Good session.',
  );
  ids.recent = await ranDaysAgo(
    w.therapist,
    3,
    [...trials(g.discrete.id, t1, 8), ...trials(g.discrete.id, t2, 5), point(g.frequency.id, 1, 'frequency', 1)],
    '',
  );
  ids.assistants = await ranDaysAgo(assistant, 2, [point(g.frequency.id, 1, 'frequency', 1)], '');
});

const studentOf = (body: Record<string, any>) => body.results.find((s: any) => s.id === w.placement.studentId);

describeServer('the caseload', () => {
  it('lists stale goals: data stopped 14 days ago, or none for a goal given more than 14 days ago', async () => {
    const res = await caseload(w.org.owner, { filter: 'stale' });
    expect(res.statusCode, res.body).toBe(200);
    const stale = studentOf(json(res)).stale;
    expect(stale.map((g: any) => g.goal_id).sort()).toEqual([w.placement.goals.duration.id, ids.oldGoal].sort());
    const duration = stale.find((g: any) => g.goal_id === w.placement.goals.duration.id);
    expect(Math.round((Date.now() - Date.parse(duration.last_data_at)) / DAY)).toBe(20);
    expect(stale.find((g: any) => g.goal_id === ids.oldGoal).last_data_at).toBeNull();
  });

  it('lists goals near mastery per target, with how many sessions in a row met the criterion', async () => {
    const body = json(await caseload(w.org.owner, { filter: 'near_mastery' }));
    const near = studentOf(body).near_mastery.map((n: any) => [n.goal_id, n.sub_goal_id, n.latest_value, n.met_in_a_row, n.therapists]);
    const g = w.placement.goals;
    expect(near.sort()).toEqual(
      [
        [g.discrete.id, g.discrete.subGoalIds[0], 80, 2, 1],
        [g.frequency.id, null, 1, 2, 2],
      ].sort(),
    );
    // Once the goal is mastered it is near nothing.
    await t.database.db.execute(sql`UPDATE assigned_goals SET status = 'mastered' WHERE id = ${g.frequency.id}::uuid`);
    const after = json(await caseload(w.org.owner, { filter: 'near_mastery' }));
    expect(studentOf(after).near_mastery.map((n: any) => n.goal_id)).toEqual([g.discrete.id]);
    await t.database.db.execute(sql`UPDATE assigned_goals SET status = 'in_treatment' WHERE id = ${g.frequency.id}::uuid`);
  });

  it('lists ended sessions of the last 30 days without a note: all for a supervisor, their own for an assistant', async () => {
    const noNote = async (actor: Actor, query: Record<string, string> = {}) => {
      const res = await caseload(actor, { filter: 'no_note', ...query });
      expect(res.statusCode, res.body).toBe(200);
      return (studentOf(json(res))?.no_note ?? []).map((s: any) => s.session_id);
    };
    expect(await noNote(w.org.owner)).toEqual([ids.assistants, ids.recent]);
    expect(await noNote(w.therapist)).toEqual([ids.assistants, ids.recent]);
    expect(await noNote(assistant)).toEqual([ids.assistants]);
    expect(await noNote(w.org.owner, { therapist_id: assistant.membershipId! })).toEqual([ids.assistants]);
  });

  it('scopes students: a therapist sees their own, the owner anyone by therapist or department', async () => {
    const listed = async (actor: Actor, query: Record<string, string> = {}) => {
      const res = await caseload(actor, query);
      expect(res.statusCode, res.body).toBe(200);
      return json(res);
    };
    const all = await listed(w.org.owner);
    expect(all.scope).toBe('every');
    expect(all.counts).toEqual({ stale: 1, near_mastery: 1, no_note: 1 });
    expect((await listed(w.other.therapist)).results.map((s: any) => s.id)).not.toContain(w.placement.studentId);
    expect((await listed(w.org.owner, { department_id: w.other.placement.departmentId })).results).toEqual([]);
    expect(studentOf(await listed(w.org.owner, { department_id: w.placement.departmentId }))).toBeDefined();
    expect(studentOf(await listed(w.org.owner, { therapist_id: w.other.therapist.membershipId! }))).toBeUndefined();
    const own = await listed(assistant);
    expect(own.scope).toBe('own');
    expect(studentOf(own).stale.length).toBe(2);
  });

  it("refuses another therapist's caseload to a therapist, another organization and bad input", async () => {
    expect((await caseload(assistant, { therapist_id: w.therapist.membershipId! })).statusCode).toBe(403);
    expect((await caseload(w.orgB.org.owner)).statusCode).toBe(404);
    expect((await caseload(w.org.owner, { filter: 'overdue' })).statusCode).toBe(400);
    expect((await caseload(w.org.owner, { therapist_id: 'nobody' })).statusCode).toBe(400);
  });
});
