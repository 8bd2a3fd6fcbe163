import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { describeServer, openTestDatabase, postgresMissing } from '../helpers/test-app';
import { users } from '../../server/db/schema/accounts';
import { memberships, organizations } from '../../server/db/schema/organizations';
import { and, eq } from 'drizzle-orm';
import { asOrganizationId, asUserId, newId, type OrganizationId, type UserId } from '../../server/lib/ids';
import * as departments from '../../server/features/departments/service';
import { addMembership, listMemberships } from '../../server/features/memberships/admin-service';
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
    const m = await addMembership(database, orgA, { userId: theA, role: 'therapist' });
    expect(m).toMatchObject({ organizationId: orgA, userId: theA, role: 'therapist', status: 'active' });
    await expect(addMembership(database, orgA, { userId: theA, role: 'therapist' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(addMembership(database, orgA, { userId: parent, role: 'therapist' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(addMembership(database, orgA, { userId: ownerA, role: 'staff' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(addMembership(database, orgA, { userId: asUserId(newId()), role: 'therapist' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    const former = await addMembership(database, orgB, { userId: theB, role: 'therapist' });
    await database.tenant(orgB, (tx) =>
      tx
        .update(memberships)
        .set({ status: 'terminated' })
        .where(and(eq(memberships.organizationId, orgB), eq(memberships.id, former.id))),
    );
    const again = await addMembership(database, orgB, { userId: theB, role: 'therapist' });
    expect(again).toMatchObject({ id: former.id, status: 'active' });
    expect((await listMemberships(database, orgA)).map((r) => r.user.id)).toEqual([theA]);
  });
});

describeServer('departments', () => {
  it('keeps names unique regardless of case and counts enabled and disabled ones', async () => {
    const speech = await departments.createDepartment(database, orgA, { name: '  Speech & Language ' });
    expect(speech.name).toBe('Speech & Language');
    await expect(departments.createDepartment(database, orgA, { name: 'speech & language' })).rejects.toMatchObject({ code: 'CONFLICT' });
    // Another organization may use the same name.
    await departments.createDepartment(database, orgB, { name: 'Speech & Language' });
    const aba = await departments.createDepartment(database, orgA, { name: 'ABA' });
    await departments.updateDepartment(database, orgA, aba.id, { isEnabled: false });
    const list = await departments.listDepartments(database, orgA);
    expect(list).toMatchObject({ countAll: 2, countEnabled: 1, countDisabled: 1 });
    expect(list.results.map((d) => d.name)).toEqual(['ABA', 'Speech & Language']);
    await expect(departments.updateDepartment(database, orgA, aba.id, { name: 'SPEECH & language' })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it("answers not found for another organization's department, membership or student", async () => {
    const own = await departments.createDepartment(database, orgA, { name: 'Own' });
    const foreign = await departments.createDepartment(database, orgB, { name: 'Foreign' });
    const foreignMember = (await listMemberships(database, orgB))[0]!.membership.id;
    const foreignStudent = await createStudent(database, orgB, { firstName: 'Far', lastName: 'Away' });
    await expect(departments.getDepartment(database, orgA, foreign.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(departments.updateDepartment(database, orgA, foreign.id, { name: 'Mine now' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(departments.deleteDepartment(database, orgA, foreign.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(departments.addDepartmentMember(database, orgA, own.id, foreignMember)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(departments.addDepartmentStudent(database, orgA, own.id, foreignStudent.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await departments.getDepartment(database, orgB, foreign.id)).name).toBe('Foreign');
  });

  it('assigns therapists to department students, adding them to the team, and unassigns on leaving the team', async () => {
    const dept = await departments.createDepartment(database, orgA, { name: 'Team test' });
    const therapist = (await listMemberships(database, orgA, { role: 'therapist' }))[0]!.membership.id;
    const staff = (await addMembership(database, orgA, { userId: staffUser, role: 'staff' })).id;
    const student = await createStudent(database, orgA, { firstName: 'Leo', lastName: 'Park' });

    const placed = await departments.addDepartmentStudent(database, orgA, dept.id, student.id);
    const placedAgain = await departments.addDepartmentStudent(database, orgA, dept.id, student.id);
    expect(placedAgain.id).toBe(placed.id);
    expect(placed.assignedTherapists).toEqual([]);

    await expect(departments.assignTherapist(database, orgA, placed.id, staff)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const assignment = await departments.assignTherapist(database, orgA, placed.id, therapist);
    expect(assignment).toMatchObject({ departmentStudentId: placed.id, membershipId: therapist, firstName: 'Tara' });

    const team = await departments.listDepartmentMembers(database, orgA, dept.id);
    expect(team.map((t) => t.membershipId)).toEqual([therapist]);
    const [row] = await departments.listDepartmentStudents(database, orgA, dept.id);
    expect(row!.assignedTherapists.map((t) => t.membershipId)).toEqual([therapist]);

    const mine = await departments.listTherapistAssignedStudents(database, orgA, therapist);
    expect(mine.filter((s) => s.departmentId === dept.id).map((s) => s.studentId)).toEqual([student.id]);
    expect((await departments.listTherapistDepartments(database, orgA, therapist)).map((d) => d.id)).toContain(dept.id);

    await departments.removeDepartmentMember(database, orgA, dept.id, team[0]!.id);
    expect(await departments.listAssignedTherapists(database, orgA, placed.id)).toEqual([]);
    expect(await departments.listTherapistAssignedStudents(database, orgA, therapist, { departmentId: dept.id })).toEqual([]);
  });

  it('deletes the free departments of a bulk delete and answers the one holding goals with the reason', async () => {
    const empty = await departments.createDepartment(database, orgA, { name: 'Empty' });
    const busy = await departments.createDepartment(database, orgA, { name: 'Busy' });
    const student = await createStudent(database, orgA, { firstName: 'Mia', lastName: 'Stone' });
    await departments.addDepartmentStudent(database, orgA, busy.id, student.id);
    await assignGoal(database, orgA, { studentId: student.id, departmentId: busy.id, title: 'Labels colors', subGoals: ['red', 'blue'] });

    const outcome = await departments.deleteDepartments(database, orgA, [empty.id, busy.id]);
    expect(outcome.deleted).toEqual([empty.id]);
    expect(outcome.failed).toEqual([{ id: busy.id, code: 'IN_USE', detail: expect.stringContaining('disable it instead') }]);
    await expect(departments.getDepartment(database, orgA, empty.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await departments.getDepartment(database, orgA, busy.id)).id).toBe(busy.id);
    await expect(departments.deleteDepartment(database, orgA, busy.id)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('runs inside a tenant transaction the caller already holds', async () => {
    const created = await database.tenant(orgA, async (tx) => {
      const d = await departments.createDepartment(tx, orgA, { name: 'Inside tx' });
      const list = await departments.listDepartments(tx, orgA);
      expect(list.results.some((r) => r.id === d.id)).toBe(true);
      return d;
    });
    // A transaction bound to another organization can't see or write it.
    await expect(database.tenant(orgB, (tx) => departments.getDepartment(tx, orgA, created.id))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(database.tenant(orgB, (tx) => departments.createDepartment(tx, orgA, { name: 'Sneaky' }))).rejects.toThrow();
  });
});
