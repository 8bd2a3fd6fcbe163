/**
 * A student's session history, answered for a hand-worked session: a therapist ran it with two
 * tablets and wrote ten trials, a frequency and a duration goal, one trial two devices disagreed on
 * and one trial corrected after the session, and an end note. Worked by hand:
 * - trials on target 1: trial 1 incorrect (device B's later tap wins over A's "correct"), trials 2–6
 *   correct, 7 incorrect, 8–9 prompted at "model", 10 recorded incorrect then corrected to correct:
 *   10 trials, 6 correct, 2 prompted → 80 % correct ((6 + 2) / 10), 60 % independent (6 / 10);
 * - frequency: 5 + 4 = 9 in a 45-minute session → 12 per hour;
 * - duration: 90 s + 150 s = 4 minutes over 2 episodes.
 * Access: the owner and the goals' responsible therapist read every session; a therapist merely
 * assigned reads the ones they ran; an unassigned therapist and another organization get 404; a
 * privacy-role template that closes goals and data gets 403.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { json } from '../helpers/admin-fixtures';
import { assignTherapist } from '../../server/features/departments';
import { asOwner } from '../helpers/system-context';
import {
  addTherapist,
  call,
  describeServer,
  freshSession,
  scheduleFor,
  stamp,
  trialPoint,
  useCollectorWorld,
  type Actor,
} from '../helpers/collector-fixtures';

const { t, w } = useCollectorWorld();
const S = '/api/scheduling/therasessions';
const C = '/api/collector';
const H = () => `/api/session-history/organization/${w.org.id}/students/${w.placement.studentId}/sessions/`;
const history = (actor: Pick<Actor, 'cookie'>, query?: Record<string, string>, url = H()) =>
  call(t, actor, 'GET', url, query ? { query } : {});

/** A therapist assigned to the world's student who is responsible for none of their goals. */
let assistant: Actor;
const ran = { id: '', conflictPoint: '', correctedPoint: '' };
let assistantSession = '';
const began = Date.now();
const NOTE = 'Clapping came with a model prompt twice; arms up not yet tried.';

const frequencyPoint = (goalId: string, trialNo: number, count: number) => ({
  id: randomUUID(),
  goal_id: goalId,
  sub_goal_id: null,
  trial_no: trialNo,
  kind: 'frequency' as const,
  outcome: null,
  prompt_level: null,
  count,
  duration_ms: null,
  ...stamp(),
});
const durationPoint = (goalId: string, trialNo: number, ms: number) => ({
  ...frequencyPoint(goalId, trialNo, 0),
  kind: 'duration' as const,
  count: null,
  duration_ms: ms,
});

/** Starts and ends a session through the calls, then pins its actual times to its 45-minute slot. */
async function runSession(actor: Actor, sessionId: string, during: () => Promise<void>, note: string) {
  expect((await call(t, actor, 'POST', `${S}/${sessionId}/start/`, { body: { shift_to_now: false } })).statusCode).toBe(200);
  await during();
  const ended = await call(t, actor, 'POST', `${S}/${sessionId}/end/`, {
    body: { action: 'completed', note, client_now: new Date().toISOString() },
  });
  expect(ended.statusCode, ended.body).toBe(200);
  await t.database.db.execute(sql`UPDATE therasessions SET started_at = start_at, ended_at = end_at WHERE id = ${sessionId}::uuid`);
}

