import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { users } from '../../server/db/schema/accounts';
import { organizations } from '../../server/db/schema/organizations';
import { therasessions } from '../../server/db/schema/scheduling';
import {
  asDepartmentId,
  asOrganizationId,
  asSessionId,
  asUserId,
  newId,
  type DepartmentId,
  type MembershipId,
  type OrganizationId,
  type SessionId,
  type StudentId,
  type UserId,
} from '../../server/lib/ids';
import { describeServer, openTestDatabase, postgresMissing } from '../helpers/test-app';
import * as scheduling from '../../server/features/scheduling';
import { readSession } from '../../server/features/scheduling/service-read';
import * as desk from '../../server/features/scheduling/service-desk';
import { addDays, localDate, weekStart, zonedTimeToUtc } from '../../server/lib/time-zones';
import { createDepartment, updateDepartment } from '../../server/features/departments/service';
import { addDepartmentStudent } from '../../server/features/departments/service-students';
import { asOwner } from '../helpers/system-context';
import type { RequestContext } from '../../server/lib/request-context';
import { addMembership } from '../../server/features/memberships/service-admin';
import { createStudent, enrollStudent, setEnrollmentOrgStatus } from '../../server/features/enrollments/service';

const TZ = 'America/New_York';
const DAY = '2030-03-15';
let database: Database;
const a = {
  org: '' as OrganizationId,
  tara: '' as MembershipId,
  tom: '' as MembershipId,
  staff: '' as MembershipId,
  leo: '' as StudentId,
  ava: '' as StudentId,
  dept: '' as DepartmentId,
};
const b = { org: '' as OrganizationId, therapist: '' as MembershipId, student: '' as StudentId };

const member = (organizationId: OrganizationId, userId: UserId, role: 'therapist' | 'staff') =>
  asOwner(database, organizationId, (ctx) => addMembership(ctx, { userId, role }));

async function user(userType: 'ORG' | 'THE', firstName: string) {
  const id = asUserId(newId());
  await database.db
    .insert(users)
    .values({ id, email: `${id}@test.example`, passwordHash: 'not-a-hash', userType, firstName, lastName: 'Test' });
  return id;
}
async function organization(name: string, timezone: string) {
  const id = asOrganizationId(newId());
  await database.db
    .insert(organizations)
    .values({ id, code: id.slice(-8).toUpperCase(), name, kind: 'clinic', timezone, ownerUserId: await user('ORG', 'Owner') });
  return id;
}
async function activeStudent(organizationId: OrganizationId, firstName: string) {
  const student = await asOwner(database, organizationId, (ctx) => createStudent(ctx, { firstName, lastName: 'Test' }));
  await asOwner(database, organizationId, (ctx) => enrollStudent(ctx, { studentId: student.id }));
  return student.id;
}
/** A scheduling service run as the organization's owner, in one tenant transaction (a batch is all or nothing in it). */
const run = <T>(organizationId: OrganizationId, fn: (ctx: RequestContext) => Promise<T>) =>
  asOwner(database, organizationId, fn, 'tests.scheduling');
const at = (time: string, date = DAY) => zonedTimeToUtc(date, time, TZ);
const scheduleOne = async (ctx: RequestContext, input: scheduling.ScheduleSessionInput) =>
  (await scheduling.scheduleSessions(ctx, [input]))[0]!;
/** The sessions the list call answers the owner for these filters (one page holds them all here). */
const listed = async (ctx: RequestContext, filters: { from?: Date; to?: Date; therapist_id?: string } = {}) =>
  (
    await scheduling.listSessionPage(ctx, {
      page: 1,
      page_size: 100,
      from: filters.from?.toISOString(),
      to: filters.to?.toISOString(),
      therapist_id: filters.therapist_id,
    })
  ).results;
const slot = (
  therapistMembershipId: MembershipId,
  studentId: StudentId,
  start: string,
  end: string,
  date = DAY,
): scheduling.ScheduleSessionInput => ({
  therapistMembershipId,
  studentId,
  startAt: at(start, date),
  endAt: at(end, date),
});

