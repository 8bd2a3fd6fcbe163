/**
 * A goal's graph (GET /api/goal-graphs/organization/{orgId}/goals/{goalId}/graph/) against
 * hand-worked sessions of the world's student (goal "Imitates actions", targets clap hands and arms
 * up, prompt hierarchy full physical → independent; "Greets peers" counted; "Sits at the table" timed):
 *
 *   S1 Feb 1 2033, 14:00 UTC, 30-minute slot
 *     clap hands: correct, incorrect, prompted (model), incorrect → 4 trials: 50 % correct, 25 % independent
 *     arms up:    incorrect, incorrect                          → 2 trials: 0 %, 0 %
 *     goal:       6 trials, 1 correct, 1 prompted               → 33.3 % correct, 16.7 % independent; model ×1
 *     Greets peers: count 6 in 30 minutes                        → 0.2 per minute, 12 per hour
 *   S2 Feb 3 2033, 14:00 UTC, 45-minute slot
 *     clap hands: correct, correct, prompted (gestural), correct → 100 %, 75 %
 *     arms up:    prompted (full physical), correct              → 100 %, 50 %
 *     goal:       6 trials, 4 correct, 2 prompted               → 100 %, 66.7 %; full physical ×1 then gestural ×1 (hierarchy order)
 *     Greets peers: count 3 in 45 minutes                        → 4 per hour
 *     Sits at the table: 2 min + 1 min + 30 s                    → 3.5 minutes in total, mean 70 s (1.1667 min) over 3 spans
 *   S3 Feb 5 2033, 14:00 UTC: clap hands correct, correct       → 100 %, 100 %; arms up has no row
 *
 * Phases (goal_revisions rows written here directly; the goal writers come with the record's calls):
 *   R0 Jan 15, before every session                  → after no session (null)
 *   R1 Feb 2 10:00 UTC, "Prompting: model removed"   → between S1 and S2 (after S1)
 *   R2 Feb 5 14:30 UTC, the mastery made by S3        → after S3 (its session)
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { GoalGraph } from '../../contract/goal-graphs';
import type { PhaseChange } from '../../contract/mastery';
import { goalRevisions } from '../../server/db/schema/goals';
import { roles } from '../../server/db/schema/organizations';
import { auditTrail } from '../../server/db/schema/audit';
import type { OrganizationId, SessionId, UserId } from '../../server/lib/ids';
import {
  call,
  describeServer,
  freshSession,
  placeStudent,
  trialPoint,
  useCollectorWorld,
  type TestApp,
} from '../helpers/collector-fixtures';

const { t, w } = useCollectorWorld();
const graphUrl = (orgId: string, goalId: string) => `/api/goal-graphs/organization/${orgId}/goals/${goalId}/graph/`;
const json = (res: LightMyRequestResponse) => res.json() as Record<string, any>;

/** A goal's history row as the goal writers will write it: the graph reads only these columns. */
async function insertRevision(
  app: TestApp,
  row: {
    organizationId: OrganizationId;
    goalId: string;
    changedAt: string;
    label: string;
    kinds: PhaseChange[];
    by?: UserId;
    sessionId?: string;
  },
) {
  await app.database.db.insert(goalRevisions).values({
    organizationId: row.organizationId,
    id: randomUUID(),
    goalId: row.goalId,
    changedAt: new Date(row.changedAt),
    changedBy: row.by ?? null,
    sessionId: (row.sessionId ?? null) as SessionId | null,
    kinds: row.kinds,
    changes: {},
    label: row.label,
  });
}

const sessions: Record<'s1' | 's2' | 's3', string> = { s1: '', s2: '', s3: '' };

