import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { users } from '../../server/db/schema/accounts';
import { organizations } from '../../server/db/schema/organizations';
import { asOrganizationId, asUserId, newId, type OrganizationId, type UserId } from '../../server/lib/ids';
import { describeServer, openTestDatabase, postgresMissing } from '../helpers/test-app';
import * as enrollments from '../../server/features/enrollments/service';
import * as family from '../../server/features/family/service';

let database: Database;
let orgA: OrganizationId;
let orgB: OrganizationId;
let parent: UserId;
let otherParent: UserId;
let therapist: UserId;

async function user(userType: 'ORG' | 'THE' | 'PAR' | 'STU', firstName: string) {
  const id = asUserId(newId());
  await database.db
    .insert(users)
    .values({ id, email: `${id}@test.example`, passwordHash: 'not-a-hash', userType, firstName, lastName: 'Test' });
  return id;
}
async function organization(name: string) {
  const id = asOrganizationId(newId());
  await database.db
    .insert(organizations)
    .values({ id, code: id.slice(-8).toUpperCase(), name, kind: 'clinic', ownerUserId: await user('ORG', 'Owner') });
  return id;
}

beforeAll(async () => {
  if (postgresMissing) {
    return; // the suites below are reported as skipped
  }
  database = await openTestDatabase();
  orgA = await organization('A');
  orgB = await organization('B');
  parent = await user('PAR', 'Sarah');
  otherParent = await user('PAR', 'Marcus');
  therapist = await user('THE', 'Tara');
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describeServer('family: children of a parent', () => {
  it('creates children for a parent only, and hides them from other parents', async () => {
    const child = await family.createChild(database, parent, { firstName: ' Leo ', lastName: 'Thompson', birthDate: '2019-04-12' });
    expect(child).toMatchObject({ parentUserId: parent, firstName: 'Leo', lastName: 'Thompson', birthDate: '2019-04-12' });
    await expect(family.createChild(database, therapist, { firstName: 'X', lastName: 'Y' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(family.getChild(database, otherParent, child.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(family.updateChild(database, otherParent, child.id, { firstName: 'Hijack' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await family.listChildren(database, otherParent)).toEqual([]);
    await expect(family.createChild(database, parent, { firstName: 'Ava', lastName: 'T', birthDate: '2019-02-30' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(family.createChild(database, parent, { firstName: 'Ava', lastName: 'T', birthDate: '2999-01-01' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    const renamed = await family.updateChild(database, parent, child.id, { firstName: 'Leon' });
    expect(renamed.firstName).toBe('Leon');
  });
});

describeServer('students and enrollments', () => {
  it('enrolls a child as a student with a code, once per open enrollment', async () => {
    const child = await family.createChild(database, parent, { firstName: 'Ava', lastName: 'Thompson' });
    const { student, enrollment } = await enrollments.enrollChild(database, orgA, { childId: child.id, notes: ' Referred by GP ' });
    expect(student).toMatchObject({ organizationId: orgA, childId: child.id, firstName: 'Ava', lastName: 'Thompson' });
    expect(student.code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    // A child's enrollment waits for the parent to accept it.
    expect(enrollment).toMatchObject({
      studentId: student.id,
      orgStatus: 'active',
      parentStatus: 'pending',
      isArchived: false,
      notes: 'Referred by GP',
    });
    expect(enrollments.isActiveEnrollment(enrollment)).toBe(false);
    await family.setChildEnrollmentParentStatus(database, parent, enrollment.id, { newStatus: 'accepted' });
    expect(await enrollments.isStudentActive(database, orgA, student.id)).toBe(true);
    expect((await enrollments.getStudentByCode(database, orgA, student.code.toLowerCase())).id).toBe(student.id);

    await expect(enrollments.enrollChild(database, orgA, { childId: child.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(enrollments.createStudent(database, orgA, { childId: child.id })).rejects.toMatchObject({ code: 'CONFLICT' });

    // Archived: a new enrollment may open for the same student; the old one can't come back while it is open.
    await enrollments.archiveEnrollment(database, orgA, enrollment.id);
    const second = await enrollments.enrollChild(database, orgA, { childId: child.id });
    expect(second.student.id).toBe(student.id);
    await expect(enrollments.unarchiveEnrollment(database, orgA, enrollment.id)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await enrollments.listEnrollments(database, orgA, { studentId: student.id })).length).toBe(2);

    // The same child may also be a student of another organization.
    const inB = await enrollments.enrollChild(database, orgB, { childId: child.id });
    expect(inB.student.id).not.toBe(student.id);
  });

  it("changes the organization's status with a reason, and hides enrollments across organizations", async () => {
    const student = await enrollments.createStudent(database, orgA, { firstName: 'Noah', lastName: 'Bennett' });
    const enrollment = await enrollments.enrollStudent(database, orgA, { studentId: student.id });
    // No parent behind a record the organization keeps: active straight away.
    expect(enrollment.parentStatus).toBe('accepted');
    await expect(
      enrollments.setEnrollmentOrgStatus(database, orgA, enrollment.id, { newStatus: 'discharged', reason: '  ' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    const discharged = await enrollments.setEnrollmentOrgStatus(database, orgA, enrollment.id, {
      newStatus: 'discharged',
      reason: 'Goals met',
    });
    expect(discharged).toMatchObject({ orgStatus: 'discharged', orgStatusReason: 'Goals met' });
    expect(await enrollments.isStudentActive(database, orgA, student.id)).toBe(false);

    await expect(enrollments.getEnrollment(database, orgB, enrollment.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      enrollments.setEnrollmentOrgStatus(database, orgB, enrollment.id, { newStatus: 'active', reason: 'Mine' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(enrollments.enrollStudent(database, orgB, { studentId: student.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(enrollments.getStudent(database, orgB, student.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await enrollments.listStudents(database, orgB, { search: 'Noah' })).length).toBe(0);
    expect((await enrollments.listStudents(database, orgA, { search: 'benn' })).map((s) => s.id)).toEqual([student.id]);
  });

  it('makes a STU account a student once and refuses other account types', async () => {
    const stu = await user('STU', 'Sofia');
    const student = await enrollments.createStudent(database, orgA, { userId: stu });
    expect(student).toMatchObject({ userId: stu, firstName: 'Sofia' });
    await expect(enrollments.createStudent(database, orgA, { userId: stu })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(enrollments.createStudent(database, orgA, { userId: therapist })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(enrollments.createStudent(database, orgA, { firstName: 'No last name' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});

describeServer("family: a parent's view of enrollments", () => {
  it('lists enrollments in every organization and lets only the parent change parent_status', async () => {
    const child = await family.createChild(database, otherParent, { firstName: 'Ethan', lastName: 'Bennett' });
    const a = await enrollments.enrollChild(database, orgA, { childId: child.id });
    const b = await enrollments.enrollChild(database, orgB, { childId: child.id });
    const mine = await family.listChildEnrollments(database, otherParent);
    expect(mine.map((e) => e.enrollment.id).sort()).toEqual([a.enrollment.id, b.enrollment.id].sort());
    expect(new Set(mine.map((e) => e.organization.id))).toEqual(new Set([orgA, orgB]));

    await expect(
      family.setChildEnrollmentParentStatus(database, parent, a.enrollment.id, { newStatus: 'withdrawn' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await family.setChildEnrollmentParentStatus(database, otherParent, b.enrollment.id, { newStatus: 'accepted' });
    const withdrawn = await family.setChildEnrollmentParentStatus(database, otherParent, a.enrollment.id, {
      newStatus: 'withdrawn',
      reason: 'Moving away',
    });
    expect(withdrawn.enrollment.parentStatus).toBe('withdrawn');
    expect(await enrollments.isStudentActive(database, orgA, a.student.id)).toBe(false);
    expect(await enrollments.isStudentActive(database, orgB, b.student.id)).toBe(true);

    await expect(family.deleteChild(database, otherParent, child.id)).rejects.toMatchObject({ code: 'CONFLICT' });
    const loose = await family.createChild(database, otherParent, { firstName: 'Temp', lastName: 'Child' });
    await family.deleteChild(database, otherParent, loose.id);
    await expect(family.getChild(database, otherParent, loose.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
