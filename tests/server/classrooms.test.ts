/**
 * Classrooms through HTTP (contract/classrooms.ts): every call's happy path,
 * the list's stats, pagination, search, filter and ordering, capacity (409 with the reason), one
 * classroom per student, a disabled classroom taking no new students, deleting with students (the
 * seats go, recorded), bulk delete, 400 field errors with nothing written, 404 for another
 * organization's ids, 403 without classrooms.manage, the audit rows, and list query counts that do
 * not grow with the page size.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { expectFieldError, json, useAdminWorld } from '../helpers/admin-fixtures';
import { addStaff, addTherapist, call, describeServer, type Actor } from '../helpers/collector-fixtures';
import { classrooms, classroomStudents } from '../../server/db/schema/classrooms';
import { createStudent } from '../../server/features/enrollments/service';
import { createClassroom } from '../../server/features/classrooms/service';
import { addClassroomStudent } from '../../server/features/classrooms/service-students';
import { CreateClassroomBody } from '../../contract/classrooms';
import { systemContext } from '../../server/lib/request-context';
import type { Tx } from '../../server/db/handles';

const C = '/api/classrooms';
const { t, w, staff, owner, rowsOf, auditCount, auditOf, giveRole, queriesOf } = useAdminWorld();

const base = (code = w.org.code) => `${C}/organization/${code}/classrooms/`;
const list = (actor: Actor, query: Record<string, string> = {}, code = w.org.code) => call(t, actor, 'GET', base(code), { query });
const create = (actor: Actor, body: unknown, code = w.org.code) => call(t, actor, 'POST', base(code), { body });
async function made(name: string, extra: Record<string, unknown> = {}) {
  const res = await create(owner(), { name, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return json(res) as { id: string; name: string; is_active: boolean; capacity: number | null };
}
const newStudent = (firstName = 'Kid', lastName = randomUUID().slice(0, 8)) =>
  t.database.tenant(w.org.id, (tx) => createStudent(asOwner(tx), { firstName, lastName }));
const seat = (classroomId: string, studentId: string, actor: Actor = owner()) =>
  call(t, actor, 'POST', `${C}/classrooms/${classroomId}/students/`, { body: { student_id: studentId } });

/** The owner's context in a tenant transaction, for calling the services themselves. */
const asOwner = (tx: Tx) => systemContext(tx, { organizationId: w.org.id, actor: w.org.owner.userId, call: 'tests.classrooms' });

const classroomCount = () => rowsOf(classrooms);
const seatCount = () => rowsOf(classroomStudents);