beforeAll(async () => {
  const { discrete, frequency, duration } = w.placement.goals;
  const [clap, arms] = discrete.subGoalIds as [string, string];
  const trial = (sub: string, n: number, outcome: 'correct' | 'incorrect') => trialPoint(discrete.id, sub, n, outcome);
  const prompted = (sub: string, n: number, level: string) => ({ ...trialPoint(discrete.id, sub, n, 'prompted'), prompt_level: level });
  const other = (goalId: string, kind: 'frequency' | 'duration', n: number, value: number) => ({
    ...trialPoint(goalId, null, n, 'correct'),
    kind,
    outcome: null,
    count: kind === 'frequency' ? value : null,
    duration_ms: kind === 'duration' ? value : null,
  });
  const plan = [
    {
      key: 's1' as const,
      startAt: '2033-02-01T14:00:00Z',
      minutes: 30,
      points: [
        trial(clap, 1, 'correct'),
        trial(clap, 2, 'incorrect'),
        prompted(clap, 3, 'model'),
        trial(clap, 4, 'incorrect'),
        trial(arms, 1, 'incorrect'),
        trial(arms, 2, 'incorrect'),
        other(frequency.id, 'frequency', 1, 6),
      ],
    },
    {
      key: 's2' as const,
      startAt: '2033-02-03T14:00:00Z',
      minutes: 45,
      points: [
        trial(clap, 1, 'correct'),
        trial(clap, 2, 'correct'),
        prompted(clap, 3, 'gestural'),
        trial(clap, 4, 'correct'),
        prompted(arms, 1, 'full physical'),
        trial(arms, 2, 'correct'),
        other(frequency.id, 'frequency', 1, 3),
        other(duration.id, 'duration', 1, 120_000),
        other(duration.id, 'duration', 2, 60_000),
        other(duration.id, 'duration', 3, 30_000),
      ],
    },
    { key: 's3' as const, startAt: '2033-02-05T14:00:00Z', minutes: 30, points: [trial(clap, 1, 'correct'), trial(clap, 2, 'correct')] },
  ];
  for (const s of plan) {
    const session = await freshSession(t, w, { startAt: new Date(s.startAt), minutes: s.minutes });
    sessions[s.key] = session.id;
    const sent = await call(t, w.therapist, 'POST', `/api/collector/sessions/${session.id}/points/`, { body: { points: s.points } });
    expect(sent.statusCode, sent.body).toBe(200);
  }
  const base = { organizationId: w.org.id, goalId: discrete.id };
  await insertRevision(t, {
    ...base,
    changedAt: '2033-01-15T09:00:00Z',
    label: 'Planned trials 8 → 10',
    kinds: ['planned_trials'],
    by: w.org.owner.userId,
  });
  await insertRevision(t, {
    ...base,
    changedAt: '2033-02-02T10:00:00Z',
    label: 'Prompting: model removed',
    kinds: ['prompting'],
    by: w.org.owner.userId,
  });
  await insertRevision(t, {
    ...base,
    changedAt: '2033-02-05T14:30:00Z',
    label: 'Target "clap hands" mastered',
    kinds: ['targets'],
    sessionId: sessions.s3,
  });
});

const read = async (actor = w.therapist, goalId = w.placement.goals.discrete.id, query?: Record<string, string>) => {
  const res = await call(t, actor, 'GET', graphUrl(w.org.id, goalId), query ? { query } : {});
  expect(res.statusCode, res.body).toBe(200);
  return GoalGraph.parse(res.json());
};

describeServer("a goal's graph", () => {
  it('gives each session its figures per target and overall, and its prompts in the hierarchy order', async () => {
    const graph = await read();
    const [clap, arms] = w.placement.goals.discrete.subGoalIds;
    expect(graph.goal.title).toBe('Imitates actions');
    expect(graph.student.id).toBe(w.placement.studentId);
    expect(graph.sessions.map((s) => s.session_id)).toEqual([sessions.s1, sessions.s2, sessions.s3]);
    const [s1, s2, s3] = graph.sessions;
    expect(s1!.overall).toMatchObject({ trials: 6, correct: 1, prompted: 1 });
    expect(s1!.overall.percent_correct).toBeCloseTo(33.33, 1);
    expect(s1!.overall.percent_independent).toBeCloseTo(16.67, 1);
    expect(s1!.targets.map((x) => [x.sub_goal_id, x.trials, x.percent_correct, x.percent_independent])).toEqual([
      [clap, 4, 50, 25],
      [arms, 2, 0, 0],
    ]);
    expect(s1!.prompt_levels).toEqual([{ level: 'model', count: 1 }]);
    expect(s1!.therapist.id).toBe(w.therapist.membershipId);
    expect(s1!.therapist.name).not.toBe('Unknown therapist');
    expect(s1!.minutes).toBe(30);
    expect(s2!.overall).toMatchObject({ trials: 6, correct: 4, prompted: 2, percent_correct: 100 });
    expect(s2!.overall.percent_independent).toBeCloseTo(66.67, 1);
    expect(s2!.targets.map((x) => [x.percent_correct, x.percent_independent])).toEqual([
      [100, 75],
      [100, 50],
    ]);
    expect(s2!.prompt_levels).toEqual([
      { level: 'full physical', count: 1 },
      { level: 'gestural', count: 1 },
    ]);
    expect(s3!.targets.map((x) => [x.sub_goal_id, x.percent_correct, x.percent_independent])).toEqual([[clap, 100, 100]]);
  });

  it("gives a frequency goal's count per minute and per hour, and a duration goal's total and mean minutes", async () => {
    const frequency = await read(w.therapist, w.placement.goals.frequency.id);
    expect(frequency.sessions.map((s) => [s.overall.count, s.overall.per_hour])).toEqual([
      [6, 12],
      [3, 4],
    ]);
    expect(frequency.sessions[0]!.overall.per_minute).toBeCloseTo(0.2, 5);
    const duration = await read(w.therapist, w.placement.goals.duration.id);
    expect(duration.sessions).toHaveLength(1);
    expect(duration.sessions[0]!.overall).toMatchObject({ duration_minutes: 3.5, episodes: 3 });
    expect(duration.sessions[0]!.overall.mean_minutes).toBeCloseTo(7 / 6, 5);
  });

  it('places each phase line after the session it follows, with who made the change', async () => {
    const graph = await read();
    expect(graph.phases.map((p) => [p.label, p.after_session_id])).toEqual([
      ['Planned trials 8 → 10', null],
      ['Prompting: model removed', sessions.s1],
      ['Target "clap hands" mastered', sessions.s3],
    ]);
    expect(graph.phases[1]!.kinds).toEqual(['prompting']);
    expect(graph.phases[1]!.changed_by?.id).toBe(w.org.owner.userId);
    expect(graph.phases[2]!.changed_by).toBeNull();
  });

  it("narrows sessions and phases to the organization's days from and to", async () => {
    const graph = await read(w.therapist, w.placement.goals.discrete.id, { from: '2033-02-02', to: '2033-02-03' });
    expect(graph.sessions.map((s) => s.session_id)).toEqual([sessions.s2]);
    expect(graph.phases.map((p) => [p.label, p.after_session_id])).toEqual([['Prompting: model removed', null]]);
  });

  it("is an opening of the student's goals and data on the trail", async () => {
    await read();
    const rows = await t.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.organizationId, w.org.id), eq(auditTrail.entityId, w.placement.studentId), eq(auditTrail.action, 'read')));
    expect(rows.some((r) => (r.scope as Record<string, string>).goal === w.placement.goals.discrete.id)).toBe(true);
  });
});