const upsert = async (actor: Actor, sessionId: string, points: unknown[]) => {
  const res = await call(t, actor, 'POST', `${C}/sessions/${sessionId}/points/`, { body: { points } });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  assistant = await addTherapist(t, w.org);
  const rows = (await t.database.db.execute(
    sql`SELECT id FROM department_students WHERE student_id = ${w.placement.studentId}::uuid`,
  )) as unknown as { rows: { id: string }[] };
  await asOwner(t.database, w.org.id, (ctx) => assignTherapist(ctx, rows.rows[0]!.id, assistant.membershipId!));

  const g = w.placement.goals;
  const target = g.discrete.subGoalIds[0]!;
  const s = await freshSession(t, w);
  ran.id = s.id;
  await runSession(
    w.therapist,
    s.id,
    async () => {
      const a = trialPoint(g.discrete.id, target, 1, 'correct', stamp('2031-02-01T10:00:00Z', 'tablet-A', 1));
      const b = trialPoint(g.discrete.id, target, 1, 'incorrect', stamp('2031-02-01T10:00:05Z', 'tablet-B', 1));
      ran.conflictPoint = b.id;
      const outcomes = ['correct', 'correct', 'correct', 'correct', 'correct', 'incorrect', 'prompted', 'prompted', 'incorrect'] as const;
      const rest = outcomes.map((o, i) => trialPoint(g.discrete.id, target, i + 2, o, stamp(undefined, 'tablet-B')));
      ran.correctedPoint = rest.at(-1)!.id;
      await upsert(w.therapist, s.id, [a]);
      await upsert(w.therapist, s.id, [b, ...rest]);
      await upsert(w.therapist, s.id, [frequencyPoint(g.frequency.id, 1, 5), frequencyPoint(g.frequency.id, 2, 4)]);
      await upsert(w.therapist, s.id, [durationPoint(g.duration.id, 1, 90_000), durationPoint(g.duration.id, 2, 150_000)]);
    },
    NOTE,
  );
  // After the session: trial 10 corrected on the tablet that recorded it (from the other it would be a conflict too).
  const fixed = await call(t, w.therapist, 'POST', `${C}/datapoints/${ran.correctedPoint}/correct/`, {
    body: { outcome: 'correct', prompt_level: null, ...stamp(undefined, 'tablet-B') },
  });
  expect(fixed.statusCode, fixed.body).toBe(200);

  const mine = await scheduleFor(t, w.org, assistant, w.placement);
  assistantSession = mine.id;
  await runSession(assistant, mine.id, () => upsert(assistant, mine.id, [frequencyPoint(g.frequency.id, 1, 3)]), '');
});

