/**
 * What the collector caches for a therapist (contract/departments.ts, contract/goals-library.ts): assigned students,
 * assigned departments, a department's assigned goals (?student_ids=) and the organization's
 * assigned goals. Success, 400 with field errors, 404 for another organization and for another
 * therapist's membership; owners and staff read anyone's.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { addDepartmentStudent, assignTherapist } from '../../server/features/departments/service-students';
import { asOwner } from '../helpers/system-context';
import { assignGoal } from '../../server/features/goals-library/service';
import { addStaff, call, describeServer, useCollectorWorld, placeStudent, type Actor, type Placement } from '../helpers/collector-fixtures';

const { t, w } = useCollectorWorld();
let staff: Actor;
/** The world's therapist: student 1 in departments 1 and 2, student 2 in department 2. */
let p1: Placement;
let p2: Placement;
let s1d2GoalId: string;
beforeAll(async () => {
  staff = await addStaff(t, w.org);
  p1 = w.placement;
  p2 = await placeStudent(t, w.org, w.therapist);
  await asOwner(t.database, w.org.id, async (ctx) =>
    assignTherapist(ctx, (await addDepartmentStudent(ctx, p2.departmentId, p1.studentId)).id, w.therapist.membershipId!),
  );
  s1d2GoalId = (
    await asOwner(t.database, w.org.id, (ctx) =>
      assignGoal(ctx, {
        studentId: p1.studentId,
        departmentId: p2.departmentId,
        title: 'Answers wh- questions',
        subGoals: ['who', 'what'],
      }),
    )
  ).id;
});

const json = (res: LightMyRequestResponse) => res.json() as Record<string, any>;
const M = (code: string, membershipId: string) => `/api/tenant-management/organization/${code}/memberships/${membershipId}`;
const goalIdsOf = (p: Placement) => [p.goals.discrete.id, p.goals.frequency.id, p.goals.duration.id];
const sorted = (xs: string[]) => [...xs].sort();

function expectBadInput(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(json(res).code).toBe('VALIDATION_FAILED');
  expect(
    Object.keys(json(res).errors ?? {}).some((k) => k.includes(field)),
    JSON.stringify(json(res).errors),
  ).toBe(true);
}
const expectNotFound = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(404);
  expect(json(res).code).toBe('NOT_FOUND');
};

/** Calls of one membership-scoped read: [who, orgCode, membershipId] that must all answer 404. */
const refused = (): [string, Actor, string, string][] => [
  ["another therapist reading the therapist's", w.other.therapist, w.org.code, w.therapist.membershipId!],
  ['org B therapist with org A code', w.orgB.therapist, w.org.code, w.therapist.membershipId!],
  ['org B owner with org A code', w.orgB.org.owner, w.org.code, w.therapist.membershipId!],
  ["org A owner with org B's membership", w.org.owner, w.org.code, w.orgB.therapist.membershipId!],
  ["org B owner with org B code and org A's membership", w.orgB.org.owner, w.orgB.org.code, w.therapist.membershipId!],
  ['an unknown organization code', w.therapist, 'ZZZZZZ', w.therapist.membershipId!],
];