describeServer('classrooms', () => {
  it('creates, reads, lists with the stats, changes, and deletes a classroom, each write in the trail', async () => {
    const res = await create(owner(), {
      name: '  Sunflowers ',
      grade_level: 'Grade 2',
      room: 'B-12',
      capacity: 12,
      homeroom_membership_id: w.therapist.membershipId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = json(res);
    expect(created).toMatchObject({
      name: 'Sunflowers',
      grade_level: 'Grade 2',
      room: 'B-12',
      capacity: 12,
      is_active: true,
      students_count: 0,
      homeroom: { membership_id: w.therapist.membershipId, first_name: expect.any(String) },
    });

    const one = await call(t, owner(), 'GET', `${base()}${created.id}/`);
    expect(one.statusCode, one.body).toBe(200);
    expect(json(one)).toEqual(created);

    const page = json(await list(owner(), { search: 'sunflow' }));
    expect(page.results.map((c: { id: string }) => c.id)).toEqual([created.id]);
    const all = await t.database.db.select().from(classrooms).where(eq(classrooms.organizationId, w.org.id));
    expect(page).toMatchObject({
      count: 1,
      count_all: all.length,
      count_active: all.filter((c) => c.isActive).length,
      count_inactive: all.filter((c) => !c.isActive).length,
    });
    // Search also matches the room and the grade level.
    expect(json(await list(owner(), { search: 'b-12' })).results.map((c: { id: string }) => c.id)).toEqual([created.id]);

    const patched = await call(t, owner(), 'PATCH', `${base()}${created.id}/`, {
      body: { name: 'Sunflower Room', is_active: false, capacity: null, homeroom_membership_id: null },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(json(patched)).toMatchObject({ id: created.id, name: 'Sunflower Room', is_active: false, capacity: null, homeroom: null });

    const deleted = await call(t, owner(), 'DELETE', `${base()}${created.id}/`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await call(t, owner(), 'GET', `${base()}${created.id}/`)).statusCode).toBe(404);
    expect((await call(t, owner(), 'DELETE', `${base()}${created.id}/`)).statusCode).toBe(404);

    const trail = await auditOf(created.id);
    expect(trail.map((r) => `${r.action} ${r.entity} ${r.call}`)).toEqual([
      'create classroom classrooms.createClassroom',
      'update classroom classrooms.updateClassroom',
      'delete classroom classrooms.deleteClassroom',
    ]);
    expect(trail[1]!.changes).toEqual({
      name: ['Sunflowers', 'Sunflower Room'],
      is_active: [true, false],
      capacity: [12, null],
      homeroom_membership_id: [w.therapist.membershipId, null],
    });
    expect(trail[1]!.userId).toBe(w.org.owner.userId);
  });

  it('pages, searches, filters and orders the list; the stats stay the organization’s', async () => {
    const prefix = `Paged-${randomUUID().slice(0, 6)}`;
    for (const [i, name] of ['Delta', 'alpha', 'Charlie', 'bravo', 'Echo'].entries()) {
      await made(`${prefix} ${name}`, { is_active: i % 2 === 0, grade_level: `G${5 - i}` });
    }
    const first = json(await list(owner(), { search: prefix, page_size: '2' }));
    expect(first.count).toBe(5);
    expect(first.results.map((c: { name: string }) => c.name)).toEqual([`${prefix} alpha`, `${prefix} bravo`]);
    expect(first.previous).toBeNull();
    expect(first.next).toContain('page=2');
    const third = json(await list(owner(), { search: prefix, page_size: '2', page: '3' }));
    expect(third.results.map((c: { name: string }) => c.name)).toEqual([`${prefix} Echo`]);
    expect(third.next).toBeNull();
    const past = json(await list(owner(), { search: prefix, page_size: '2', page: '9' }));
    expect(past).toMatchObject({ count: 5, results: [] });

    expect(json(await list(owner(), { search: prefix, ordering: '-name' })).results[0].name).toBe(`${prefix} Echo`);
    expect(
      json(await list(owner(), { search: prefix, ordering: 'created_at' })).results.map((c: { name: string }) =>
        c.name.slice(prefix.length + 1),
      ),
    ).toEqual(['Delta', 'alpha', 'Charlie', 'bravo', 'Echo']);
    expect(json(await list(owner(), { search: prefix, ordering: 'grade_level' })).results[0].name).toBe(`${prefix} Echo`);

    const disabled = json(await list(owner(), { search: prefix, is_active: 'false' }));
    expect(disabled.results.map((c: { name: string }) => c.name).sort()).toEqual([`${prefix} alpha`, `${prefix} bravo`]);
    expect(disabled.count).toBe(2);
    expect(disabled.count_all).toBe(await classroomCount());
    expect(disabled.count_active + disabled.count_inactive).toBe(disabled.count_all);
    expect(json(await list(owner(), { search: `${prefix}%` })).count).toBe(0);
  });

  it('answers 400 with field errors and writes nothing', async () => {
    const room = await made(`Valid ${randomUUID().slice(0, 6)}`);
    const before = [await classroomCount(), await seatCount(), await auditCount()];
    expectFieldError(await create(owner(), { name: '   ' }), 'name');
    expectFieldError(await create(owner(), { name: 'x'.repeat(121) }), 'name');
    expectFieldError(await create(owner(), { name: 'Fine', capacity: 0 }), 'capacity');
    expectFieldError(await create(owner(), { name: 'Fine', capacity: 2.5 }), 'capacity');
    expectFieldError(await create(owner(), { name: 'Fine', is_active: 'yes' }), 'is_active');
    expectFieldError(await create(owner(), { name: 'Fine', homeroom_membership_id: 'nope' }), 'homeroom_membership_id');
    // A staff member is no homeroom therapist.
    expectFieldError(await create(owner(), { name: 'Fine', homeroom_membership_id: staff.membershipId }), 'homeroom_membership_id');
    expectFieldError(await list(owner(), { ordering: 'capacity' }), 'ordering');
    expectFieldError(await list(owner(), { page_size: '101' }), 'page_size');
    expectFieldError(await call(t, owner(), 'PATCH', `${base()}${room.id}/`, { body: { name: '' } }), 'name');
    expectFieldError(await call(t, owner(), 'PATCH', `${base()}not-a-uuid/`, { body: {} }), 'id');
    expectFieldError(await call(t, owner(), 'POST', `${C}/classrooms/${room.id}/students/`, { body: {} }), 'student_id');
    expectFieldError(await call(t, owner(), 'POST', `${base()}bulk-delete/`, { body: { ids: [] } }), 'ids');
    expect([await classroomCount(), await seatCount(), await auditCount()]).toEqual(before);
    const taken = await create(owner(), { name: room.name.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).errors.name).toBeDefined();
  });

  it('seats students up to the capacity and refuses the next with 409 and the reason', async () => {
    const room = await made(`Small ${randomUUID().slice(0, 6)}`, { capacity: 2 });
    const family = `Fam${randomUUID().slice(0, 6)}`;
    const [a, b, c] = [await newStudent('Zoe', family), await newStudent('Adam', family), await newStudent('Mila', family)];
    const first = await seat(room.id, a.id);
    expect(first.statusCode, first.body).toBe(201);
    expect(json(first)).toMatchObject({ classroom_id: room.id, student_id: a.id, first_name: 'Zoe', code: expect.any(String) });
    const again = await seat(room.id, a.id);
    expect(json(again).id).toBe(json(first).id);
    expect((await seat(room.id, b.id)).statusCode).toBe(201);
    const before = [await seatCount(), await auditCount()];
    const full = await seat(room.id, c.id);
    expect(full.statusCode).toBe(409);
    expect(json(full).detail).toBe(`${room.name} is full: 2 of 2 seats are taken.`);
    // The capacity can't go below the students seated.
    const lowered = await call(t, owner(), 'PATCH', `${base()}${room.id}/`, { body: { capacity: 1 } });
    expect(lowered.statusCode).toBe(409);
    expect(json(lowered).errors.capacity[0]).toContain('has 2 students');
    expect([await seatCount(), await auditCount()]).toEqual(before);

    const page = json(await call(t, owner(), 'GET', `${C}/classrooms/${room.id}/students/`, { query: { page_size: '1' } }));
    expect(page.count).toBe(2);
    expect(page.results.map((s: { first_name: string }) => s.first_name)).toEqual(['Adam']);
    expect(page.next).toContain('page=2');
    const found = json(await call(t, owner(), 'GET', `${C}/classrooms/${room.id}/students/`, { query: { search: 'zo' } }));
    expect(found.results.map((s: { id: string }) => s.id)).toEqual([json(first).id]);
    expect(json(await list(owner(), { search: room.name })).results[0].students_count).toBe(2);

    // Raising the capacity (or lifting it) lets the next one in.
    expect((await call(t, owner(), 'PATCH', `${base()}${room.id}/`, { body: { capacity: null } })).statusCode).toBe(200);
    expect((await seat(room.id, c.id)).statusCode).toBe(201);
  });

  it('holds the classroom while seating: a second seat waits for the first and finds the room full', async () => {
    const room = await made(`Last seat ${randomUUID().slice(0, 6)}`, { capacity: 1 });
    const [a, b] = [await newStudent(), await newStudent()];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let seatedFirst!: () => void;
    const inFirst = new Promise<void>((resolve) => (seatedFirst = resolve));
    // The first seat's transaction stays open until released; the second starts meanwhile.
    const first = t.database.tenant(w.org.id, async (tx) => {
      await addClassroomStudent(asOwner(tx), room.id, a.id);
      seatedFirst();
      await held;
    });
    await inFirst;
    const second = t.database
      .tenant(w.org.id, (tx) => addClassroomStudent(asOwner(tx), room.id, b.id))
      .then(
        () => 'seated',
        (error: Error) => error.message,
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await first;
    expect(await second).toBe(`${room.name} is full: 1 of 1 seats are taken.`);
  });

  it('seats a student in one classroom at a time, and a disabled classroom takes no new students', async () => {
    const [one, two] = [await made(`One ${randomUUID().slice(0, 6)}`), await made(`Two ${randomUUID().slice(0, 6)}`)];
    const kid = await newStudent();
    const seated = json(await seat(one.id, kid.id));
    const elsewhere = await seat(two.id, kid.id);
    expect(elsewhere.statusCode).toBe(409);
    expect(json(elsewhere).detail).toBe(`The student already sits in ${one.name}: take them out of it first.`);

    const removed = await call(t, owner(), 'DELETE', `${C}/classrooms/students/${seated.id}/`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call(t, owner(), 'DELETE', `${C}/classrooms/students/${seated.id}/`)).statusCode).toBe(404);
    expect((await seat(two.id, kid.id)).statusCode).toBe(201);

    await call(t, owner(), 'PATCH', `${base()}${one.id}/`, { body: { is_active: false } });
    const refused = await seat(one.id, (await newStudent()).id);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).detail).toContain('is disabled');

    const trail = await auditOf(seated.id);
    expect(trail.map((r) => `${r.action} ${r.entity}`)).toEqual(['create classroom_student', 'delete classroom_student']);
    expect(trail[0]!.scope).toEqual({ classroom: one.id, student: kid.id });
  });

  it('deletes a classroom with its students (the seats go, each recorded) and bulk deletes, answering unknown ids', async () => {
    const [full, empty] = [await made(`Full ${randomUUID().slice(0, 6)}`), await made(`Empty ${randomUUID().slice(0, 6)}`)];
    const seats: string[] = [];
    for (const name of ['Ann', 'Ben']) {
      seats.push(json(await seat(full.id, (await newStudent(name)).id)).id);
    }
    const missing = randomUUID();
    const res = await call(t, owner(), 'POST', `${base()}bulk-delete/`, { body: { ids: [full.id, missing, empty.id, full.id] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({
      deleted: [full.id, empty.id],
      failed: [{ id: missing, code: 'NOT_FOUND', detail: 'Classroom not found.' }],
    });
    const left = await t.database.db.select().from(classroomStudents).where(eq(classroomStudents.classroomId, full.id));
    expect(left).toEqual([]);
    for (const id of seats) {
      expect((await auditOf(id)).map((r) => `${r.action} ${r.entity} ${r.call}`)).toEqual([
        'create classroom_student classrooms.addClassroomStudent',
        'delete classroom_student classrooms.bulkDeleteClassrooms',
      ]);
    }
    expect((await auditOf(full.id)).map((r) => r.action)).toEqual(['create', 'delete']);
  });

  it("answers 404 for another organization's classrooms, seats and students, and changes nothing", async () => {
    const b = w.orgB.org.owner;
    const foreign = json(await call(t, b, 'POST', base(w.orgB.org.code), { body: { name: `B ${randomUUID().slice(0, 6)}` } }));
    const foreignSeat = json(await seat(foreign.id, w.orgB.placement.studentId, b));
    expect(foreignSeat.id).toBeDefined();
    const own = await made(`Own ${randomUUID().slice(0, 6)}`);
    const before = [await classroomCount(), await seatCount(), await auditCount()];
    const a = owner();
    for (const [method, url, body] of [
      ['GET', base(w.orgB.org.code), undefined],
      ['POST', base(w.orgB.org.code), { name: 'Mine' }],
      ['GET', `${base(w.orgB.org.code)}${foreign.id}/`, undefined],
      ['GET', `${base()}${foreign.id}/`, undefined],
      ['PATCH', `${base()}${foreign.id}/`, { name: 'Mine' }],
      ['DELETE', `${base()}${foreign.id}/`, undefined],
      ['GET', `${C}/classrooms/${foreign.id}/students/`, undefined],
      ['POST', `${C}/classrooms/${foreign.id}/students/`, { student_id: w.placement.studentId }],
      ['DELETE', `${C}/classrooms/students/${foreignSeat.id}/`, undefined],
      // Org B's student or therapist named in org A's own classroom.
      ['POST', `${C}/classrooms/${own.id}/students/`, { student_id: w.orgB.placement.studentId }],
      ['PATCH', `${base()}${own.id}/`, { homeroom_membership_id: w.orgB.therapist.membershipId }],
    ] as const) {
      const res = await call(t, a, method, url, body === undefined ? {} : { body });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    const bulk = json(await call(t, a, 'POST', `${base()}bulk-delete/`, { body: { ids: [foreign.id] } }));
    expect(bulk).toEqual({ deleted: [], failed: [{ id: foreign.id, code: 'NOT_FOUND', detail: 'Classroom not found.' }] });
    expect([await classroomCount(), await seatCount(), await auditCount()]).toEqual(before);
    expect(json(await call(t, b, 'GET', `${C}/classrooms/${foreign.id}/students/`)).count).toBe(1);
  });

  it('lets members without classrooms.manage read but not change classrooms (403); a role with the key may', async () => {
    const room = await made(`Roles ${randomUUID().slice(0, 6)}`);
    const kid = await newStudent();
    const placed = json(await seat(room.id, kid.id));
    for (const actor of [staff, w.therapist]) {
      expect((await list(actor)).statusCode).toBe(200);
      expect((await call(t, actor, 'GET', `${base()}${room.id}/`)).statusCode).toBe(200);
      expect((await call(t, actor, 'GET', `${C}/classrooms/${room.id}/students/`)).statusCode).toBe(200);
    }
    const before = [await classroomCount(), await seatCount(), await auditCount()];
    for (const actor of [staff, w.therapist]) {
      expect((await create(actor, { name: 'Front desk room' })).statusCode).toBe(403);
      expect((await call(t, actor, 'PATCH', `${base()}${room.id}/`, { body: { is_active: false } })).statusCode).toBe(403);
      expect((await call(t, actor, 'DELETE', `${base()}${room.id}/`)).statusCode).toBe(403);
      expect((await call(t, actor, 'POST', `${base()}bulk-delete/`, { body: { ids: [room.id] } })).statusCode).toBe(403);
      expect((await seat(room.id, (await newStudent()).id, actor)).statusCode).toBe(403);
      expect((await call(t, actor, 'DELETE', `${C}/classrooms/students/${placed.id}/`)).statusCode).toBe(403);
    }
    expect([await classroomCount(), await seatCount(), await auditCount()]).toEqual(before);

    const [manager, noKeys] = [await addStaff(t, w.org), await addStaff(t, w.org)];
    await giveRole(manager, `Classroom manager ${randomUUID().slice(0, 6)}`, ['classrooms.view', 'classrooms.manage']);
    await giveRole(noKeys, `Nothing ${randomUUID().slice(0, 6)}`, ['organization.view']);
    const res = await create(manager, { name: `By a manager ${randomUUID().slice(0, 6)}` });
    expect(res.statusCode, res.body).toBe(201);
    expect((await list(noKeys)).statusCode).toBe(403);
    expect((await call(t, noKeys, 'GET', `${C}/classrooms/${room.id}/students/`)).statusCode).toBe(403);
  });

  it('runs the same number of queries for a page of 2 and a page of 60 (no N+1)', async () => {
    const prefix = `Counted-${randomUUID().slice(0, 6)}`;
    const therapist = await addTherapist(t, w.org);
    const room = await t.database.tenant(w.org.id, async (tx) => {
      const homeroom = (name: string) => CreateClassroomBody.parse({ name, homeroom_membership_id: therapist.membershipId });
      const big = await createClassroom(asOwner(tx), homeroom(`${prefix} big`));
      for (let i = 0; i < 60; i += 1) {
        await createClassroom(asOwner(tx), homeroom(`${prefix} ${String(i).padStart(2, '0')}`));
      }
      return big;
    });
    for (let i = 0; i < 8; i += 1) {
      await seat(room.id, (await newStudent(`Counted ${i}`, prefix)).id);
    }
    for (const [url, query] of [
      [base(), { search: prefix }],
      [`${C}/classrooms/${room.id}/students/`, {}],
    ] as const) {
      const small = await queriesOf(url, { ...query, page_size: '2' });
      const large = await queriesOf(url, { ...query, page_size: '60' });
      expect(small.rows, url).toBe(2);
      expect(large.rows, url).toBeGreaterThan(5);
      expect(large.n, url).toBe(small.n);
      expect(small.n, url).toBeLessThanOrEqual(8);
    }
  });
});
