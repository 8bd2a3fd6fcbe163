import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { describeServer, openTestDatabase, postgresMissing } from '../helpers/test-app';
import { users } from '../../server/db/schema/accounts';
import { memberships, organizations } from '../../server/db/schema/organizations';
import { and, eq } from 'drizzle-orm';
import { asDepartmentId, asOrganizationId, asUserId, newId, type OrganizationId, type UserId } from '../../server/lib/ids';
import * as departments from '../../server/features/departments/service';
import * as team from '../../server/features/departments/service-team';
import * as placements from '../../server/features/departments/service-students';
import { listDepartmentMembers, listDepartmentStudents, listDepartments } from '../../contract/departments';
import { systemContext, type RequestContext } from '../../server/lib/request-context';
import { asOwner } from '../helpers/system-context';
import { addMembership, listMemberships } from '../../server/features/memberships/service-admin';
import { createStudent } from '../../server/features/enrollments/service';
import { assignGoal } from '../../server/features/goals-library/service';

let database: Database;
let orgA: OrganizationId;
let orgB: OrganizationId;
let ownerA: UserId;
let theA: UserId;
let theB: UserId;
let staffUser: UserId;
let parent: UserId;

async function user(userType: 'ORG' | 'THE' | 'PAR', firstName: string) {
  const id = asUserId(newId());
  await database.db.insert(users).values({
    id,
    email: `${firstName.toLowerCase()}-${id}@test.example`,
    passwordHash: 'not-a-hash',
    userType,
    firstName,
    lastName: 'Test',
  });
  return id;
}
async function organization(name: string, ownerUserId: UserId) {
  const id = asOrganizationId(newId());
  await database.db.insert(organizations).values({ id, code: id.slice(-8).toUpperCase(), name, kind: 'clinic', ownerUserId });
  return id;
}

