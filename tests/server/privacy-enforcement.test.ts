/**
 * Privacy-role templates enforced on the calls that return a student's goals and data: a template
 * that closes goals_and_data to the Therapist role refuses the assigned therapist's collector reads
 * and writes for that student (403 with a sentence naming the part) and leaves the student out of
 * the assigned goals; the owner still sees everything; a template never widens which students a
 * member reaches (404 stays 404); a student without a template behaves as before; the opens are
 * on the trail with their parts.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { roles } from '../../server/db/schema/organizations';
import { rowsOf } from '../../server/db/handles';
import { classifyError } from '../../src/shared/outbox/transport';
import {
  call,
  describeServer,
  newKey,
  placeStudent,
  pointsOf,
  scheduleFor,
  stamp,
  trialPoint,
  useCollectorWorld,
  type Actor,
  type Placement,
  type ScheduledSession,
} from '../helpers/collector-fixtures';

const { t, w } = useCollectorWorld();
const C = '/api/collector';
const CLOSED = "Your role does not open this student's goals and data.";
const json = (res: LightMyRequestResponse) => res.json() as Record<string, any>;
const enrollmentsAt = () => `/api/tenant-management/enrollment/organization/${w.org.code}`;

/** A student of the world's therapist whose enrollment names `parts` for the Therapist role. */
interface Templated {
  placement: Placement;
  session: ScheduledSession;
}
const closed = {} as Templated;
const opened = {} as Templated;

async function therapistRoleId() {
  const [row] = await t.database.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.organizationId, w.org.id), eq(roles.defaultFor, 'therapist')));
  return row!.id;
}

async function templatedStudent(therapist: Actor, parts: string[]): Promise<Templated> {
  const placement = await placeStudent(t, w.org, therapist);
  const session = await scheduleFor(t, w.org, therapist, placement);
  const owner = w.org.owner;
  const created = await call(t, owner, 'POST', `${enrollmentsAt()}/privacy-roles/`, {
    body: { name: `Therapists ${parts.join(' ')} ${randomUUID().slice(0, 8)}`, rules: [{ role_id: await therapistRoleId(), parts }] },
  });
  expect(created.statusCode, created.body).toBe(201);
  const list = json(await call(t, owner, 'GET', `${enrollmentsAt()}/enrollments/`, { query: { page_size: '100' } }));
  const enrollment = list.results.find((e: { student: { id: string } }) => e.student.id === placement.studentId);
  const put = await t.app.inject({
    method: 'PUT',
    url: `${enrollmentsAt()}/enrollments/${enrollment.id}/`,
    headers: { cookie: owner.cookie },
    payload: { privacy_and_role_template: json(created).id, departments: [placement.departmentId] },
  });
  expect(put.statusCode, put.body).toBe(200);
  return { placement, session };
}

beforeAll(async () => {
  Object.assign(closed, await templatedStudent(w.therapist, ['identity']));
  Object.assign(opened, await templatedStudent(w.other.therapist, ['identity', 'goals_and_data']));
});

const expectClosed = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(403);
  expect(json(res)).toMatchObject({ code: 'RECORD_PART_CLOSED', detail: CLOSED });
};
const orgGoals = (actor: Actor, studentIds: string[]) =>
  call(t, actor, 'GET', `/api/theragoals/organization/${w.org.id}/assigned-goals/`, { query: { student_ids: studentIds.join(',') } });
const studentsOf = (res: LightMyRequestResponse) => [...new Set((json(res).results as { student_id: string }[]).map((g) => g.student_id))];
const point = (p: Placement, trialNo = 1) => trialPoint(p.goals.discrete.id, null, trialNo, 'correct', stamp());