describeServer('the session history', () => {
  it("answers a session's results, note, conflict and correction as worked by hand", async () => {
    const res = await history(w.org.owner);
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.scope).toBe('every');
    expect(body.student.id).toBe(w.placement.studentId);
    // Newest planned start first: the assistant's slot was booked after the therapist's.
    expect(body.results.map((r: any) => r.id)).toEqual([assistantSession, ran.id]);
    const session = body.results[1];
    const g = w.placement.goals;
    expect(session).toMatchObject({ status: 'completed', end_note: NOTE, overtime_reason: '', duration_minutes: 45 });
    expect(session.therapist.id).toBe(w.therapist.membershipId);
    const result = (goalId: string, subGoalId: string | null = null) =>
      session.results.find((r: any) => r.goal_id === goalId && r.sub_goal_id === subGoalId);
    const trials = { trials: 10, correct: 6, prompted: 2, percent_correct: 80, percent_independent: 60, prompt_levels: { model: 2 } };
    expect(result(g.discrete.id)).toMatchObject(trials);
    expect(result(g.discrete.id, g.discrete.subGoalIds[0]!)).toMatchObject(trials);
    expect(result(g.frequency.id)).toMatchObject({ count: 9, rate_per_hour: 12, trials: 0, percent_correct: null });
    expect(result(g.duration.id)).toMatchObject({ duration_minutes: 4, episodes: 2 });

    expect(session.conflicts).toHaveLength(1);
    const [conflict] = session.conflicts;
    expect(conflict).toMatchObject({ goal_id: g.discrete.id, trial_no: 1 });
    expect([conflict.kept.outcome, conflict.kept.device_id]).toEqual(['incorrect', 'tablet-B']);
    expect(conflict.others.map((o: any) => [o.outcome, o.device_id, o.recorded_by.id])).toEqual([
      ['correct', 'tablet-A', w.therapist.userId],
    ]);

    expect(session.corrections).toHaveLength(1);
    expect(session.corrections[0]).toMatchObject({
      point_id: ran.correctedPoint,
      trial_no: 10,
      before: { outcome: 'incorrect' },
      after: { outcome: 'correct' },
      corrected_by: { id: w.therapist.userId },
    });
    expect(Date.parse(session.corrections[0].corrected_at)).toBeGreaterThanOrEqual(began - 1000);
    // The goals the page names, with their targets, so a screen can title each row.
    expect(body.goals.map((goal: any) => goal.id).sort()).toEqual([g.discrete.id, g.frequency.id, g.duration.id].sort());
  });

  it('reads every session for the owner and the responsible therapist, only their own for an assigned therapist', async () => {
    const ids = async (actor: Actor) => {
      const res = await history(actor);
      expect(res.statusCode, res.body).toBe(200);
      return [json(res).scope, json(res).results.map((r: any) => r.id)];
    };
    expect(await ids(w.org.owner)).toEqual(['every', [assistantSession, ran.id]]);
    expect(await ids(w.therapist)).toEqual(['every', [assistantSession, ran.id]]);
    expect(await ids(assistant)).toEqual(['own', [assistantSession]]);
  });

  it('answers 404 to an unassigned therapist and across organizations', async () => {
    expect((await history(w.other.therapist)).statusCode).toBe(404);
    expect((await history(w.orgB.org.owner)).statusCode).toBe(404);
    const theirStudent = `/api/session-history/organization/${w.org.id}/students/${w.orgB.placement.studentId}/sessions/`;
    expect((await history(w.org.owner, undefined, theirStudent)).statusCode).toBe(404);
  });

  it('pages newest first and narrows to a period', async () => {
    const first = json(await history(w.org.owner, { page_size: '1' }));
    expect(first.count).toBe(2);
    expect(first.results.map((r: any) => r.id)).toEqual([assistantSession]);
    expect(first.next).toContain('page=2');
    const second = json(await history(w.org.owner, { page_size: '1', page: '2' }));
    expect(second.results.map((r: any) => r.id)).toEqual([ran.id]);
    expect(second.next).toBeNull();
    const none = json(await history(w.org.owner, { from: '2020-01-01', to: '2020-01-31' }));
    expect(none).toMatchObject({ count: 0, results: [] });
  });

  it('refuses bad input with 400', async () => {
    const bad: Record<string, string>[] = [
      { page: '0' },
      { page_size: '101' },
      { from: '2031-13-01' },
      { from: '2031-02-02', to: '2031-02-01' },
    ];
    for (const query of bad) {
      const res = await history(w.org.owner, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
    const badId = `/api/session-history/organization/${w.org.id}/students/not-an-id/sessions/`;
    expect((await history(w.org.owner, undefined, badId)).statusCode).toBe(400);
  });

  it('answers 403 when a privacy-role template closes goals and data to the therapist', async () => {
    await closeGoalsAndData();
    const res = await history(w.therapist);
    expect(res.statusCode, res.body).toBe(403);
    expect(json(res).detail ?? json(res).message ?? res.body).toMatch(/goals and data/);
    expect((await history(w.org.owner)).statusCode).toBe(200);
  });
});

/** Names a template opening only the identity part to the Therapist role on the student's enrollment. */
async function closeGoalsAndData() {
  const T = `/api/tenant-management/enrollment/organization/${w.org.code}`;
  const role = (await t.database.db.execute(
    sql`SELECT id FROM roles WHERE organization_id = ${w.org.id}::uuid AND default_for = 'therapist'`,
  )) as unknown as { rows: { id: string }[] };
  const template = await call(t, w.org.owner, 'POST', `${T}/privacy-roles/`, {
    body: { name: 'Therapists: identity only', rules: [{ role_id: role.rows[0]!.id, parts: ['identity'] }] },
  });
  expect(template.statusCode, template.body).toBe(201);
  const enrollment = (await t.database.db.execute(
    sql`SELECT id FROM enrollments WHERE student_id = ${w.placement.studentId}::uuid ORDER BY created_at DESC LIMIT 1`,
  )) as unknown as { rows: { id: string }[] };
  const url = `${T}/enrollments/${enrollment.rows[0]!.id}/`;
  const current = json(await call(t, w.org.owner, 'GET', url));
  const res = await t.app.inject({
    method: 'PUT',
    url,
    headers: { cookie: w.org.owner.cookie },
    payload: {
      notes: current.notes,
      departments: current.departments.map((d: { id: string }) => d.id),
      programs: [],
      privacy_and_role_template: json(template).id,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}