describeServer('GET memberships/{id}/therapist-assigned-students/', () => {
  const read = (actor: Actor, code: string, membershipId: string) =>
    call(t, actor, 'GET', `${M(code, membershipId)}/therapist-assigned-students/`);

  it('lists each assigned student once with the departments they share with the therapist', async () => {
    const res = await read(w.therapist, w.org.code, w.therapist.membershipId!);
    expect(res.statusCode, res.body).toBe(200);
    const byId = new Map(json(res).results.map((s: any) => [s.id, s]));
    expect(sorted([...byId.keys()] as string[])).toEqual(sorted([p1.studentId, p2.studentId]));
    expect(sorted((byId.get(p1.studentId) as any).department_ids)).toEqual(sorted([p1.departmentId, p2.departmentId]));
    expect((byId.get(p2.studentId) as any).department_ids).toEqual([p2.departmentId]);
    expect(byId.get(p1.studentId)).toMatchObject({ first_name: 'Student' });
  });

  it("lets the owner and staff read a therapist's list", async () => {
    for (const actor of [w.org.owner, staff]) {
      const res = await read(actor, w.org.code, w.therapist.membershipId!);
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res).results).toHaveLength(2);
    }
    expect(json(await read(w.org.owner, w.org.code, w.other.therapist.membershipId!)).results.map((s: any) => s.id)).toEqual([
      w.other.placement.studentId,
    ]);
  });

  it('answers 400 for a membership id that is not a uuid', async () => {
    expectBadInput(await read(w.therapist, w.org.code, 'me'), 'id');
  });

  it.each([0, 1, 2, 3, 4, 5])('answers 404 to a refused reader (%#)', async (i) => {
    const [, actor, code, membershipId] = refused()[i]!;
    expectNotFound(await read(actor, code, membershipId));
  });
});

describeServer('GET memberships/{id}/therapist-assigned-departments/', () => {
  const read = (actor: Actor, code: string, membershipId: string) =>
    call(t, actor, 'GET', `${M(code, membershipId)}/therapist-assigned-departments/`);

  it("lists the therapist's departments by name", async () => {
    const res = await read(w.therapist, w.org.code, w.therapist.membershipId!);
    expect(res.statusCode, res.body).toBe(200);
    expect(sorted(json(res).results.map((d: any) => d.id))).toEqual(sorted([p1.departmentId, p2.departmentId]));
    expect(json(res).results.find((d: any) => d.id === p1.departmentId).name).toBe(p1.departmentName);
    expect(json(await read(staff, w.org.code, w.other.therapist.membershipId!)).results.map((d: any) => d.id)).toEqual([
      w.other.placement.departmentId,
    ]);
  });

  it('answers 400 for a membership id that is not a uuid', async () => {
    expectBadInput(await read(w.therapist, w.org.code, '123'), 'id');
  });

  it.each([0, 1, 2, 3, 4, 5])('answers 404 to a refused reader (%#)', async (i) => {
    const [, actor, code, membershipId] = refused()[i]!;
    expectNotFound(await read(actor, code, membershipId));
  });
});

describeServer('GET memberships/{id}/departments/{deptId}/assigned-goals/', () => {
  const read = (actor: Actor, code: string, membershipId: string, deptId: string, studentIds?: string) =>
    call(
      t,
      actor,
      'GET',
      `${M(code, membershipId)}/departments/${deptId}/assigned-goals/`,
      studentIds === undefined ? {} : { query: { student_ids: studentIds } },
    );

  it("returns the goals of the therapist's students in the department, with sub-goals and prompt levels", async () => {
    const res = await read(w.therapist, w.org.code, w.therapist.membershipId!, p2.departmentId);
    expect(res.statusCode, res.body).toBe(200);
    const goals = json(res).results as any[];
    expect(sorted(goals.map((x) => x.goal_id))).toEqual(sorted([...goalIdsOf(p2), s1d2GoalId]));
    expect(goals.every((x) => x.department_id === p2.departmentId)).toBe(true);
    const wh = goals.find((x) => x.goal_id === s1d2GoalId);
    expect(wh).toMatchObject({ student_id: p1.studentId, measurement: 'discrete', planned_trials: 10 });
    expect(wh.sub_goals.map((s: any) => s.title)).toEqual(['who', 'what']);
    expect(wh.prompt_hierarchy.length).toBeGreaterThan(0);
  });

  it('narrows to student_ids, and shows nothing of students not assigned to the therapist', async () => {
    const only1 = json(await read(w.therapist, w.org.code, w.therapist.membershipId!, p2.departmentId, p1.studentId)).results;
    expect(only1.map((x: any) => x.goal_id)).toEqual([s1d2GoalId]);
    const both = json(
      await read(w.therapist, w.org.code, w.therapist.membershipId!, p2.departmentId, ` ${p1.studentId}, ${p2.studentId} `),
    ).results;
    expect(both).toHaveLength(4);
    expect(
      json(await read(w.therapist, w.org.code, w.therapist.membershipId!, p2.departmentId, w.other.placement.studentId)).results,
    ).toEqual([]);
    expect(json(await read(w.therapist, w.org.code, w.therapist.membershipId!, w.other.placement.departmentId)).results).toEqual([]);
  });

  it('answers 400 for bad student_ids and a department id that is not a uuid', async () => {
    expectBadInput(await read(w.therapist, w.org.code, w.therapist.membershipId!, p2.departmentId, 'leo,ava'), 'student_ids');
    expectBadInput(await read(w.therapist, w.org.code, w.therapist.membershipId!, 'speech'), 'deptId');
  });

  it("answers 404 for another organization's or an unknown department", async () => {
    expectNotFound(await read(w.therapist, w.org.code, w.therapist.membershipId!, w.orgB.placement.departmentId));
    expectNotFound(await read(w.therapist, w.org.code, w.therapist.membershipId!, randomUUID()));
  });

  it.each([0, 1, 2, 3, 4, 5])('answers 404 to a refused reader (%#)', async (i) => {
    const [, actor, code, membershipId] = refused()[i]!;
    expectNotFound(await read(actor, code, membershipId, p1.departmentId));
  });

  it("refuses the front desk, who reads schedules but no student's record", async () => {
    const res = await read(staff, w.org.code, w.therapist.membershipId!, p2.departmentId);
    expect([res.statusCode, json(res).code]).toEqual([403, 'FORBIDDEN']);
  });
});

