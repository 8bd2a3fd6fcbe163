/**
 * Departments through HTTP (contract/departments.ts): every call's happy path,
 * the list's stats, pagination, search, filter and ordering, 400 field errors with nothing written,
 * 404 for another organization's ids, 403 without departments.manage (a staff member without a role
 * holds departments.view only), bulk delete with rows in use, the history served from the audit
 * trail, the collector following therapist assignments, and a list query count that does not grow
 * with the page size.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { expectFieldError, json, useAdminWorld } from '../helpers/admin-fixtures';
import {
  addStaff,
  addTherapist,
  call,
  describeServer,
  placeStudent,
  pointsOf,
  scheduleFor,
  stamp,
  trialPoint,
  type Actor,
} from '../helpers/collector-fixtures';
import { auditTrail } from '../../server/db/schema/audit';
import { departments } from '../../server/db/schema/departments';
import { createStudent, enrollStudent } from '../../server/features/enrollments/service';
import { createDepartment } from '../../server/features/departments/service';
import { asOwner } from '../helpers/system-context';

const T = '/api/tenant-management';
const { t, w, staff, owner, rowsOf, auditCount, giveRole, queriesOf } = useAdminWorld();

const list = (actor: Actor, query: Record<string, string> = {}, code = w.org.code) =>
  call(t, actor, 'GET', `${T}/organization/${code}/departments/`, { query });
const create = (actor: Actor, body: unknown, code = w.org.code) =>
  call(t, actor, 'POST', `${T}/organization/${code}/departments/`, { body });
async function made(name: string, isActive = true) {
  const res = await create(owner(), { name, is_active: isActive });
  expect(res.statusCode, res.body).toBe(201);
  return json(res) as { id: string; name: string; is_active: boolean };
}

const departmentCount = () => rowsOf(departments);

describeServer('departments', () => {
  it('creates, lists with the stats, renames and disables, and deletes a department', async () => {
    const res = await create(owner(), { name: '  Occupational Therapy ' });
    expect(res.statusCode, res.body).toBe(201);
    const created = json(res);
    expect(created).toMatchObject({ name: 'Occupational Therapy', is_active: true, members_count: 0, students_count: 0 });

    const page = json(await list(owner(), { search: 'occupational' }));
    expect(page.results.map((d: { id: string }) => d.id)).toEqual([created.id]);
    const all = await t.database.db.select().from(departments).where(eq(departments.organizationId, w.org.id));
    expect(page).toMatchObject({
      count: 1,
      count_all: all.length,
      count_active: all.filter((d) => d.isActive).length,
      count_inactive: all.filter((d) => !d.isActive).length,
    });

    const patched = await call(t, owner(), 'PATCH', `${T}/departments/${created.id}/`, { body: { name: 'OT', is_active: false } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(json(patched)).toMatchObject({ id: created.id, name: 'OT', is_active: false });

    const deleted = await call(t, owner(), 'DELETE', `${T}/departments/${created.id}/`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(json(await list(owner(), { search: 'OT' })).results.some((d: { id: string }) => d.id === created.id)).toBe(false);
    expect((await call(t, owner(), 'DELETE', `${T}/departments/${created.id}/`)).statusCode).toBe(404);
  });

  it('counts a department with its team and students in the list row', async () => {
    const row = json(await list(owner(), { search: w.placement.departmentName })).results[0];
    expect(row).toMatchObject({ id: w.placement.departmentId, members_count: 1, students_count: 1 });
    // The same row by id (the detail screen); a member with departments.view reads it too.
    const one = await call(t, owner(), 'GET', `${T}/departments/${w.placement.departmentId}/`);
    expect(one.statusCode, one.body).toBe(200);
    expect(json(one)).toEqual(row);
    expect((await call(t, staff, 'GET', `${T}/departments/${w.placement.departmentId}/`)).statusCode).toBe(200);
  });

  it("counts for a therapist the department's students they see in its students list, as the header and the list row show", async () => {
    const therapist = await addTherapist(t, w.org);
    const placement = await placeStudent(t, w.org, therapist);
    const dept = placement.departmentId;
    const other = await asOwner(t.database, w.org.id, (ctx) =>
      createStudent(ctx, { firstName: 'Not', lastName: `Theirs ${randomUUID().slice(0, 6)}` }),
    );
    expect((await call(t, owner(), 'POST', `${T}/departments/${dept}/students/`, { body: { student_id: other.id } })).statusCode).toBe(201);

    const students = json(await call(t, therapist, 'GET', `${T}/departments/${dept}/students/`));
    expect(students.results.map((s: { student_id: string }) => s.student_id)).toEqual([placement.studentId]);
    const header = await call(t, therapist, 'GET', `${T}/departments/${dept}/`);
    expect(header.statusCode, header.body).toBe(200);
    expect(json(header).students_count).toBe(1);
    expect(json(await list(therapist, { search: placement.departmentName })).results[0]).toMatchObject({ id: dept, students_count: 1 });
    // The owner sees every student of the department, and counts them all.
    expect(json(await call(t, owner(), 'GET', `${T}/departments/${dept}/students/`)).count).toBe(2);
    expect(json(await call(t, owner(), 'GET', `${T}/departments/${dept}/`)).students_count).toBe(2);
    expect(json(await list(owner(), { search: placement.departmentName })).results[0]).toMatchObject({ id: dept, students_count: 2 });
  });

  it('pages, searches, filters and orders the list', async () => {
    const prefix = `Paged-${randomUUID().slice(0, 6)}`;
    for (const [i, name] of ['Delta', 'alpha', 'Charlie', 'bravo', 'Echo'].entries()) {
      await made(`${prefix} ${name}`, i % 2 === 0);
    }
    const first = json(await list(owner(), { search: prefix, page_size: '2' }));
    expect(first.count).toBe(5);
    expect(first.results.map((d: { name: string }) => d.name)).toEqual([`${prefix} alpha`, `${prefix} bravo`]);
    expect(first.previous).toBeNull();
    expect(first.next).toContain('page=2');
    const third = json(await list(owner(), { search: prefix, page_size: '2', page: '3' }));
    expect(third.results.map((d: { name: string }) => d.name)).toEqual([`${prefix} Echo`]);
    expect(third.next).toBeNull();
    expect(third.previous).toContain('page=2');

    const desc = json(await list(owner(), { search: prefix, ordering: '-name' }));
    expect(desc.results[0].name).toBe(`${prefix} Echo`);
    const created = json(await list(owner(), { search: prefix, ordering: 'created_at' }));
    expect(created.results.map((d: { name: string }) => d.name.slice(prefix.length + 1))).toEqual([
      'Delta',
      'alpha',
      'Charlie',
      'bravo',
      'Echo',
    ]);

    const disabled = json(await list(owner(), { search: prefix, is_active: 'false' }));
    expect(disabled.results.map((d: { name: string }) => d.name).sort()).toEqual([`${prefix} alpha`, `${prefix} bravo`]);
    // The stats stay the organization's, whatever the search and filter.
    expect(disabled.count).toBe(2);
    expect(disabled.count_all).toBe(await departmentCount());
    // Pattern characters are text, not wildcards.
    expect(json(await list(owner(), { search: `${prefix}%` })).count).toBe(0);
  });

  it('answers 400 with field errors and writes nothing', async () => {
    const before = [await departmentCount(), await auditCount()];
    expectFieldError(await create(owner(), { name: '   ' }), 'name');
    expectFieldError(await create(owner(), { name: 'x'.repeat(121) }), 'name');
    expectFieldError(await create(owner(), { name: 'Fine', is_active: 'yes' }), 'is_active');
    expectFieldError(await list(owner(), { ordering: 'price' }), 'ordering');
    expectFieldError(await list(owner(), { page_size: '101' }), 'page_size');
    const dept = w.placement.departmentId;
    expectFieldError(await call(t, owner(), 'PATCH', `${T}/departments/${dept}/`, { body: { name: '' } }), 'name');
    expectFieldError(
      await call(t, owner(), 'POST', `${T}/departments/${dept}/members/`, { body: { membership_id: 'nope' } }),
      'membership_id',
    );
    expectFieldError(await call(t, owner(), 'POST', `${T}/departments/${dept}/students/`, { body: {} }), 'student_id');
    expectFieldError(
      await call(t, owner(), 'POST', `${T}/organization/${w.org.code}/departments/bulk-delete/`, { body: { ids: [] } }),
      'ids',
    );
    expectFieldError(await call(t, owner(), 'PATCH', `${T}/departments/not-a-uuid/`, { body: {} }), 'id');
    // A therapist who is not active, or a staff member, can't be assigned: field errors too.
    const placement = json(await call(t, owner(), 'GET', `${T}/departments/${dept}/students/`)).results[0];
    expectFieldError(
      await call(t, owner(), 'POST', `${T}/department-students/${placement.id}/therapists/`, {
        body: { membership_id: staff.membershipId },
      }),
      'membership_id',
    );
    expect([await departmentCount(), await auditCount()]).toEqual(before);
    const taken = await create(owner(), { name: w.placement.departmentName.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).errors.name).toBeDefined();
  });

  it("answers 404 for another organization's departments, placements and assignments, and changes nothing", async () => {
    const foreign = w.orgB.placement.departmentId;
    const placementB = json(await call(t, w.orgB.org.owner, 'GET', `${T}/departments/${foreign}/students/`)).results[0];
    const assignmentB = placementB.assigned_therapists[0].id;
    const before = await auditCount();
    const a = owner();
    for (const [method, url, body] of [
      ['GET', `${T}/departments/${foreign}/`, undefined],
      ['PATCH', `${T}/departments/${foreign}/`, { name: 'Mine' }],
      ['DELETE', `${T}/departments/${foreign}/`, undefined],
      ['GET', `${T}/departments/${foreign}/history/`, undefined],
      ['GET', `${T}/departments/${foreign}/members/`, undefined],
      ['POST', `${T}/departments/${foreign}/members/`, { membership_id: w.therapist.membershipId }],
      ['GET', `${T}/departments/${foreign}/students/`, undefined],
      ['POST', `${T}/departments/${foreign}/students/`, { student_id: w.placement.studentId }],
      ['POST', `${T}/departments/${foreign}/students/bulk-delete/`, { ids: [placementB.id] }],
      ['PATCH', `${T}/department-students/${placementB.id}/`, { assigned_therapist_ids: [] }],
      ['DELETE', `${T}/department-students/${placementB.id}/`, undefined],
      ['GET', `${T}/department-students/${placementB.id}/therapists/`, undefined],
      ['POST', `${T}/department-students/${placementB.id}/therapists/`, { membership_id: w.therapist.membershipId }],
      ['DELETE', `${T}/department-students-therapists/${assignmentB}/`, undefined],
      ['GET', `${T}/organization/${w.orgB.org.code}/departments/`, undefined],
      ['GET', `${T}/organization-members/${w.orgB.org.code}/`, undefined],
    ] as const) {
      const res = await call(t, a, method, url, body === undefined ? {} : { body });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    // Org B's ids named in org A's own calls.
    const own = w.placement.departmentId;
    expect(
      (await call(t, a, 'POST', `${T}/departments/${own}/members/`, { body: { membership_id: w.orgB.therapist.membershipId } })).statusCode,
    ).toBe(404);
    expect(
      (await call(t, a, 'POST', `${T}/departments/${own}/students/`, { body: { student_id: w.orgB.placement.studentId } })).statusCode,
    ).toBe(404);
    const bulk = json(await call(t, a, 'POST', `${T}/organization/${w.org.code}/departments/bulk-delete/`, { body: { ids: [foreign] } }));
    expect(bulk).toEqual({ deleted: [], failed: [{ id: foreign, code: 'NOT_FOUND', detail: 'Department not found.' }] });
    expect(await auditCount()).toBe(before);
    expect(json(await call(t, w.orgB.org.owner, 'GET', `${T}/department-students/${placementB.id}/therapists/`)).results).toHaveLength(1);
  });

  it('lets a staff member without a role read but not change departments (403), and a therapist neither change nor read the history', async () => {
    const dept = w.placement.departmentId;
    expect((await list(staff)).statusCode).toBe(200);
    expect((await call(t, staff, 'GET', `${T}/departments/${dept}/members/`)).statusCode).toBe(200);
    expect((await call(t, staff, 'GET', `${T}/departments/${dept}/students/`)).statusCode).toBe(200);
    const before = [await departmentCount(), await auditCount()];
    for (const actor of [staff, w.therapist]) {
      expect((await create(actor, { name: 'Front desk dept' })).statusCode).toBe(403);
      expect((await call(t, actor, 'PATCH', `${T}/departments/${dept}/`, { body: { is_active: false } })).statusCode).toBe(403);
      expect((await call(t, actor, 'DELETE', `${T}/departments/${dept}/`)).statusCode).toBe(403);
      expect(
        (await call(t, actor, 'POST', `${T}/departments/${dept}/members/`, { body: { membership_id: staff.membershipId } })).statusCode,
      ).toBe(403);
      expect((await call(t, actor, 'GET', `${T}/organization-members/${w.org.code}/`)).statusCode).toBe(403);
      expect((await call(t, actor, 'GET', `${T}/departments/${dept}/history/`)).statusCode).toBe(403);
    }
    expect([await departmentCount(), await auditCount()]).toEqual(before);
  });

  it("follows the member's role: a role with departments.manage may write, one with departments.view only may not", async () => {
    const [manager, viewer] = [await addStaff(t, w.org), await addStaff(t, w.org)];
    await giveRole(manager, `Dept manager ${randomUUID().slice(0, 6)}`, ['departments.view', 'departments.manage']);
    await giveRole(viewer, `Dept viewer ${randomUUID().slice(0, 6)}`, ['departments.view']);
    const res = await create(manager, { name: `By a manager ${randomUUID().slice(0, 6)}` });
    expect(res.statusCode, res.body).toBe(201);
    expect((await call(t, manager, 'GET', `${T}/departments/${json(res).id}/history/`)).statusCode).toBe(403); // no audit.view
    expect((await create(viewer, { name: 'By a viewer' })).statusCode).toBe(403);
    expect((await list(viewer)).statusCode).toBe(200);
  });

  it('bulk deletes the free departments and answers which ids failed and why', async () => {
    const free = await made(`Free ${randomUUID().slice(0, 6)}`);
    const withStudents = await made(`Students only ${randomUUID().slice(0, 6)}`);
    const student = await asOwner(t.database, w.org.id, (ctx) =>
      createStudent(ctx, { firstName: 'Bulk', lastName: randomUUID().slice(0, 6) }),
    );
    expect(
      (await call(t, owner(), 'POST', `${T}/departments/${withStudents.id}/students/`, { body: { student_id: student.id } })).statusCode,
    ).toBe(201);
    const missing = randomUUID();
    const busy = w.placement.departmentId; // holds goals and a session
    const res = await call(t, owner(), 'POST', `${T}/organization/${w.org.code}/departments/bulk-delete/`, {
      body: { ids: [free.id, busy, missing, withStudents.id, free.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const outcome = json(res);
    expect(outcome.deleted).toEqual([free.id, withStudents.id]);
    expect(outcome.failed).toEqual([
      { id: busy, code: 'IN_USE', detail: expect.stringContaining('disable it instead') },
      { id: missing, code: 'NOT_FOUND', detail: 'Department not found.' },
    ]);
    const left = await t.database.db.select({ id: departments.id }).from(departments).where(eq(departments.organizationId, w.org.id));
    expect(left.map((d) => d.id)).toContain(busy);
    expect(left.map((d) => d.id)).not.toContain(free.id);
    const single = await call(t, owner(), 'DELETE', `${T}/departments/${busy}/`);
    expect(single.statusCode).toBe(409);
    expect(json(single).detail).toContain('disable it instead');
  });

  it('manages the team from the organization members and drops a removed member’s assignments', async () => {
    const dept = await made(`Team ${randomUUID().slice(0, 6)}`);
    const therapist = await addTherapist(t, w.org);
    const picked = json(
      await call(t, owner(), 'GET', `${T}/organization-members/${w.org.code}/`, { query: { search: therapist.email, role: 'therapist' } }),
    );
    // The member's organization role comes along (the roles screen's members list): a new therapist holds the built-in one.
    const roles = json(await call(t, owner(), 'GET', `${T}/organization/${w.org.id}/roles/`)).results as {
      id: string;
      default_for: string | null;
    }[];
    const builtIn = roles.find((r) => r.default_for === 'therapist')!;
    expect(picked.results).toEqual([
      expect.objectContaining({ membership_id: therapist.membershipId, email: therapist.email, role: 'therapist', role_id: builtIn.id }),
    ]);
    const everyone = json(await call(t, owner(), 'GET', `${T}/organization-members/${w.org.code}/`, { query: { page_size: '1' } }));
    expect(everyone.count).toBeGreaterThanOrEqual(4);
    expect(everyone.results).toHaveLength(1);

    const added = await call(t, owner(), 'POST', `${T}/departments/${dept.id}/members/`, { body: { membership_id: staff.membershipId } });
    expect(added.statusCode, added.body).toBe(201);
    expect(json(added)).toMatchObject({ membership_id: staff.membershipId, role: 'staff', department_id: dept.id });
    const again = await call(t, owner(), 'POST', `${T}/departments/${dept.id}/members/`, { body: { membership_id: staff.membershipId } });
    expect(json(again).id).toBe(json(added).id);

    const student = await asOwner(t.database, w.org.id, (ctx) =>
      createStudent(ctx, { firstName: 'Team', lastName: randomUUID().slice(0, 6) }),
    );
    const placed = json(await call(t, owner(), 'POST', `${T}/departments/${dept.id}/students/`, { body: { student_id: student.id } }));
    const assigned = await call(t, owner(), 'POST', `${T}/department-students/${placed.id}/therapists/`, {
      body: { membership_id: therapist.membershipId },
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    const team = json(await call(t, owner(), 'GET', `${T}/departments/${dept.id}/members/`));
    expect(team.results.map((m: { membership_id: string }) => m.membership_id).sort()).toEqual(
      [staff.membershipId, therapist.membershipId].sort(),
    );
    expect(json(await call(t, owner(), 'GET', `${T}/departments/${dept.id}/members/`, { query: { search: 'zzz-nobody' } })).count).toBe(0);

    const member = team.results.find((m: { membership_id: string }) => m.membership_id === therapist.membershipId);
    expect((await call(t, owner(), 'DELETE', `${T}/departments/${dept.id}/members/${member.id}/`)).statusCode).toBe(200);
    expect(json(await call(t, owner(), 'GET', `${T}/department-students/${placed.id}/therapists/`)).results).toEqual([]);
    expect((await call(t, owner(), 'DELETE', `${T}/departments/${dept.id}/members/${member.id}/`)).statusCode).toBe(404);
  });

  it('places students, sets and lists their therapists, and takes them out one by one or in bulk', async () => {
    const dept = await made(`Students ${randomUUID().slice(0, 6)}`);
    const [t1, t2] = [await addTherapist(t, w.org), await addTherapist(t, w.org)];
    const ids: string[] = [];
    for (const name of ['Zoe', 'Adam', 'Mila']) {
      const student = await asOwner(t.database, w.org.id, (ctx) => createStudent(ctx, { firstName: name, lastName: 'Placed' }));
      const res = await call(t, owner(), 'POST', `${T}/departments/${dept.id}/students/`, { body: { student_id: student.id } });
      expect(res.statusCode, res.body).toBe(201);
      expect(json(res)).toMatchObject({ student_id: student.id, department_id: dept.id, assigned_therapists: [] });
      ids.push(json(res).id);
    }
    const [zoe, adam, mila] = ids as [string, string, string];
    const set = await call(t, owner(), 'PATCH', `${T}/department-students/${zoe}/`, {
      body: { assigned_therapist_ids: [t1.membershipId, t2.membershipId] },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(
      json(set)
        .assigned_therapists.map((a: { membership_id: string }) => a.membership_id)
        .sort(),
    ).toEqual([t1.membershipId, t2.membershipId].sort());
    const narrowed = json(
      await call(t, owner(), 'PATCH', `${T}/department-students/${zoe}/`, { body: { assigned_therapist_ids: [t2.membershipId] } }),
    );
    expect(narrowed.assigned_therapists).toEqual([expect.objectContaining({ membership_id: t2.membershipId, department_student: zoe })]);

    const page = json(await call(t, owner(), 'GET', `${T}/departments/${dept.id}/students/`, { query: { page_size: '2' } }));
    expect(page.count).toBe(3);
    expect(page.results.map((s: { first_name: string }) => s.first_name)).toEqual(['Adam', 'Mila']);
    const found = json(await call(t, owner(), 'GET', `${T}/departments/${dept.id}/students/`, { query: { search: 'zo' } }));
    expect(found.results).toEqual([
      expect.objectContaining({ id: zoe, assigned_therapists: [expect.objectContaining({ membership_id: t2.membershipId })] }),
    ]);

    const mine = json(await call(t, owner(), 'GET', `${T}/department-students/${zoe}/therapists/`)).results;
    expect(mine).toHaveLength(1);
    expect((await call(t, owner(), 'DELETE', `${T}/department-students-therapists/${mine[0].id}/`)).statusCode).toBe(200);
    expect((await call(t, owner(), 'DELETE', `${T}/department-students-therapists/${mine[0].id}/`)).statusCode).toBe(404);

    expect((await call(t, owner(), 'DELETE', `${T}/department-students/${adam}/`)).statusCode).toBe(200);
    const missing = randomUUID();
    const bulk = json(
      await call(t, owner(), 'POST', `${T}/departments/${dept.id}/students/bulk-delete/`, { body: { ids: [zoe, missing, adam] } }),
    );
    expect(bulk).toEqual({
      deleted: [zoe],
      failed: [
        { id: missing, code: 'NOT_FOUND', detail: 'Department student not found.' },
        { id: adam, code: 'NOT_FOUND', detail: 'Department student not found.' },
      ],
    });
    expect(json(await call(t, owner(), 'GET', `${T}/departments/${dept.id}/students/`)).results.map((s: { id: string }) => s.id)).toEqual([
      mila,
    ]);
  });

  it('serves the history of a department, its team, students and therapists from the audit trail, newest first', async () => {
    const dept = await made(`History ${randomUUID().slice(0, 6)}`);
    const therapist = await addTherapist(t, w.org);
    const student = await asOwner(t.database, w.org.id, (ctx) =>
      createStudent(ctx, { firstName: 'Hist', lastName: randomUUID().slice(0, 6) }),
    );
    await call(t, owner(), 'PATCH', `${T}/departments/${dept.id}/`, { body: { name: `${dept.name} 2` } });
    await call(t, owner(), 'PATCH', `${T}/departments/${dept.id}/`, { body: { name: `${dept.name} 2` } }); // no change: no row
    await call(t, owner(), 'POST', `${T}/departments/${dept.id}/members/`, { body: { membership_id: staff.membershipId } });
    const placed = json(await call(t, owner(), 'POST', `${T}/departments/${dept.id}/students/`, { body: { student_id: student.id } }));
    const assignment = json(
      await call(t, owner(), 'POST', `${T}/department-students/${placed.id}/therapists/`, {
        body: { membership_id: therapist.membershipId },
      }),
    );
    await call(t, owner(), 'DELETE', `${T}/department-students/${placed.id}/`);

    const res = await call(t, owner(), 'GET', `${T}/departments/${dept.id}/history/`);
    expect(res.statusCode, res.body).toBe(200);
    const history = json(res);
    const steps = history.results.map((r: { action: string; entity: string }) => `${r.action} ${r.entity}`);
    expect(steps).toEqual([
      'delete department_student',
      'delete department_student_therapist',
      'create department_student_therapist',
      'create department_member', // the therapist joins the team with the assignment
      'create department_student',
      'create department_member',
      'update department',
      'create department',
    ]);
    expect(history.count).toBe(8);
    const rename = history.results.find((r: { action: string }) => r.action === 'update');
    expect(rename).toMatchObject({
      call: 'departments.updateDepartment',
      entity_id: dept.id,
      changes: { name: [dept.name, `${dept.name} 2`] },
      user: { id: w.org.owner.userId },
    });
    expect(
      history.results.find((r: { entity: string; action: string }) => r.entity === 'department_student_therapist' && r.action === 'create'),
    ).toMatchObject({
      entity_id: assignment.id,
      changes: { membership_id: [null, therapist.membershipId], student_id: [null, student.id] },
      // The people it concerns come by name, so the history reads "… assigned Hist X to <therapist>".
      member: { id: therapist.membershipId, first_name: expect.any(String) },
      student: { id: student.id, first_name: 'Hist', last_name: student.lastName },
    });
    expect(rename).toMatchObject({ member: null, student: null });
    // A removed placement still names its student.
    expect(history.results[0]).toMatchObject({ entity: 'department_student', student: { id: student.id, first_name: 'Hist' } });

    const paged = json(await call(t, owner(), 'GET', `${T}/departments/${dept.id}/history/`, { query: { page: '2', page_size: '3' } }));
    expect(paged.results.map((r: { id: number }) => r.id)).toEqual(history.results.slice(3, 6).map((r: { id: number }) => r.id));
    expect(paged.next).toContain('page=3');

    // Another department's history holds none of it; a deleted department keeps its own.
    const other = json(await call(t, owner(), 'GET', `${T}/departments/${w.placement.departmentId}/history/`));
    expect(other.results.some((r: { entity_id: string }) => r.entity_id === placed.id)).toBe(false);
    await call(t, owner(), 'DELETE', `${T}/departments/${dept.id}/`);
    const after = json(await call(t, owner(), 'GET', `${T}/departments/${dept.id}/history/`));
    // + the two team rows that went with it, and the department itself.
    expect(after.count).toBe(11);
    expect(
      after.results
        .slice(0, 3)
        .map((r: { action: string; entity: string }) => `${r.action} ${r.entity}`)
        .sort(),
    ).toEqual(['delete department', 'delete department_member', 'delete department_member']);
  });
});

describeServer("a therapist assignment and the therapist's collector", () => {
  let therapist: Actor;
  let placementId: string;
  let studentId: string;
  let goalIds: string[];
  let session: { id: string };
  beforeAll(async () => {
    // A student of the world's therapist; the new therapist has a session with them but no assignment yet.
    therapist = await addTherapist(t, w.org);
    const placement = await placeStudent(t, w.org, w.therapist);
    studentId = placement.studentId;
    goalIds = [placement.goals.discrete.id, placement.goals.frequency.id, placement.goals.duration.id];
    session = await scheduleFor(t, w.org, therapist, placement);
    const rows = json(await call(t, owner(), 'GET', `${T}/departments/${placement.departmentId}/students/`)).results;
    placementId = rows.find((r: { student_id: string }) => r.student_id === studentId).id;
  });

  /** What the collector's Today reads for this therapist: their sessions, the students' goals, their assigned students. */
  async function today() {
    const sessions = json(
      await call(t, therapist, 'GET', '/api/scheduling/therasessions/', { query: { therapist_id: therapist.membershipId! } }),
    );
    const goals = json(
      await call(t, therapist, 'GET', `/api/theragoals/organization/${w.org.id}/assigned-goals/`, { query: { student_ids: studentId } }),
    );
    const assigned = json(
      await call(t, therapist, 'GET', `${T}/organization/${w.org.code}/memberships/${therapist.membershipId}/therapist-assigned-students/`),
    );
    return {
      sessionIds: sessions.results.map((s: { id: string }) => s.id) as string[],
      goalIds: (goals.results.map((g: { goal_id: string }) => g.goal_id) as string[]).sort(),
      studentIds: assigned.results.map((s: { id: string }) => s.id) as string[],
    };
  }
  const point = (at: Date) => trialPoint(goalIds[0]!, null, Math.floor(Math.random() * 90_000) + 1, 'correct', stamp(at));
  const send = (points: unknown[]) => call(t, therapist, 'POST', `/api/collector/sessions/${session.id}/points/`, { body: { points } });

  it('assigning puts the student and their goals into the collector; unassigning takes them out and refuses later points only', async () => {
    expect(await today()).toEqual({ sessionIds: [], goalIds: [], studentIds: [] });
    expect((await send([point(new Date())])).statusCode).toBe(409);

    const assigned = await call(t, owner(), 'POST', `${T}/department-students/${placementId}/therapists/`, {
      body: { membership_id: therapist.membershipId },
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    expect(await today()).toEqual({ sessionIds: [session.id], goalIds: [...goalIds].sort(), studentIds: [studentId] });
    const opened = json(await call(t, therapist, 'GET', `/api/collector/sessions/${session.id}/`));
    expect(opened.goals.map((g: { goal_id: string }) => g.goal_id).sort()).toEqual([...goalIds].sort());
    const whileAssigned = point(new Date());
    expect((await send([whileAssigned])).statusCode).toBe(200);

    // Tapped offline while still assigned, sent after the unassignment.
    const tappedOffline = point(new Date());
    await new Promise((r) => setTimeout(r, 20));
    const removed = await call(t, owner(), 'DELETE', `${T}/department-students-therapists/${json(assigned).id}/`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await today()).toEqual({ sessionIds: [], goalIds: [], studentIds: [] });

    const before = (await pointsOf(t, w.org.id, session.id)).length;
    const late = point(new Date(Date.now() + 1000));
    const refused = await send([tappedOffline, late]);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(json(refused)).toMatchObject({ code: 'NOT_ASSIGNED', errors: { 'points.1.recorded_at': [expect.any(String)] } });
    expect(json(refused).detail).toContain('not assigned to this student since');
    expect(json(refused).errors['points.0.recorded_at']).toBeUndefined();
    expect((await pointsOf(t, w.org.id, session.id)).length).toBe(before);

    // The outbox then sends the points one by one: the offline tap lands, the later one stays refused.
    expect((await send([tappedOffline])).statusCode).toBe(200);
    expect((await send([late])).statusCode).toBe(409);
    const stored = (await pointsOf(t, w.org.id, session.id)).map((p) => p.id);
    expect(stored).toContain(tappedOffline.id);
    expect(stored).toContain(whileAssigned.id);
    expect(stored).not.toContain(late.id);

    // The unassignment is in the department's history, scoped to the student and the therapist.
    const rows = await t.database.db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.organizationId, w.org.id), eq(auditTrail.entityId, json(assigned).id)));
    expect(rows.map((r) => r.action).sort()).toEqual(['create', 'delete']);
    expect(rows[0]!.scope).toMatchObject({ student: studentId, membership: therapist.membershipId });
  });
});