beforeAll(async () => {
  if (postgresMissing) {
    return; // the suites below are reported as skipped
  }
  database = await openTestDatabase();
  ownerA = await user('ORG', 'Owner');
  orgA = await organization('Org A', ownerA);
  orgB = await organization('Org B', await user('ORG', 'OwnerB'));
  theA = await user('THE', 'Tara');
  theB = await user('THE', 'Tom');
  staffUser = await user('THE', 'Sam');
  parent = await user('PAR', 'Pat');
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describeServer('memberships admin', () => {
  it('adds a therapist once, refuses wrong account types and the owner, and reactivates a former member', async () => {
    const m = await asOwner(database, orgA, (ctx) => addMembership(ctx, { userId: theA, role: 'therapist' }));
    expect(m).toMatchObject({ organizationId: orgA, userId: theA, role: 'therapist', status: 'active' });
    await expect(asOwner(database, orgA, (ctx) => addMembership(ctx, { userId: theA, role: 'therapist' }))).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(asOwner(database, orgA, (ctx) => addMembership(ctx, { userId: parent, role: 'therapist' }))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(asOwner(database, orgA, (ctx) => addMembership(ctx, { userId: ownerA, role: 'staff' }))).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(
      asOwner(database, orgA, (ctx) => addMembership(ctx, { userId: asUserId(newId()), role: 'therapist' })),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    const former = await asOwner(database, orgB, (ctx) => addMembership(ctx, { userId: theB, role: 'therapist' }));
    await database.tenant(orgB, (tx) =>
      tx
        .update(memberships)
        .set({ status: 'terminated' })
        .where(and(eq(memberships.organizationId, orgB), eq(memberships.id, former.id))),
    );
    const again = await asOwner(database, orgB, (ctx) => addMembership(ctx, { userId: theB, role: 'therapist' }));
    expect(again).toMatchObject({ id: former.id, status: 'active' });
    expect((await asOwner(database, orgA, (ctx) => listMemberships(ctx))).map((r) => r.user.id)).toEqual([theA]);
  });
});

describeServer('departments', () => {
  // The services take the request context first; each call here runs in its own tenant transaction, as a route's would.
  const inA = <T>(fn: (ctx: RequestContext) => Promise<T>) => asOwner(database, orgA, fn);
  const inB = <T>(fn: (ctx: RequestContext) => Promise<T>) => asOwner(database, orgB, fn);
  const page = { page: 1, page_size: 100 };
  /** A department made through the service; its answer's id (a plain string on the wire) is named a department's here. */
  const department = async (ctx: RequestContext, name: string) => {
    const created = await departments.createDepartment(ctx, { name });
    return { ...created, id: asDepartmentId(created.id) };
  };

  it('keeps names unique regardless of case and counts enabled and disabled ones', async () => {
    const speech = await inA((ctx) => department(ctx, '  Speech & Language '));
    expect(speech.name).toBe('Speech & Language');
    await expect(inA((ctx) => department(ctx, 'speech & language'))).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    // Another organization may use the same name.
    await inB((ctx) => department(ctx, 'Speech & Language'));
    const aba = await inA((ctx) => department(ctx, 'ABA'));
    await inA((ctx) => departments.updateDepartment(ctx, aba.id, { is_active: false }));
    const list = await inA((ctx) => departments.listDepartments(ctx, listDepartments.query.parse({})));
    expect(list).toMatchObject({ count_all: 2, count_active: 1, count_inactive: 1 });
    expect(list.results.map((d) => d.name)).toEqual(['ABA', 'Speech & Language']);
    await expect(inA((ctx) => departments.updateDepartment(ctx, aba.id, { name: 'SPEECH & language' }))).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it("answers not found for another organization's department, membership or student", async () => {
    const own = await inA((ctx) => department(ctx, 'Own'));
    const foreign = await inB((ctx) => department(ctx, 'Foreign'));
    const foreignMember = (await asOwner(database, orgB, (ctx) => listMemberships(ctx)))[0]!.membership.id;
    const foreignStudent = await asOwner(database, orgB, (ctx) => createStudent(ctx, { firstName: 'Far', lastName: 'Away' }));
    await expect(inA((ctx) => departments.getDepartment(ctx, foreign.id))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(inA((ctx) => departments.updateDepartment(ctx, foreign.id, { name: 'Mine now' }))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(inA((ctx) => departments.deleteDepartment(ctx, foreign.id))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(inA((ctx) => team.addDepartmentMember(ctx, own.id, foreignMember))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(inA((ctx) => placements.addDepartmentStudent(ctx, own.id, foreignStudent.id))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await inB((ctx) => departments.getDepartment(ctx, foreign.id))).name).toBe('Foreign');
  });

  it('assigns therapists to department students, adding them to the team, and unassigns on leaving the team', async () => {
    const dept = await inA((ctx) => department(ctx, 'Team test'));
    const therapist = (await asOwner(database, orgA, (ctx) => listMemberships(ctx, { role: 'therapist' })))[0]!.membership.id;
    const staff = (await asOwner(database, orgA, (ctx) => addMembership(ctx, { userId: staffUser, role: 'staff' }))).id;
    const student = await asOwner(database, orgA, (ctx) => createStudent(ctx, { firstName: 'Leo', lastName: 'Park' }));

    const placed = await inA((ctx) => placements.addDepartmentStudent(ctx, dept.id, student.id));
    const placedAgain = await inA((ctx) => placements.addDepartmentStudent(ctx, dept.id, student.id));
    expect(placedAgain.id).toBe(placed.id);
    expect(placed.assigned_therapists).toEqual([]);

    await expect(inA((ctx) => placements.assignTherapist(ctx, placed.id, staff))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const assignment = await inA((ctx) => placements.assignTherapist(ctx, placed.id, therapist));
    expect(assignment).toMatchObject({ department_student: placed.id, membership_id: therapist, first_name: 'Tara' });

    const members = (await inA((ctx) => team.listDepartmentMembers(ctx, dept.id, listDepartmentMembers.query.parse({})))).results;
    expect(members.map((t) => t.membership_id)).toEqual([therapist]);
    const [row] = (await inA((ctx) => placements.listDepartmentStudents(ctx, dept.id, listDepartmentStudents.query.parse({})))).results;
    expect(row!.assigned_therapists.map((t) => t.membership_id)).toEqual([therapist]);

    const mine = (await inA((ctx) => placements.therapistAssignedStudents(ctx, therapist))).results;
    expect(mine.filter((s) => s.department_ids.includes(dept.id)).map((s) => s.id)).toEqual([student.id]);
    expect((await inA((ctx) => placements.therapistAssignedDepartments(ctx, therapist))).results.map((d) => d.id)).toContain(dept.id);

    await inA((ctx) => team.removeDepartmentMember(ctx, dept.id, members[0]!.id));
    expect((await inA((ctx) => placements.listAssignedTherapists(ctx, placed.id))).results).toEqual([]);
    const after = (await inA((ctx) => placements.therapistAssignedStudents(ctx, therapist))).results;
    expect(after.filter((s) => s.department_ids.includes(dept.id))).toEqual([]);
  });

  it('deletes the free departments of a bulk delete and answers the one holding goals with the reason', async () => {
    const empty = await inA((ctx) => department(ctx, 'Empty'));
    const busy = await inA((ctx) => department(ctx, 'Busy'));
    const student = await asOwner(database, orgA, (ctx) => createStudent(ctx, { firstName: 'Mia', lastName: 'Stone' }));
    await inA((ctx) => placements.addDepartmentStudent(ctx, busy.id, student.id));
    await inA((ctx) =>
      assignGoal(ctx, { studentId: student.id, departmentId: busy.id, title: 'Labels colors', subGoals: ['red', 'blue'] }),
    );

    const outcome = await inA((ctx) => departments.bulkDeleteDepartments(ctx, [empty.id, busy.id]));
    expect(outcome.deleted).toEqual([empty.id]);
    expect(outcome.failed).toEqual([{ id: busy.id, code: 'IN_USE', detail: expect.stringContaining('disable it instead') }]);
    await expect(inA((ctx) => departments.getDepartment(ctx, empty.id))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await inA((ctx) => departments.getDepartment(ctx, busy.id))).id).toBe(busy.id);
    await expect(inA((ctx) => departments.deleteDepartment(ctx, busy.id))).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('runs inside a tenant transaction the caller already holds', async () => {
    const created = await inA(async (ctx) => {
      const d = await department(ctx, 'Inside tx');
      const list = await departments.listDepartments(ctx, listDepartments.query.parse(page));
      expect(list.results.some((r) => r.id === d.id)).toBe(true);
      return d;
    });
    // A transaction bound to another organization can't see or write it.
    const boundToB = (tx: Parameters<Parameters<Database['tenant']>[1]>[0]) =>
      systemContext(tx, { organizationId: orgA, actor: ownerA, call: 'tests.sneaky' });
    await expect(database.tenant(orgB, (tx) => departments.getDepartment(boundToB(tx), created.id))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(database.tenant(orgB, (tx) => departments.createDepartment(boundToB(tx), { name: 'Sneaky' }))).rejects.toThrow();
  });
});