beforeAll(async () => {
  if (postgresMissing) {
    return; // the suites below are reported as skipped
  }
  database = await openTestDatabase();
  a.org = await organization('A', TZ);
  b.org = await organization('B', 'UTC');
  a.tara = (await member(a.org, await user('THE', 'Tara'), 'therapist')).id;
  a.tom = (await member(a.org, await user('THE', 'Tom'), 'therapist')).id;
  a.staff = (await member(a.org, await user('THE', 'Sam'), 'staff')).id;
  a.leo = await activeStudent(a.org, 'Leo');
  a.ava = await activeStudent(a.org, 'Ava');
  a.dept = asDepartmentId((await asOwner(database, a.org, (ctx) => createDepartment(ctx, { name: 'Speech' }))).id);
  await asOwner(database, a.org, (ctx) => addDepartmentStudent(ctx, a.dept, a.leo));
  b.therapist = (await member(b.org, await user('THE', 'Bea'), 'therapist')).id;
  b.student = await activeStudent(b.org, 'Noah');
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describeServer('scheduling sessions', () => {
  it('schedules a session and never double-books a therapist', async () => {
    const s = await run(a.org, (ctx) => scheduleOne(ctx, { ...slot(a.tara, a.leo, '09:00', '09:45'), departmentId: a.dept }));
    expect(s).toMatchObject({
      organizationId: a.org,
      therapistMembershipId: a.tara,
      studentId: a.leo,
      departmentId: a.dept,
      status: 'scheduled',
    });
    expect(s.startAt.toISOString()).toBe('2030-03-15T13:00:00.000Z'); // 09:00 EDT

    await expect(run(a.org, (ctx) => scheduleOne(ctx, slot(a.tara, a.ava, '09:30', '10:15')))).rejects.toMatchObject({
      code: 'SCHEDULE_CONFLICT',
    });
    // Back to back is fine; another therapist at the same time is fine, but not with a student who is
    // already in a session then (co-treatment is booked over the conflict, with a reason).
    await run(a.org, (ctx) => scheduleOne(ctx, slot(a.tara, a.ava, '09:45', '10:30')));
    await expect(run(a.org, (ctx) => scheduleOne(ctx, slot(a.tom, a.leo, '09:00', '09:45')))).rejects.toMatchObject({
      code: 'SCHEDULE_CONFLICT',
    });

    // A cancelled session frees its slot.
    await database.tenant(a.org, (tx) =>
      tx
        .update(therasessions)
        .set({ status: 'cancelled' })
        .where(and(eq(therasessions.organizationId, a.org), eq(therasessions.id, s.id))),
    );
    await run(a.org, (ctx) => scheduleOne(ctx, slot(a.tara, a.ava, '09:00', '09:30')));
  });

  it('checks times, the therapist, the student and the department', async () => {
    const cases: [scheduling.ScheduleSessionInput, string, string][] = [
      [slot(a.tara, a.leo, '11:00', '11:00'), 'VALIDATION_FAILED', 'end_at'],
      [slot(a.tara, a.leo, '11:00', '10:00'), 'VALIDATION_FAILED', 'end_at'],
      [{ ...slot(a.tara, a.leo, '00:00', '00:00'), endAt: at('13:00', '2030-03-16') }, 'VALIDATION_FAILED', 'end_at'],
      [slot(a.staff, a.leo, '11:00', '11:45'), 'VALIDATION_FAILED', 'therapist_id'],
      [{ ...slot(a.tom, a.ava, '11:00', '11:45'), departmentId: a.dept }, 'VALIDATION_FAILED', 'department_id'],
    ];
    for (const [input, code, field] of cases) {
      await expect(run(a.org, (ctx) => scheduleOne(ctx, input))).rejects.toMatchObject({
        code,
        fieldErrors: { [field]: expect.any(Array) },
      });
    }
    // Another organization's therapist, student or department: not found.
    await expect(run(a.org, (ctx) => scheduleOne(ctx, slot(b.therapist, a.leo, '11:00', '11:45')))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(run(a.org, (ctx) => scheduleOne(ctx, slot(a.tara, b.student, '11:00', '11:45')))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(run(b.org, (ctx) => scheduleOne(ctx, slot(b.therapist, a.leo, '11:00', '11:45')))).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      run(b.org, (ctx) => scheduleOne(ctx, { ...slot(b.therapist, b.student, '11:00', '11:45'), departmentId: a.dept })),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });

    // A disabled department and a discharged student can't be scheduled.
    const closed = await asOwner(database, a.org, async (ctx) => {
      const id = asDepartmentId((await createDepartment(ctx, { name: 'Closed' })).id);
      await addDepartmentStudent(ctx, id, a.leo);
      await updateDepartment(ctx, id, { is_active: false });
      return id;
    });
    await expect(
      run(a.org, (ctx) => scheduleOne(ctx, { ...slot(a.tom, a.leo, '16:00', '16:45'), departmentId: closed })),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    const gone = await asOwner(database, a.org, (ctx) => createStudent(ctx, { firstName: 'Gone', lastName: 'Test' }));
    const enrollment = await asOwner(database, a.org, (ctx) => enrollStudent(ctx, { studentId: gone.id }));
    await asOwner(database, a.org, (ctx) => setEnrollmentOrgStatus(ctx, enrollment.id, { newStatus: 'discharged', reason: 'Moved' }));
    await expect(run(a.org, (ctx) => scheduleOne(ctx, slot(a.tom, gone.id, '16:00', '16:45')))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { student_id: expect.any(Array) },
    });
  });

  it('creates a batch all or nothing', async () => {
    const date = '2030-03-20';
    const before = await run(a.org, (ctx) => listed(ctx, { from: at('00:00', date), to: at('23:59', date) }));
    await expect(
      run(a.org, (ctx) =>
        scheduling.scheduleSessions(ctx, [slot(a.tom, a.ava, '13:00', '13:45', date), slot(a.tom, a.leo, '13:30', '14:15', date)]),
      ),
    ).rejects.toMatchObject({ code: 'SCHEDULE_CONFLICT' });
    expect(await run(a.org, (ctx) => listed(ctx, { from: at('00:00', date), to: at('23:59', date) }))).toEqual(before);
    const made = await run(a.org, (ctx) =>
      scheduling.scheduleSessions(ctx, [slot(a.tom, a.ava, '13:00', '13:45', date), slot(a.tom, a.leo, '14:30', '15:15', date)]),
    );
    expect(made).toHaveLength(2);
  });

  it('lists by therapist and date range, overlapping the range, in start order', async () => {
    const date = '2030-04-02';
    const early = await run(a.org, (ctx) => scheduleOne(ctx, slot(a.tara, a.leo, '08:00', '08:45', date)));
    const late = await run(a.org, (ctx) => scheduleOne(ctx, slot(a.tara, a.ava, '15:00', '15:45', date)));
    const toms = await run(a.org, (ctx) => scheduleOne(ctx, slot(a.tom, a.ava, '10:00', '10:45', date)));
    const day = { from: at('00:00', date), to: at('00:00', addDays(date, 1)) };

    const all = await run(a.org, (ctx) => listed(ctx, day));
    expect(all.map((s) => s.id)).toEqual([early.id, toms.id, late.id]);
    expect(all[0]).toMatchObject({ student: { id: a.leo, first_name: 'Leo' }, therapist_id: a.tara, therapist_name: 'Tara Test' });

    const taras = await run(a.org, (ctx) => listed(ctx, { ...day, therapist_id: a.tara }));
    expect(taras.map((s) => s.id)).toEqual([early.id, late.id]);
    // A session running across the start of the range is included.
    const fromMidSession = await run(a.org, (ctx) => listed(ctx, { from: at('08:30', date), to: at('09:00', date) }));
    expect(fromMidSession.map((s) => s.id)).toEqual([early.id]);
    // Another organization sees none of them.
    expect(await run(b.org, (ctx) => listed(ctx, day))).toEqual([]);
    expect(await run(b.org, (ctx) => listed(ctx, { therapist_id: a.tara }))).toEqual([]);
  });

  it('reschedules and deletes only sessions that have not started', async () => {
    const date = '2030-06-03';
    const s = await run(a.org, (ctx) => scheduleOne(ctx, slot(a.tara, a.leo, '09:00', '09:45', date)));
    const blocker = await run(a.org, (ctx) => scheduleOne(ctx, slot(a.tara, a.ava, '11:00', '11:45', date)));
    await expect(
      run(a.org, (ctx) => desk.rescheduleSession(ctx, s.id, { startAt: at('10:00', date), endAt: at('10:45', date), reason: ' ' })),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(
      run(a.org, (ctx) => desk.rescheduleSession(ctx, s.id, { startAt: at('11:30', date), endAt: at('12:15', date), reason: 'Clash' })),
    ).rejects.toMatchObject({ code: 'SCHEDULE_CONFLICT' });
    const moved = await run(a.org, (ctx) =>
      desk.rescheduleSession(ctx, s.id, {
        startAt: at('09:15', date),
        endAt: at('10:00', date),
        reason: 'Parent late',
      }),
    );
    expect(moved.start_at).toBe(at('09:15', date).toISOString());
    await expect(run(b.org, (ctx) => desk.deleteSession(ctx, blocker.id))).rejects.toMatchObject({ code: 'NOT_FOUND' });

    await database.tenant(a.org, (tx) =>
      tx
        .update(therasessions)
        .set({ status: 'in_progress' })
        .where(and(eq(therasessions.organizationId, a.org), eq(therasessions.id, blocker.id))),
    );
    await expect(run(a.org, (ctx) => desk.deleteSession(ctx, blocker.id))).rejects.toMatchObject({
      code: 'ALREADY_STARTED',
    });
    await run(a.org, (ctx) => desk.deleteSession(ctx, asSessionId(s.id)));
    await expect(run(a.org, (ctx) => readSession(ctx, asSessionId(s.id)))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('keeps a client-made id and refuses one already taken', async () => {
    const id = newId<SessionId>();
    const s = await run(a.org, (ctx) => scheduleOne(ctx, { ...slot(a.tom, a.ava, '09:00', '09:45', '2030-07-01'), id }));
    expect(s.id).toBe(id);
    await expect(
      run(a.org, (ctx) => scheduleOne(ctx, { ...slot(a.tom, a.ava, '12:00', '12:45', '2030-07-01'), id })),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });
});

describeServer('time zones', () => {
  it('turns wall-clock times into instants across DST changes', () => {
    expect(zonedTimeToUtc('2030-07-01', '09:00', 'America/Chicago').toISOString()).toBe('2030-07-01T14:00:00.000Z');
    expect(zonedTimeToUtc('2030-01-01', '00:00', 'Asia/Kolkata').toISOString()).toBe('2029-12-31T18:30:00.000Z');
    // 02:30 does not exist on the spring-forward day: it moves forward to 03:30 EDT.
    expect(zonedTimeToUtc('2030-03-10', '02:30', TZ).toISOString()).toBe('2030-03-10T07:30:00.000Z');
    // 01:30 happens twice on the fall-back day: the first (EDT) one.
    expect(zonedTimeToUtc('2030-11-03', '01:30', TZ).toISOString()).toBe('2030-11-03T05:30:00.000Z');
    expect(localDate('Pacific/Kiritimati', new Date('2030-01-01T12:00:00Z'))).toBe('2030-01-02');
    expect(addDays('2032-02-28', 1)).toBe('2032-02-29');
  });

  it('starts weeks on Monday', () => {
    expect(weekStart('2031-03-03')).toBe('2031-03-03');
    expect(weekStart('2031-03-09')).toBe('2031-03-03');
    expect(weekStart('2031-03-10')).toBe('2031-03-10');
    expect(weekStart('2032-01-01')).toBe('2031-12-29');
  });
});