describeServer('list query counts', () => {
  it('runs the same number of queries for a page of 2 and a page of 60 (no N+1)', async () => {
    const prefix = `Counted-${randomUUID().slice(0, 6)}`;
    const dept = await asOwner(t.database, w.org.id, async (ctx) => {
      const team = await createDepartment(ctx, { name: `${prefix} team` });
      for (let i = 0; i < 60; i += 1) {
        await createDepartment(ctx, { name: `${prefix} ${String(i).padStart(2, '0')}` });
      }
      return team;
    });
    const therapists: Actor[] = [];
    for (let i = 0; i < 6; i += 1) {
      therapists.push(await addTherapist(t, w.org));
    }
    for (let i = 0; i < 6; i += 1) {
      const student = await asOwner(t.database, w.org.id, (ctx) => createStudent(ctx, { firstName: `Counted ${i}`, lastName: prefix }));
      await asOwner(t.database, w.org.id, (ctx) => enrollStudent(ctx, { studentId: student.id }));
      const placed = json(await call(t, owner(), 'POST', `${T}/departments/${dept.id}/students/`, { body: { student_id: student.id } }));
      await call(t, owner(), 'PATCH', `${T}/department-students/${placed.id}/`, {
        body: { assigned_therapist_ids: therapists.slice(0, i + 1).map((th) => th.membershipId) },
      });
    }
    const lists: [string, Record<string, string>][] = [
      [`${T}/organization/${w.org.code}/departments/`, { search: prefix }],
      [`${T}/departments/${dept.id}/students/`, {}],
      [`${T}/departments/${dept.id}/members/`, {}],
      [`${T}/organization-members/${w.org.code}/`, {}],
      [`${T}/departments/${dept.id}/history/`, {}],
      // The people directories gather their departments, programs, classroom and therapists set by set.
      [`${T}/organization/${w.org.code}/students/`, { search: prefix }],
      [`${T}/organization/${w.org.code}/therapists/`, {}],
    ];
    for (const [url, query] of lists) {
      const small = await queriesOf(url, { ...query, page_size: '2' });
      const large = await queriesOf(url, { ...query, page_size: '60' });
      expect(small.rows, url).toBe(2);
      expect(large.rows, url).toBeGreaterThan(5);
      expect(large.n, url).toBe(small.n);
      expect(small.n, url).toBeGreaterThanOrEqual(3); // the session, the organization, the page (the counter counts)
      // Sign-in, organization and tenant set-up (PostgreSQL adds the session's settings), the page and
      // its count; the history adds one look-up each for the members and the students it names.
      expect(small.n, url).toBeLessThanOrEqual(url.endsWith('/history/') ? 10 : 8);
    }
  });
});
