/**
 * Scheduling subset the collector uses:
 * list and create therasessions, start (shift_to_now, default true) and end (action, trimmed note and
 * overtime reason, client_now). Each call: success, 400 with field errors and nothing written,
 * 404 for another organization and for another therapist's session, and the lifecycle conflicts.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  addTherapist,
  call,
  describeServer,
  freshSession,
  newKey,
  useCollectorWorld,
  outsidersOf,
  placeStudent,
  scheduleFor,
  sessionRow,
  sessionsOfOrg,
  type Actor,
} from '../helpers/collector-fixtures';

const { t, w } = useCollectorWorld();

const S = '/api/scheduling/therasessions';
const json = (res: LightMyRequestResponse) => res.json() as Record<string, any>;
const outsiders = () => outsidersOf(w);

function expectBadInput(res: LightMyRequestResponse, field?: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = json(res);
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(Object.keys(body.errors ?? {}).length).toBeGreaterThan(0);
  if (field) {
    expect(
      Object.keys(body.errors).some((k) => k.includes(field)),
      JSON.stringify(body.errors),
    ).toBe(true);
  }
}
function expectCode(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(json(res).code).toBe(code);
}

const start = (id: string, body: object = {}, actor: Actor = w.therapist, query?: Record<string, string>, key?: string) =>
  call(t, actor, 'POST', `${S}/${id}/start/`, { body, ...(query ? { query } : {}), ...(key ? { key } : {}) });
const end = (id: string, body: object, actor: Actor = w.therapist, query?: Record<string, string>, key?: string) =>
  call(t, actor, 'POST', `${S}/${id}/end/`, { body, ...(query ? { query } : {}), ...(key ? { key } : {}) });
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describeServer('GET therasessions/', () => {
  // Two therapists of org A with sessions on 2029-03-01 and 2029-03-02 (UTC), nothing else in that range.
  let t1: Actor;
  let t2: Actor;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t1 = await addTherapist(t, w.org);
    t2 = await addTherapist(t, w.org);
    const p1 = await placeStudent(t, w.org, t1);
    const p2 = await placeStudent(t, w.org, t2);
    ids.t1day1 = (await scheduleFor(t, w.org, t1, p1, { startAt: new Date('2029-03-01T09:00:00Z') })).id;
    ids.t1day2 = (await scheduleFor(t, w.org, t1, p1, { startAt: new Date('2029-03-02T09:00:00Z') })).id;
    ids.t2day1 = (await scheduleFor(t, w.org, t2, p2, { startAt: new Date('2029-03-01T10:00:00Z') })).id;
  });
  const list = (actor: Actor, query: Record<string, string>) => call(t, actor, 'GET', `${S}/`, { query });
  const day1 = { from: '2029-03-01T00:00:00Z', to: '2029-03-02T00:00:00Z' };

  it("lists the organization's sessions in a date range, in start order, with student, department and therapist", async () => {
    const res = await list(w.org.owner, day1);
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.count).toBe(2);
    expect(body.results.map((s: any) => s.id)).toEqual([ids.t1day1, ids.t2day1]);
    expect(body.results[0]).toMatchObject({
      organization_id: w.org.id,
      therapist_id: t1.membershipId,
      status: 'scheduled',
      start_at: '2029-03-01T09:00:00.000Z',
      end_at: '2029-03-01T09:45:00.000Z',
      started_at: null,
      ended_at: null,
      client_ended_at: null,
      note: '',
      overtime_reason: '',
    });
    expect(body.results[0].student.first_name).toBe('Student');
    expect(body.results[0].department.name).toMatch(/^Department-/);
    expect(body.results[0].therapist_name).toMatch(/^Test /);
  });

  it("filters by therapist for the owner; a therapist sees only their own sessions, and naming another's is refused", async () => {
    expect(json(await list(w.org.owner, { ...day1, therapist_id: t2.membershipId! })).results.map((s: any) => s.id)).toEqual([ids.t2day1]);
    expect(json(await list(t1, day1)).results.map((s: any) => s.id)).toEqual([ids.t1day1]);
    expect(json(await list(t1, { ...day1, therapist_id: t1.membershipId! })).results.map((s: any) => s.id)).toEqual([ids.t1day1]);
    const refused = await list(t1, { ...day1, therapist_id: t2.membershipId! });
    expect([refused.statusCode, json(refused).code]).toEqual([403, 'FORBIDDEN']);
    const all = json(await list(t1, { from: '2029-01-01T00:00:00Z', to: '2030-01-01T00:00:00Z' }));
    expect(all.results.map((s: any) => s.id)).toEqual([ids.t1day1, ids.t1day2]);
  });

  it("tells a therapist who names another therapist's sessions why, in a sentence, and lets staff who manage the schedule ask", async () => {
    const refused = json(await list(t1, { ...day1, therapist_id: t2.membershipId! }));
    expect(refused.detail).toBe("Only people who manage the schedule can list another therapist's sessions.");
    expect(json(await list(w.org.owner, { ...day1, therapist_id: t1.membershipId! })).results.map((s: any) => s.id)).toEqual([ids.t1day1]);
  });

  it('pages with count, next and previous', async () => {
    const range = { from: '2029-03-01T00:00:00Z', to: '2029-03-03T00:00:00Z' };
    const first = json(await list(w.org.owner, { ...range, page_size: '2' }));
    expect(first.count).toBe(3);
    expect(first.results.map((s: any) => s.id)).toEqual([ids.t1day1, ids.t2day1]);
    expect(first.previous).toBeNull();
    expect(first.next).toContain('page=2');
    const second = json(await list(w.org.owner, { ...range, page_size: '2', page: '2' }));
    expect(second.results.map((s: any) => s.id)).toEqual([ids.t1day2]);
    expect(second.next).toBeNull();
    expect(second.previous).toContain('page=1');
  });

  it('answers 400 with field errors for bad filters', async () => {
    expectBadInput(await list(w.org.owner, { from: 'yesterday' }), 'from');
    expectBadInput(await list(w.org.owner, { to: '2029-03-01' }), 'to');
    expectBadInput(await list(w.org.owner, { therapist_id: 'me' }), 'therapist_id');
    expectBadInput(await list(w.org.owner, { page_size: '101' }), 'page_size');
    expectBadInput(await list(w.org.owner, { page: '0' }), 'page');
    expectBadInput(await list(w.org.owner, { organization_id: 'acme' }), 'organization_id');
  });

  it('answers 404 to org B naming org A, and never shows org A sessions in org B', async () => {
    expectCode(await list(w.orgB.therapist, { organization_id: w.org.id }), 404, 'NOT_FOUND');
    expectCode(await list(w.orgB.org.owner, { organization_id: w.org.id }), 404, 'NOT_FOUND');
    const own = json(await list(w.orgB.org.owner, { from: '2000-01-01T00:00:00Z' }));
    expect(own.results.every((s: any) => s.organization_id === w.orgB.org.id)).toBe(true);
    expect(own.results.map((s: any) => s.id)).toContain(w.orgB.session.id);
  });
});

describeServer('POST therasessions/ (schedule)', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    organization_id: w.org.id,
    therapist_id: w.therapist.membershipId,
    student_id: w.placement.studentId,
    department_id: w.placement.departmentId,
    start_at: '2028-05-01T09:00:00Z',
    end_at: '2028-05-01T09:45:00Z',
    ...over,
  });
  const create = (b: object, actor: Actor = w.org.owner, query?: Record<string, string>) =>
    call(t, actor, 'POST', `${S}/`, { body: b, ...(query ? { query } : {}) });
  const count = async () => (await sessionsOfOrg(t, w.org.id)).length;

  it('schedules a session (201) with a client-made id; the same id again is a 409', async () => {
    const id = randomUUID();
    const res = await create(body({ id }));
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res)).toMatchObject({
      id,
      organization_id: w.org.id,
      therapist_id: w.therapist.membershipId,
      status: 'scheduled',
      start_at: '2028-05-01T09:00:00.000Z',
    });
    expect(await sessionRow(t, w.org.id, id)).toMatchObject({ status: 'scheduled', studentId: w.placement.studentId });
    const n = await count();
    expectCode(await create(body({ id, start_at: '2028-05-02T09:00:00Z', end_at: '2028-05-02T09:45:00Z' })), 409, 'CONFLICT');
    expectCode(await create(body({ start_at: '2028-05-01T09:30:00Z', end_at: '2028-05-01T10:00:00Z' })), 409, 'SCHEDULE_CONFLICT');
    expect(await count()).toBe(n);
  });

  it.each([
    ['an end before the start', { end_at: '2028-05-01T08:00:00Z' }, 'end_at'],
    ['no organization_id', { organization_id: undefined }, 'organization_id'],
    ['a student id that is not a uuid', { student_id: 'leo' }, 'student_id'],
    ['a start without a zone', { start_at: '2028-05-01 09:00' }, 'start_at'],
    ['a session of 13 hours', { end_at: '2028-05-01T22:00:00Z' }, 'end_at'],
  ])('answers 400 to %s and writes nothing', async (_name, over, field) => {
    const n = await count();
    expectBadInput(await create(body(over)), field);
    expect(await count()).toBe(n);
  });

  it("says organization_id is required in the API's fixed words", async () => {
    const res = await create(body({ organization_id: undefined }));
    expect(JSON.stringify(json(res).errors)).toContain('organization_id is required in payload');
  });

  it('answers 403 to a therapist (no sessions.manage) and writes nothing', async () => {
    const n = await count();
    expectCode(await create(body({ start_at: '2028-06-01T09:00:00Z', end_at: '2028-06-01T09:30:00Z' }), w.therapist), 403, 'FORBIDDEN');
    expect(await count()).toBe(n);
  });

  it("answers 404 for another organization's caller, body organization, student or therapist, writing nothing", async () => {
    const n = await count();
    const nB = (await sessionsOfOrg(t, w.orgB.org.id)).length;
    const later = { start_at: '2028-07-01T09:00:00Z', end_at: '2028-07-01T09:30:00Z' };
    expectCode(await create(body(later), w.orgB.org.owner, { organization_id: w.org.id }), 404, 'NOT_FOUND');
    expectCode(await create(body(later), w.orgB.org.owner), 404, 'NOT_FOUND');
    expectCode(await create(body({ ...later, student_id: w.orgB.placement.studentId, department_id: null })), 404, 'NOT_FOUND');
    expectCode(await create(body({ ...later, therapist_id: w.orgB.therapist.membershipId })), 404, 'NOT_FOUND');
    expect(await count()).toBe(n);
    expect((await sessionsOfOrg(t, w.orgB.org.id)).length).toBe(nB);
  });
});

describeServer('POST therasessions/{id}/start/', () => {
  it('shifts the start to the tap time by default, keeping the planned length', async () => {
    const s = await freshSession(t, w, { minutes: 50 });
    const clientNow = minutesAgo(1);
    const res = await start(s.id, { client_now: clientNow });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.status).toBe('in_progress');
    expect(body.start_at).toBe(clientNow);
    expect(body.started_at).toBe(clientNow);
    expect(Date.parse(body.end_at) - Date.parse(body.start_at)).toBe(50 * 60_000);
    const row = await sessionRow(t, w.org.id, s.id);
    expect(row!.startAt.toISOString()).toBe(clientNow);
    expect(row!.endAt.getTime() - row!.startAt.getTime()).toBe(50 * 60_000);
  });

  it('keeps the scheduled time with shift_to_now false', async () => {
    const s = await freshSession(t, w);
    const clientNow = minutesAgo(2);
    const body = json(await start(s.id, { shift_to_now: false, client_now: clientNow }));
    expect(body).toMatchObject({
      status: 'in_progress',
      start_at: s.startAt.toISOString(),
      end_at: s.endAt.toISOString(),
      started_at: clientNow,
    });
  });

  it("uses the server's clock without client_now and for an implausible one", async () => {
    for (const clientNow of [undefined, new Date(Date.now() + 3600_000).toISOString(), '2020-01-01T00:00:00Z']) {
      const s = await freshSession(t, w);
      const before = Date.now();
      const body = json(await start(s.id, clientNow ? { client_now: clientNow } : {}));
      expect(Date.parse(body.started_at)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(body.started_at)).toBeLessThanOrEqual(Date.now() + 1000);
    }
  });

  it('answers 409 ALREADY_STARTED to a second start with a new key, and ALREADY_ENDED after the end, changing nothing', async () => {
    const s = await freshSession(t, w);
    await start(s.id, { client_now: minutesAgo(3) }, w.therapist, undefined, newKey());
    const started = await sessionRow(t, w.org.id, s.id);
    expectCode(await start(s.id, { client_now: minutesAgo(1) }, w.therapist, undefined, newKey()), 409, 'ALREADY_STARTED');
    expect(await sessionRow(t, w.org.id, s.id)).toEqual(started);
    await end(s.id, { action: 'completed', client_now: minutesAgo(0) });
    const ended = await sessionRow(t, w.org.id, s.id);
    expectCode(await start(s.id, {}, w.therapist, undefined, newKey()), 409, 'ALREADY_ENDED');
    expect(await sessionRow(t, w.org.id, s.id)).toEqual(ended);
  });

  it('answers 400 for bad input and changes nothing', async () => {
    const s = await freshSession(t, w);
    expectBadInput(await start(s.id, { shift_to_now: 'yes' }), 'shift_to_now');
    expectBadInput(await start(s.id, { client_now: 'now' }), 'client_now');
    expectBadInput(await start('not-a-session', {}), 'id');
    expect(await sessionRow(t, w.org.id, s.id)).toMatchObject({ status: 'scheduled', startedAt: null, startAt: s.startAt });
  });

  it.each([0, 1, 2, 3])('answers 404 to an outsider and changes nothing (%#)', async (i) => {
    const s = await freshSession(t, w);
    const [, actor, query] = outsiders()[i]!;
    expectCode(await start(s.id, {}, actor, query), 404, 'NOT_FOUND');
    expect(await sessionRow(t, w.org.id, s.id)).toMatchObject({ status: 'scheduled', startedAt: null, startAt: s.startAt });
  });

  it('lets the owner start any session of the organization', async () => {
    const s = await scheduleFor(t, w.org, w.other.therapist, w.other.placement);
    expect((await start(s.id, {}, w.org.owner)).statusCode).toBe(200);
  });

  it('starts once when 20 starts with different keys race (one 200, the rest 409)', async () => {
    const s = await freshSession(t, w);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => start(s.id, { client_now: minutesAgo(20 - i) }, w.therapist, undefined, newKey())),
    );
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok, answers.map((r) => `${r.statusCode} ${r.body}`).join('\n')).toHaveLength(1);
    expect(
      answers.every(
        (r) => r.statusCode === 200 || (r.statusCode === 409 && ['ALREADY_STARTED', 'IDEMPOTENCY_IN_PROGRESS'].includes(json(r).code)),
      ),
    ).toBe(true);
    expect((await sessionRow(t, w.org.id, s.id))!.startedAt!.toISOString()).toBe(json(ok[0]!).started_at);
  });
});

describeServer('POST therasessions/{id}/end/', () => {
  it('ends with the action as status, note and overtime reason trimmed, client_now kept', async () => {
    const s = await freshSession(t, w);
    await start(s.id, { client_now: minutesAgo(40) });
    const clientNow = minutesAgo(1);
    const res = await end(s.id, {
      action: 'completed',
      note: '  Worked on imitation.\n',
      overtime_reason: '\t parent meeting  ',
      client_now: clientNow,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({
      status: 'completed',
      note: 'Worked on imitation.',
      overtime_reason: 'parent meeting',
      client_ended_at: clientNow,
    });
    expect(json(res).ended_at).not.toBeNull();
    expect(await sessionRow(t, w.org.id, s.id)).toMatchObject({
      status: 'completed',
      endNote: 'Worked on imitation.',
      overtimeReason: 'parent meeting',
    });
    expect((await sessionRow(t, w.org.id, s.id))!.clientEndedAt!.toISOString()).toBe(clientNow);
  });

  it.each(['cancelled', 'no_show', 'ended_early'] as const)('ends a started session as %s', async (action) => {
    const s = await freshSession(t, w);
    await start(s.id, {});
    expect(json(await end(s.id, { action, client_now: minutesAgo(0) }))).toMatchObject({ status: action, note: '', overtime_reason: '' });
  });

  it('answers 409 ALREADY_ENDED to a second end with a new key, changing nothing', async () => {
    const s = await freshSession(t, w);
    await start(s.id, {});
    await end(s.id, { action: 'completed', note: 'first', client_now: minutesAgo(1) }, w.therapist, undefined, newKey());
    const ended = await sessionRow(t, w.org.id, s.id);
    expectCode(
      await end(s.id, { action: 'cancelled', note: 'second', client_now: minutesAgo(0) }, w.therapist, undefined, newKey()),
      409,
      'ALREADY_ENDED',
    );
    expect(await sessionRow(t, w.org.id, s.id)).toEqual(ended);
  });

  it('refuses to complete or end early a session that never started (409), but takes no-show and cancelled', async () => {
    for (const action of ['completed', 'ended_early'] as const) {
      const s = await freshSession(t, w);
      expectCode(await end(s.id, { action, client_now: minutesAgo(0) }), 409, 'NOT_STARTED');
      expect(await sessionRow(t, w.org.id, s.id)).toMatchObject({ status: 'scheduled', endedAt: null, clientEndedAt: null });
    }
    for (const action of ['no_show', 'cancelled'] as const) {
      const s = await freshSession(t, w);
      const res = await end(s.id, { action, note: ' did not come ', client_now: minutesAgo(0) });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res)).toMatchObject({ status: action, started_at: null, note: 'did not come' });
    }
  });

  it.each([
    ['an unknown action', { action: 'done', client_now: '2031-01-01T00:00:00Z' }, 'action'],
    ['no client_now', { action: 'completed' }, 'client_now'],
    ['a note over 4000 characters', { action: 'completed', note: 'x'.repeat(4001), client_now: '2031-01-01T00:00:00Z' }, 'note'],
    [
      'an overtime reason that is not text',
      { action: 'completed', overtime_reason: 5, client_now: '2031-01-01T00:00:00Z' },
      'overtime_reason',
    ],
  ])('answers 400 to %s and changes nothing', async (_name, body, field) => {
    const s = await freshSession(t, w);
    await start(s.id, {});
    const before = await sessionRow(t, w.org.id, s.id);
    expectBadInput(await end(s.id, body), field);
    expect(await sessionRow(t, w.org.id, s.id)).toEqual(before);
  });

  it.each([0, 1, 2, 3])('answers 404 to an outsider and changes nothing (%#)', async (i) => {
    const s = await freshSession(t, w);
    await start(s.id, {});
    const before = await sessionRow(t, w.org.id, s.id);
    const [, actor, query] = outsiders()[i]!;
    expectCode(await end(s.id, { action: 'completed', client_now: minutesAgo(0) }, actor, query), 404, 'NOT_FOUND');
    expect(await sessionRow(t, w.org.id, s.id)).toEqual(before);
  });

  it('ends once when 20 ends with different actions and keys race (one 200, the rest 409)', async () => {
    const s = await freshSession(t, w);
    await start(s.id, {});
    const actions = ['completed', 'cancelled', 'no_show', 'ended_early'] as const;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        end(s.id, { action: actions[i % 4], note: `end ${i}`, client_now: minutesAgo(0) }, w.therapist, undefined, newKey()),
      ),
    );
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok, answers.map((r) => `${r.statusCode} ${r.body}`).join('\n')).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409 && json(r).code === 'ALREADY_ENDED')).toBe(true);
    const row = await sessionRow(t, w.org.id, s.id);
    expect({ status: row!.status, note: row!.endNote }).toEqual({ status: json(ok[0]!).status, note: json(ok[0]!).note });
  });
});