describeServer('GET /api/theragoals/organization/{orgId}/assigned-goals/', () => {
  const read = (actor: Actor, orgId: string, studentIds?: string) =>
    call(
      t,
      actor,
      'GET',
      `/api/theragoals/organization/${orgId}/assigned-goals/`,
      studentIds === undefined ? {} : { query: { student_ids: studentIds } },
    );
  const ids = (res: LightMyRequestResponse) => sorted(json(res).results.map((x: any) => x.goal_id));

  it('gives a therapist the goals of their own students only (all departments), narrowed by student_ids', async () => {
    const res = await read(w.therapist, w.org.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(res)).toEqual(sorted([...goalIdsOf(p1), ...goalIdsOf(p2), s1d2GoalId]));
    expect(ids(await read(w.therapist, w.org.id, p2.studentId))).toEqual(sorted(goalIdsOf(p2)));
    expect(ids(await read(w.therapist, w.org.id, w.other.placement.studentId))).toEqual([]);
  });

  it("gives the owner every student's goals, narrowed by student_ids", async () => {
    const all = ids(await read(w.org.owner, w.org.id));
    expect(all).toEqual(expect.arrayContaining([...goalIdsOf(p1), ...goalIdsOf(p2), ...goalIdsOf(w.other.placement)]));
    expect(ids(await read(w.org.owner, w.org.id, w.other.placement.studentId))).toEqual(sorted(goalIdsOf(w.other.placement)));
    expect(ids(await read(w.org.owner, w.org.id, w.orgB.placement.studentId))).toEqual([]);
  });

  it("refuses the front desk, who reads schedules but no student's record", async () => {
    for (const studentIds of [undefined, p1.studentId]) {
      const res = await read(staff, w.org.id, studentIds);
      expect([res.statusCode, json(res).code]).toEqual([403, 'FORBIDDEN']);
    }
  });

  it('answers 400 for an organization id that is not a uuid and for bad student_ids', async () => {
    expectBadInput(await read(w.therapist, 'my-org'), 'orgId');
    expectBadInput(await read(w.therapist, w.org.id, `${p1.studentId},x`), 'student_ids');
  });

  it('answers 404 to another organization and to an unknown one', async () => {
    expectNotFound(await read(w.orgB.therapist, w.org.id));
    expectNotFound(await read(w.orgB.org.owner, w.org.id));
    expectNotFound(await read(w.therapist, w.orgB.org.id));
    expectNotFound(await read(w.therapist, randomUUID()));
  });
});
