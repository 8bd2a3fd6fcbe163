import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { users } from '../../server/db/schema/accounts';
import { organizations } from '../../server/db/schema/organizations';
import { asOrganizationId, asUserId, newId, type OrganizationId, type UserId } from '../../server/lib/ids';
import { describeServer, openTestDatabase, postgresMissing } from '../helpers/test-app';
import * as enrollments from '../../server/features/enrollments/service';
import * as family from '../../server/features/family/service';
import { loadConfig } from '../../server/config';
import { asOwner, asUser } from '../helpers/system-context';

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

/** The person's own context: a parent's calls about their children take it. */
const asPerson = (userId: UserId) => asUser({ database, config: loadConfig({}) }, userId);

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
    const child = await family.createChild(await asPerson(parent), { firstName: ' Leo ', lastName: 'Thompson', birthDate: '2019-04-12' });
    expect(child).toMatchObject({ parentUserId: parent, firstName: 'Leo', lastName: 'Thompson', birthDate: '2019-04-12' });
    await expect(family.createChild(await asPerson(therapist), { firstName: 'X', lastName: 'Y' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(family.getChild(await asPerson(otherParent), child.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(family.updateChild(await asPerson(otherParent), child.id, { firstName: 'Hijack' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await family.listChildren(await asPerson(otherParent))).toEqual([]);
    await expect(
      family.createChild(await asPerson(parent), { firstName: 'Ava', lastName: 'T', birthDate: '2019-02-30' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(
      family.createChild(await asPerson(parent), { firstName: 'Ava', lastName: 'T', birthDate: '2999-01-01' }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    const renamed = await family.updateChild(await asPerson(parent), child.id, { firstName: 'Leon' });
    expect(renamed.firstName).toBe('Leon');
  });
});

describeServer('students and enrollments', () => {
  it('enrolls a child as a student with a code, once per open enrollment', async () => {
    const child = await family.createChild(await asPerson(parent), { firstName: 'Ava', lastName: 'Thompson' });
    const { student, enrollment } = await asOwner(database, orgA, (ctx) =>
      enrollments.enrollChild(ctx, { childId: child.id, notes: ' Referred by GP ' }),
    );
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
    await family.setChildEnrollmentParentStatus(await asPerson(parent), enrollment.id, { newStatus: 'accepted' });
    expect(await asOwner(database, orgA, (ctx) => enrollments.isStudentActive(ctx, student.id))).toBe(true);
    expect((await asOwner(database, orgA, (ctx) => enrollments.getStudentByCode(ctx, student.code.toLowerCase()))).id).toBe(student.id);

    await expect(asOwner(database, orgA, (ctx) => enrollments.enrollChild(ctx, { childId: child.id }))).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(asOwner(database, orgA, (ctx) => enrollments.createStudent(ctx, { childId: child.id }))).rejects.toMatchObject({
      code: 'CONFLICT',
    });

    // Archived: a new enrollment may open for the same student; the old one can't come back while it is open.
    await asOwner(database, orgA, (ctx) => enrollments.archiveEnrollment(ctx, enrollment.id));
    const second = await asOwner(database, orgA, (ctx) => enrollments.enrollChild(ctx, { childId: child.id }));
    expect(second.student.id).toBe(student.id);
    await expect(asOwner(database, orgA, (ctx) => enrollments.unarchiveEnrollment(ctx, enrollment.id))).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect((await asOwner(database, orgA, (ctx) => enrollments.listEnrollments(ctx, { studentId: student.id }))).length).toBe(2);

    // The same child may also be a student of another organization.
    const inB = await asOwner(database, orgB, (ctx) => enrollments.enrollChild(ctx, { childId: child.id }));
    expect(inB.student.id).not.toBe(student.id);
  });

  it("changes the organization's status with a reason, and hides enrollments across organizations", async () => {
    const student = await asOwner(database, orgA, (ctx) => enrollments.createStudent(ctx, { firstName: 'Noah', lastName: 'Bennett' }));
    const enrollment = await asOwner(database, orgA, (ctx) => enrollments.enrollStudent(ctx, { studentId: student.id }));
    // No parent behind a record the organization keeps: active straight away.
    expect(enrollment.parentStatus).toBe('accepted');
    await expect(
      asOwner(database, orgA, (ctx) => enrollments.setEnrollmentOrgStatus(ctx, enrollment.id, { newStatus: 'discharged', reason: '  ' })),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    const discharged = await asOwner(database, orgA, (ctx) =>
      enrollments.setEnrollmentOrgStatus(ctx, enrollment.id, {
        newStatus: 'discharged',
        reason: 'Goals met',
      }),
    );
    expect(discharged).toMatchObject({ orgStatus: 'discharged', orgStatusReason: 'Goals met' });
    expect(await asOwner(database, orgA, (ctx) => enrollments.isStudentActive(ctx, student.id))).toBe(false);

    await expect(asOwner(database, orgB, (ctx) => enrollments.getEnrollment(ctx, enrollment.id))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      asOwner(database, orgB, (ctx) => enrollments.setEnrollmentOrgStatus(ctx, enrollment.id, { newStatus: 'active', reason: 'Mine' })),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(asOwner(database, orgB, (ctx) => enrollments.enrollStudent(ctx, { studentId: student.id }))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(asOwner(database, orgB, (ctx) => enrollments.getStudent(ctx, student.id))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await asOwner(database, orgB, (ctx) => enrollments.listStudents(ctx, { search: 'Noah' }))).length).toBe(0);
    expect((await asOwner(database, orgA, (ctx) => enrollments.listStudents(ctx, { search: 'benn' }))).map((s) => s.id)).toEqual([
      student.id,
    ]);
  });

  it('makes a STU account a student once and refuses other account types', async () => {
    const stu = await user('STU', 'Sofia');
    const student = await asOwner(database, orgA, (ctx) => enrollments.createStudent(ctx, { userId: stu }));
    expect(student).toMatchObject({ userId: stu, firstName: 'Sofia' });
    await expect(asOwner(database, orgA, (ctx) => enrollments.createStudent(ctx, { userId: stu }))).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(asOwner(database, orgA, (ctx) => enrollments.createStudent(ctx, { userId: therapist }))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(asOwner(database, orgA, (ctx) => enrollments.createStudent(ctx, { firstName: 'No last name' }))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});

describeServer("family: a parent's view of enrollments", () => {
  it('lists enrollments in every organization and lets only the parent change parent_status', async () => {
    const child = await family.createChild(await asPerson(otherParent), { firstName: 'Ethan', lastName: 'Bennett' });
    const a = await asOwner(database, orgA, (ctx) => enrollments.enrollChild(ctx, { childId: child.id }));
    const b = await asOwner(database, orgB, (ctx) => enrollments.enrollChild(ctx, { childId: child.id }));
    const mine = await family.listChildEnrollments(await asPerson(otherParent));
    expect(mine.map((e) => e.enrollment.id).sort()).toEqual([a.enrollment.id, b.enrollment.id].sort());
    expect(new Set(mine.map((e) => e.organization.id))).toEqual(new Set([orgA, orgB]));

    await expect(
      family.setChildEnrollmentParentStatus(await asPerson(parent), a.enrollment.id, { newStatus: 'withdrawn' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await family.setChildEnrollmentParentStatus(await asPerson(otherParent), b.enrollment.id, { newStatus: 'accepted' });
    const withdrawn = await family.setChildEnrollmentParentStatus(await asPerson(otherParent), a.enrollment.id, {
      newStatus: 'withdrawn',
      reason: 'Moving away',
    });
    expect(withdrawn.enrollment.parentStatus).toBe('withdrawn');
    expect(await asOwner(database, orgA, (ctx) => enrollments.isStudentActive(ctx, a.student.id))).toBe(false);
    expect(await asOwner(database, orgB, (ctx) => enrollments.isStudentActive(ctx, b.student.id))).toBe(true);

    await expect(family.deleteChild(await asPerson(otherParent), child.id)).rejects.toMatchObject({ code: 'CONFLICT' });
    const loose = await family.createChild(await asPerson(otherParent), { firstName: 'Temp', lastName: 'Child' });
    await family.deleteChild(await asPerson(otherParent), loose.id);
    await expect(family.getChild(await asPerson(otherParent), loose.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