describeServer("who reads a goal's graph", () => {
  it('answers the owner and the assigned therapist, and 404 to a therapist not assigned to the student', async () => {
    await read(w.org.owner);
    await read(w.therapist);
    const res = await call(t, w.other.therapist, 'GET', graphUrl(w.org.id, w.placement.goals.discrete.id));
    expect(res.statusCode, res.body).toBe(404);
  });

  it("answers 404 for another organization's goal, asked in either organization", async () => {
    const inOwn = await call(t, w.orgB.org.owner, 'GET', graphUrl(w.orgB.org.id, w.placement.goals.discrete.id));
    expect(inOwn.statusCode, inOwn.body).toBe(404);
    const missing = await call(t, w.org.owner, 'GET', graphUrl(w.org.id, randomUUID()));
    expect(missing.statusCode, missing.body).toBe(404);
  });

  it("answers 403 RECORD_PART_CLOSED when the student's template closes goals and data to the therapist's role", async () => {
    const placement = await placeStudent(t, w.org, w.therapist);
    const [role] = await t.database.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.organizationId, w.org.id), eq(roles.defaultFor, 'therapist')));
    const at = `/api/tenant-management/enrollment/organization/${w.org.code}`;
    const template = await call(t, w.org.owner, 'POST', `${at}/privacy-roles/`, {
      body: { name: `Identity only ${randomUUID().slice(0, 8)}`, rules: [{ role_id: role!.id, parts: ['identity'] }] },
    });
    expect(template.statusCode, template.body).toBe(201);
    const list = json(await call(t, w.org.owner, 'GET', `${at}/enrollments/`, { query: { page_size: '100' } }));
    const enrollment = list.results.find((e: { student: { id: string } }) => e.student.id === placement.studentId);
    const put = await t.app.inject({
      method: 'PUT',
      url: `${at}/enrollments/${enrollment.id}/`,
      headers: { cookie: w.org.owner.cookie },
      payload: { privacy_and_role_template: json(template).id, departments: [placement.departmentId] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const res = await call(t, w.therapist, 'GET', graphUrl(w.org.id, placement.goals.discrete.id));
    expect(res.statusCode, res.body).toBe(403);
    expect(json(res)).toMatchObject({ code: 'RECORD_PART_CLOSED' });
    await read(w.org.owner, placement.goals.discrete.id);
  });

  it('refuses bad input with 400 and a sentence', async () => {
    const goal = w.placement.goals.discrete.id;
    const cases: [string, Record<string, string>][] = [
      [graphUrl(w.org.id, 'not-an-id'), {}],
      [graphUrl(w.org.id, goal), { from: '2033-13-01' }],
      [graphUrl(w.org.id, goal), { from: '2033-02-05', to: '2033-02-01' }],
    ];
    for (const [url, query] of cases) {
      const res = await call(t, w.org.owner, 'GET', url, { query });
      expect(res.statusCode, `${url} ${JSON.stringify(query)} ${res.body}`).toBe(400);
      expect(json(res).code).toBe('VALIDATION_FAILED');
    }
  });
});