describeServer('a template closing goals and data to the Therapist role', () => {
  it("refuses the assigned therapist's collector reads of that student with a sentence naming the part", async () => {
    const session = closed.session.id;
    expectClosed(await call(t, w.therapist, 'GET', `${C}/sessions/${session}/`));
    expectClosed(await call(t, w.therapist, 'GET', `${C}/sessions/${session}/conflicts/`));
    expectClosed(
      await call(t, w.therapist, 'GET', `${C}/trials/current/`, {
        query: { session_id: session, goal_id: closed.placement.goals.discrete.id },
      }),
    );
    expectClosed(await call(t, w.therapist, 'GET', `${C}/students/${closed.placement.studentId}/history/`));
  });

  it('refuses a point for that student (403, nothing stored), alone or in a batch', async () => {
    const session = closed.session.id;
    const one = await call(t, w.therapist, 'POST', `${C}/datapoints/`, {
      body: { ...point(closed.placement), session_id: session },
      key: newKey(),
    });
    expectClosed(one);
    const batch = await call(t, w.therapist, 'POST', `${C}/sessions/${session}/points/`, {
      body: { points: [point(closed.placement, 1), point(closed.placement, 2)] },
      key: newKey(),
    });
    expectClosed(batch);
    expect(await pointsOf(t, w.org.id, session)).toEqual([]);
  });

  it("leaves that student out of the assigned goals, keeping the therapist's other students", async () => {
    const both = [closed.placement.studentId, w.placement.studentId];
    const res = await orgGoals(w.therapist, both);
    expect(res.statusCode, res.body).toBe(200);
    expect(studentsOf(res)).toEqual([w.placement.studentId]);
    const dept = await call(
      t,
      w.therapist,
      'GET',
      `/api/tenant-management/organization/${w.org.code}/memberships/${w.therapist.membershipId}/departments/${closed.placement.departmentId}/assigned-goals/`,
    );
    expect(dept.statusCode, dept.body).toBe(200);
    expect(json(dept).results).toEqual([]);
  });

  it('lets the owner see and write everything', async () => {
    expect((await call(t, w.org.owner, 'GET', `${C}/sessions/${closed.session.id}/`)).statusCode).toBe(200);
    const res = await orgGoals(w.org.owner, [closed.placement.studentId]);
    expect(studentsOf(res)).toEqual([closed.placement.studentId]);
  });

  it('never widens which students a member reaches: an unassigned therapist and another organization still get 404', async () => {
    // The Therapist role opens goals and data of this student, but only its assigned therapist reaches it.
    expect((await call(t, w.other.therapist, 'GET', `${C}/sessions/${opened.session.id}/`)).statusCode).toBe(200);
    expect((await call(t, w.therapist, 'GET', `${C}/sessions/${opened.session.id}/`)).statusCode).toBe(404);
    expect((await call(t, w.orgB.therapist, 'GET', `${C}/sessions/${closed.session.id}/`)).statusCode).toBe(404);
    expect(studentsOf(await orgGoals(w.therapist, [opened.placement.studentId]))).toEqual([]);
  });

  it('leaves a student without a template as before: the assigned therapist reads and writes', async () => {
    expect((await call(t, w.therapist, 'GET', `${C}/sessions/${w.session.id}/`)).statusCode).toBe(200);
    const res = await call(t, w.therapist, 'POST', `${C}/sessions/${w.session.id}/points/`, {
      body: { points: [point(w.placement, 7)] },
      key: newKey(),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("follows the student's current enrollment through every change to it: template removed, set again, archived, deleted", async () => {
    const student = await templatedStudent(w.therapist, ['identity']);
    const read = () => call(t, w.therapist, 'GET', `${C}/sessions/${student.session.id}/`);
    expectClosed(await read());
    const list = json(await call(t, w.org.owner, 'GET', `${enrollmentsAt()}/enrollments/`, { query: { page_size: '100' } }));
    const enrollment = list.results.find((e: { student: { id: string } }) => e.student.id === student.placement.studentId);
    const put = (template: string | null) =>
      t.app.inject({
        method: 'PUT',
        url: `${enrollmentsAt()}/enrollments/${enrollment.id}/`,
        headers: { cookie: w.org.owner.cookie },
        payload: { privacy_and_role_template: template, departments: [student.placement.departmentId] },
      });
    expect((await put(null)).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(200);
    expect((await put(enrollment.privacy_and_role_template.id)).statusCode).toBe(200);
    expectClosed(await read());
    // An archived enrollment is still the student's latest: its template keeps deciding.
    const archived = await call(t, w.org.owner, 'PATCH', `${enrollmentsAt()}/enrollments/${enrollment.id}/archive/`);
    expect(archived.statusCode, archived.body).toBe(200);
    expectClosed(await read());
    const removed = await call(t, w.org.owner, 'DELETE', `${enrollmentsAt()}/enrollments/${enrollment.id}/`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await read()).statusCode).toBe(200);
  });

  it('puts each open of a record on the trail: who, whose, which parts; a refused open leaves none', async () => {
    const before = await opensOf(closed.placement.studentId);
    expectClosed(await call(t, w.therapist, 'GET', `${C}/sessions/${closed.session.id}/`));
    expect(await opensOf(closed.placement.studentId)).toEqual(before);
    expect((await call(t, w.org.owner, 'GET', `${C}/sessions/${closed.session.id}/`)).statusCode).toBe(200);
    expect((await opensOf(closed.placement.studentId)).at(-1)).toEqual({
      user_id: w.org.owner.userId,
      call: 'collector.getSession',
      scope: { session: closed.session.id },
      changes: { parts: [null, ['goals_and_data']] },
    });
    await orgGoals(w.other.therapist, [opened.placement.studentId]);
    expect((await opensOf(opened.placement.studentId)).at(-1)).toEqual({
      user_id: w.other.therapist.userId,
      call: 'goalsLibrary.organizationAssignedGoals',
      scope: {},
      changes: { parts: [null, ['goals_and_data']] },
    });
  });

  it('sets a refused point aside on the device with the sentence instead of asking to sign in again', () => {
    // The verdict reads only the operation's kind.
    const op = { kind: 'points.upsert' } as unknown as Parameters<typeof classifyError>[3];
    expect(classifyError(403, 'RECORD_PART_CLOSED', CLOSED, op)).toEqual({
      kind: 'attention',
      status: 403,
      code: 'RECORD_PART_CLOSED',
      detail: CLOSED,
    });
  });
});

async function opensOf(studentId: string) {
  return rowsOf<{ user_id: string; call: string; scope: Record<string, string>; changes: Record<string, unknown> }>(
    await t.database.db.execute(sql`
      SELECT user_id, call, scope, changes FROM audit_trail
      WHERE organization_id = ${w.org.id} AND action = 'read' AND entity = 'student' AND entity_id = ${studentId}
      ORDER BY id`),
  );
}
