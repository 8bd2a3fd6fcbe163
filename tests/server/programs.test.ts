/**
 * Programs through HTTP (contract/programs.ts): every call's happy path, the
 * list's count_all, pagination, search and ordering, programs-full, students added from the candidate
 * enrollments (only active ones, 409 with the reason otherwise) and removed, the program's departments
 * and team (search, department_id, ordering, `size`, employment_type/location_type refused), deleting
 * with students (links go, recorded), bulk delete, 400 field errors with nothing written, 404 for
 * another organization's ids, 403 without programs.manage, the audit rows, and list query counts that
 * do not grow with the page size.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { expectFieldError, json, useAdminWorld } from '../helpers/admin-fixtures';
import { addStaff, addTherapist, call, describeServer, type Actor } from '../helpers/collector-fixtures';
import { programs, programStudents } from '../../server/db/schema/programs';
import { archiveEnrollment, createStudent, enrollStudent, setEnrollmentOrgStatus } from '../../server/features/enrollments/service';
import { createDepartment } from '../../server/features/departments/service';
import { addDepartmentMember } from '../../server/features/departments/service-team';
import { addDepartmentStudent } from '../../server/features/departments/service-students';
import { asOwner } from '../helpers/system-context';
import { asDepartmentId } from '../../server/lib/ids';
import { createProgram } from '../../server/features/programs/service';
import { systemContext } from '../../server/lib/request-context';

const T = '/api/tenant-management';
const { t, w, staff, owner, rowsOf, auditCount, auditOf, giveRole, queriesOf } = useAdminWorld();

const base = (code = w.org.code) => `${T}/organization/${code}/programs/`;
const list = (actor: Actor, query: Record<string, string> = {}, code = w.org.code) => call(t, actor, 'GET', base(code), { query });
const create = (actor: Actor, body: unknown, code = w.org.code) => call(t, actor, 'POST', base(code), { body });
async function made(name: string, description = '') {
  const res = await create(owner(), { name, description });
  expect(res.statusCode, res.body).toBe(201);
  return json(res) as { id: string; name: string };
}
/** A new student of org A with an active enrollment. */
async function enrolled(firstName = 'Kid', lastName = randomUUID().slice(0, 8)) {
  const student = await asOwner(t.database, w.org.id, (ctx) => createStudent(ctx, { firstName, lastName }));
  const enrollment = await asOwner(t.database, w.org.id, (ctx) => enrollStudent(ctx, { studentId: student.id }));
  return { studentId: student.id, enrollmentId: enrollment.id, lastName };
}
/** A department made as the owner; its answer's id (a plain string on the wire) is named a department's here. */
async function department(name: string) {
  const created = await asOwner(t.database, w.org.id, (ctx) => createDepartment(ctx, { name }));
  return { ...created, id: asDepartmentId(created.id) };
}
const add = (programId: string, enrollmentId: string, actor: Actor = owner()) =>
  call(t, actor, 'POST', `${T}/programs/${programId}/students/manage/`, { body: { enrollment_id: enrollmentId } });

const programCount = () => rowsOf(programs);
const linkCount = () => rowsOf(programStudents);

describeServer('programs', () => {
  it('creates, lists with count_all, changes and deletes a program, each write in the trail', async () => {
    const res = await create(owner(), { name: '  Early Intervention ', description: 'Ages 0-3' });
    expect(res.statusCode, res.body).toBe(201);
    const created = json(res);
    expect(created).toMatchObject({ name: 'Early Intervention', description: 'Ages 0-3', students_count: 0 });

    const page = json(await list(owner(), { search: 'early inter' }));
    expect(page.results.map((p: { id: string }) => p.id)).toEqual([created.id]);
    expect(page).toMatchObject({ count: 1, count_all: await programCount() });

    const patched = await call(t, owner(), 'PATCH', `${T}/programs/${created.id}/`, { body: { name: 'EI', description: '' } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(json(patched)).toMatchObject({ id: created.id, name: 'EI', description: '' });

    expect((await call(t, owner(), 'DELETE', `${T}/programs/${created.id}/`)).statusCode).toBe(200);
    expect((await call(t, owner(), 'DELETE', `${T}/programs/${created.id}/`)).statusCode).toBe(404);
    const trail = await auditOf(created.id);
    expect(trail.map((r) => `${r.action} ${r.entity} ${r.call}`)).toEqual([
      'create program programs.createProgram',
      'update program programs.updateProgram',
      'delete program programs.deleteProgram',
    ]);
    expect(trail[1]!.changes).toEqual({ name: ['Early Intervention', 'EI'], description: ['Ages 0-3', ''] });
  });

  it('pages, searches and orders the list; programs-full answers them all with their departments', async () => {
    const prefix = `Paged-${randomUUID().slice(0, 6)}`;
    for (const name of ['Delta', 'alpha', 'Charlie', 'bravo', 'Echo']) {
      await made(`${prefix} ${name}`);
    }
    const first = json(await list(owner(), { search: prefix, page_size: '2' }));
    expect(first.count).toBe(5);
    expect(first.count_all).toBe(await programCount());
    expect(first.results.map((p: { name: string }) => p.name)).toEqual([`${prefix} alpha`, `${prefix} bravo`]);
    expect(first.next).toContain('page=2');
    const third = json(await list(owner(), { search: prefix, page_size: '2', page: '3' }));
    expect(third.results.map((p: { name: string }) => p.name)).toEqual([`${prefix} Echo`]);
    expect(third.next).toBeNull();
    expect(json(await list(owner(), { search: prefix, ordering: '-name' })).results[0].name).toBe(`${prefix} Echo`);
    expect(
      json(await list(owner(), { search: prefix, ordering: '-created_at' })).results.map((p: { name: string }) =>
        p.name.slice(prefix.length + 1),
      ),
    ).toEqual(['Echo', 'bravo', 'Charlie', 'alpha', 'Delta']);
    expect(json(await list(owner(), { search: `${prefix}_` })).count).toBe(0);

    const withStudent = await made(`${prefix} placed`);
    const kid = await enrolled();
    const dept = await department(`${prefix} dept`);
    await asOwner(t.database, w.org.id, (ctx) => addDepartmentStudent(ctx, dept.id, kid.studentId));
    expect((await add(withStudent.id, kid.enrollmentId)).statusCode).toBe(201);
    const full = await call(t, owner(), 'GET', `${T}/organization/${w.org.code}/programs-full/`, { query: { search: prefix } });
    expect(full.statusCode, full.body).toBe(200);
    expect(json(full).count_all).toBe(await programCount());
    expect(json(full).results.map((p: { name: string }) => p.name.slice(prefix.length + 1))).toEqual([
      'alpha',
      'bravo',
      'Charlie',
      'Delta',
      'Echo',
      'placed',
    ]);
    expect(json(full).results[5]).toMatchObject({ id: withStudent.id, students_count: 1, departments: [{ id: dept.id, name: dept.name }] });
    expect(json(full).results[0].departments).toEqual([]);
  });

  it('adds students from the candidate enrollments, refuses inactive ones with the reason, and removes them', async () => {
    const program = await made(`Students ${randomUUID().slice(0, 6)}`);
    const family = `Fam${randomUUID().slice(0, 6)}`;
    const [zoe, adam, mila] = [await enrolled('Zoe', family), await enrolled('Adam', family), await enrolled('Mila', family)];
    const onHold = await enrolled('Hold', family);
    await asOwner(t.database, w.org.id, (ctx) =>
      setEnrollmentOrgStatus(ctx, onHold.enrollmentId, { newStatus: 'on_hold', reason: 'Travelling' }),
    );
    const archived = await enrolled('Arch', family);
    await asOwner(t.database, w.org.id, (ctx) => archiveEnrollment(ctx, archived.enrollmentId));

    const candidates = json(
      await call(t, owner(), 'GET', `${T}/programs/${program.id}/candidate-enrollments/`, { query: { search: family } }),
    );
    expect(candidates.results.map((c: { first_name: string }) => c.first_name)).toEqual(['Adam', 'Mila', 'Zoe']);
    expect(candidates.results[0]).toEqual({
      enrollment_id: adam.enrollmentId,
      student_id: adam.studentId,
      first_name: 'Adam',
      last_name: family,
      code: expect.any(String),
      org_status: 'active',
    });

    const added = await add(program.id, zoe.enrollmentId);
    expect(added.statusCode, added.body).toBe(201);
    expect(json(added)).toMatchObject({
      program_id: program.id,
      enrollment_id: zoe.enrollmentId,
      student_id: zoe.studentId,
      first_name: 'Zoe',
    });
    expect(json(await add(program.id, zoe.enrollmentId)).id).toBe(json(added).id);
    await add(program.id, adam.enrollmentId);
    const after = json(await call(t, owner(), 'GET', `${T}/programs/${program.id}/candidate-enrollments/`, { query: { search: family } }));
    expect(after.results.map((c: { first_name: string }) => c.first_name)).toEqual(['Mila']);

    const before = [await linkCount(), await auditCount()];
    const held = await add(program.id, onHold.enrollmentId);
    expect(held.statusCode).toBe(409);
    expect(json(held).detail).toBe('The enrollment is on hold: only an active enrollment can join a program.');
    const arch = await add(program.id, archived.enrollmentId);
    expect(arch.statusCode).toBe(409);
    expect(json(arch).detail).toContain('archived');
    expect((await add(program.id, randomUUID())).statusCode).toBe(404);
    expect([await linkCount(), await auditCount()]).toEqual(before);

    const page = json(await call(t, owner(), 'GET', `${T}/programs/${program.id}/program-students/`, { query: { page_size: '1' } }));
    expect(page.count).toBe(2);
    expect(page.results.map((s: { first_name: string }) => s.first_name)).toEqual(['Adam']);
    expect(page.next).toContain('page=2');
    expect(
      json(await call(t, owner(), 'GET', `${T}/programs/${program.id}/program-students/`, { query: { search: 'zo' } })).results.map(
        (s: { enrollment_id: string }) => s.enrollment_id,
      ),
    ).toEqual([zoe.enrollmentId]);

    const removed = await call(t, owner(), 'DELETE', `${T}/programs/${program.id}/students/manage/${zoe.enrollmentId}/`);
    expect(removed.statusCode, removed.body).toBe(200);
    const again = await call(t, owner(), 'DELETE', `${T}/programs/${program.id}/students/manage/${zoe.enrollmentId}/`);
    expect(again.statusCode).toBe(404);
    expect(json(again).detail).toBe('The enrollment is not in this program.');
    expect((await call(t, owner(), 'DELETE', `${T}/programs/${program.id}/students/manage/${mila.enrollmentId}/`)).statusCode).toBe(404);

    const trail = await auditOf(json(added).id);
    expect(trail.map((r) => `${r.action} ${r.entity} ${r.call}`)).toEqual([
      'create program_student programs.addProgramStudent',
      'delete program_student programs.removeProgramStudent',
    ]);
    expect(trail[0]!.scope).toEqual({ program: program.id, enrollment: zoe.enrollmentId, student: zoe.studentId });
  });

  it("answers the program's departments and team, filtered, ordered and paged (size), refusing the unrecorded filters", async () => {
    const prefix = `Team-${randomUUID().slice(0, 6)}`;
    const program = await made(prefix);
    const [speech, motor, elsewhere] = [
      await department(`${prefix} Speech`),
      await department(`${prefix} Motor`),
      await department(`${prefix} Elsewhere`),
    ];
    const [a, b] = [await enrolled('Ann', prefix), await enrolled('Ben', prefix)];
    await asOwner(t.database, w.org.id, (ctx) => addDepartmentStudent(ctx, speech.id, a.studentId));
    await asOwner(t.database, w.org.id, (ctx) => addDepartmentStudent(ctx, speech.id, b.studentId));
    await asOwner(t.database, w.org.id, (ctx) => addDepartmentStudent(ctx, motor.id, b.studentId));
    const outsider = await enrolled('Out', prefix);
    await asOwner(t.database, w.org.id, (ctx) => addDepartmentStudent(ctx, elsewhere.id, outsider.studentId));
    await add(program.id, a.enrollmentId);
    await add(program.id, b.enrollmentId);

    const [t1, t2, t3] = [await addTherapist(t, w.org), await addTherapist(t, w.org), await addTherapist(t, w.org)];
    await asOwner(t.database, w.org.id, (ctx) => addDepartmentMember(ctx, speech.id, t1.membershipId!));
    await asOwner(t.database, w.org.id, (ctx) => addDepartmentMember(ctx, motor.id, t1.membershipId!));
    await asOwner(t.database, w.org.id, (ctx) => addDepartmentMember(ctx, motor.id, t2.membershipId!));
    await asOwner(t.database, w.org.id, (ctx) => addDepartmentMember(ctx, elsewhere.id, t3.membershipId!));
    await asOwner(t.database, w.org.id, (ctx) => addDepartmentMember(ctx, speech.id, staff.membershipId!)); // staff: not a therapist

    const departments = json(await call(t, owner(), 'GET', `${T}/programs/${program.id}/departments/`));
    expect(departments.results).toEqual([
      { id: motor.id, name: motor.name, is_active: true, students_count: 1 },
      { id: speech.id, name: speech.name, is_active: true, students_count: 2 },
    ]);

    const url = `${T}/programs/${program.id}/members/`;
    const team = json(await call(t, owner(), 'GET', url));
    expect(team.count).toBe(2);
    const byId = new Map(team.results.map((m: { membership_id: string }) => [m.membership_id, m]));
    expect(byId.get(t1.membershipId)).toMatchObject({ email: t1.email, department_ids: [motor.id, speech.id].sort() });
    expect(byId.get(t2.membershipId)).toMatchObject({ department_ids: [motor.id] });
    expect(byId.has(t3.membershipId)).toBe(false);

    const speechOnly = json(await call(t, owner(), 'GET', url, { query: { department_id: speech.id } }));
    expect(speechOnly.results.map((m: { membership_id: string }) => m.membership_id)).toEqual([t1.membershipId]);
    expect(json(await call(t, owner(), 'GET', url, { query: { search: t2.email } })).results).toHaveLength(1);
    const sized = json(await call(t, owner(), 'GET', url, { query: { size: '1', page: '2' } }));
    expect(sized).toMatchObject({ count: 2 });
    expect(sized.results).toHaveLength(1);
    expect(sized.previous).toContain('page=1');
    const asc = json(await call(t, owner(), 'GET', url, { query: { ordering: 'joined' } })).results.map(
      (m: { membership_id: string }) => m.membership_id,
    );
    const desc = json(await call(t, owner(), 'GET', url, { query: { ordering: '-joined' } })).results.map(
      (m: { membership_id: string }) => m.membership_id,
    );
    expect(desc).toEqual([...asc].reverse());
    // Empty is accepted; a value can't be honoured (nothing records it) and is refused, never ignored.
    expect((await call(t, owner(), 'GET', url, { query: { employment_type: '', location_type: '' } })).statusCode).toBe(200);
    expectFieldError(await call(t, owner(), 'GET', url, { query: { employment_type: 'full_time' } }), 'employment_type');
    expectFieldError(await call(t, owner(), 'GET', url, { query: { location_type: 'remote' } }), 'location_type');
  });

  it('answers 400 with field errors and writes nothing', async () => {
    const program = await made(`Valid ${randomUUID().slice(0, 6)}`);
    const before = [await programCount(), await linkCount(), await auditCount()];
    expectFieldError(await create(owner(), { name: '   ' }), 'name');
    expectFieldError(await create(owner(), { name: 'x'.repeat(121) }), 'name');
    expectFieldError(await create(owner(), { name: 'Fine', description: 'x'.repeat(4001) }), 'description');
    expectFieldError(await create(owner(), { name: 'Fine', description: 7 }), 'description');
    expectFieldError(await list(owner(), { ordering: 'price' }), 'ordering');
    expectFieldError(await list(owner(), { page_size: '0' }), 'page_size');
    expectFieldError(await call(t, owner(), 'PATCH', `${T}/programs/${program.id}/`, { body: { name: '' } }), 'name');
    expectFieldError(await call(t, owner(), 'PATCH', `${T}/programs/nope/`, { body: {} }), 'id');
    expectFieldError(await call(t, owner(), 'POST', `${T}/programs/${program.id}/students/manage/`, { body: {} }), 'enrollment_id');
    expectFieldError(await call(t, owner(), 'DELETE', `${T}/programs/${program.id}/students/manage/nope/`), 'enrollmentId');
    expectFieldError(await call(t, owner(), 'POST', `${base()}bulk-delete/`, { body: { ids: [] } }), 'ids');
    expectFieldError(await call(t, owner(), 'GET', `${T}/programs/${program.id}/members/`, { query: { size: '500' } }), 'size');
    expectFieldError(
      await call(t, owner(), 'GET', `${T}/programs/${program.id}/members/`, { query: { department_id: 'x' } }),
      'department_id',
    );
    expect([await programCount(), await linkCount(), await auditCount()]).toEqual(before);
    const taken = await create(owner(), { name: program.name.toLowerCase() });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).errors.name).toBeDefined();
  });

  it('deletes a program with its students (links go, each recorded) and bulk deletes, answering unknown ids', async () => {
    const [full, empty] = [await made(`Full ${randomUUID().slice(0, 6)}`), await made(`Empty ${randomUUID().slice(0, 6)}`)];
    const kid = await enrolled();
    const link = json(await add(full.id, kid.enrollmentId));
    const missing = randomUUID();
    const res = await call(t, owner(), 'POST', `${base()}bulk-delete/`, { body: { ids: [full.id, missing, empty.id] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ deleted: [full.id, empty.id], failed: [{ id: missing, code: 'NOT_FOUND', detail: 'Program not found.' }] });
    expect((await auditOf(link.id)).map((r) => `${r.action} ${r.call}`)).toEqual([
      'create programs.addProgramStudent',
      'delete programs.bulkDeletePrograms',
    ]);
    // The enrollment stays and is a candidate again elsewhere.
    const other = await made(`Other ${randomUUID().slice(0, 6)}`);
    expect((await add(other.id, kid.enrollmentId)).statusCode).toBe(201);
  });

  it("answers 404 for another organization's programs and enrollments, and changes nothing", async () => {
    const b = w.orgB.org.owner;
    const foreign = json(await call(t, b, 'POST', base(w.orgB.org.code), { body: { name: `B ${randomUUID().slice(0, 6)}` } }));
    const foreignKid = await asOwner(t.database, w.orgB.org.id, (ctx) => createStudent(ctx, { firstName: 'B', lastName: 'Kid' }));
    const foreignEnrollment = await asOwner(t.database, w.orgB.org.id, (ctx) => enrollStudent(ctx, { studentId: foreignKid.id }));
    expect(
      (await call(t, b, 'POST', `${T}/programs/${foreign.id}/students/manage/`, { body: { enrollment_id: foreignEnrollment.id } }))
        .statusCode,
    ).toBe(201);
    const own = await made(`Own ${randomUUID().slice(0, 6)}`);
    const before = [await programCount(), await linkCount(), await auditCount()];
    const a = owner();
    for (const [method, url, body] of [
      ['GET', base(w.orgB.org.code), undefined],
      ['POST', base(w.orgB.org.code), { name: 'Mine' }],
      ['GET', `${T}/organization/${w.orgB.org.code}/programs-full/`, undefined],
      ['PATCH', `${T}/programs/${foreign.id}/`, { name: 'Mine' }],
      ['DELETE', `${T}/programs/${foreign.id}/`, undefined],
      ['GET', `${T}/programs/${foreign.id}/program-students/`, undefined],
      ['GET', `${T}/programs/${foreign.id}/candidate-enrollments/`, undefined],
      ['POST', `${T}/programs/${foreign.id}/students/manage/`, { enrollment_id: foreignEnrollment.id }],
      ['DELETE', `${T}/programs/${foreign.id}/students/manage/${foreignEnrollment.id}/`, undefined],
      ['GET', `${T}/programs/${foreign.id}/departments/`, undefined],
      ['GET', `${T}/programs/${foreign.id}/members/`, undefined],
      // Org B's enrollment named in org A's own program.
      ['POST', `${T}/programs/${own.id}/students/manage/`, { enrollment_id: foreignEnrollment.id }],
    ] as const) {
      const res = await call(t, a, method, url, body === undefined ? {} : { body });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    const bulk = json(await call(t, a, 'POST', `${base()}bulk-delete/`, { body: { ids: [foreign.id] } }));
    expect(bulk).toEqual({ deleted: [], failed: [{ id: foreign.id, code: 'NOT_FOUND', detail: 'Program not found.' }] });
    expect([await programCount(), await linkCount(), await auditCount()]).toEqual(before);
    expect(json(await call(t, b, 'GET', `${T}/programs/${foreign.id}/program-students/`)).count).toBe(1);
  });

  it('lets members without programs.manage read but not change programs (403); a role with the key may', async () => {
    const program = await made(`Roles ${randomUUID().slice(0, 6)}`);
    const kid = await enrolled();
    await add(program.id, kid.enrollmentId);
    for (const actor of [staff, w.therapist]) {
      expect((await list(actor)).statusCode).toBe(200);
      expect((await call(t, actor, 'GET', `${T}/organization/${w.org.code}/programs-full/`)).statusCode).toBe(200);
      expect((await call(t, actor, 'GET', `${T}/programs/${program.id}/program-students/`)).statusCode).toBe(200);
      expect((await call(t, actor, 'GET', `${T}/programs/${program.id}/departments/`)).statusCode).toBe(200);
      expect((await call(t, actor, 'GET', `${T}/programs/${program.id}/members/`)).statusCode).toBe(200);
    }
    const before = [await programCount(), await linkCount(), await auditCount()];
    const other = await enrolled();
    for (const actor of [staff, w.therapist]) {
      expect((await create(actor, { name: 'Front desk program' })).statusCode).toBe(403);
      expect((await call(t, actor, 'PATCH', `${T}/programs/${program.id}/`, { body: { name: 'X' } })).statusCode).toBe(403);
      expect((await call(t, actor, 'DELETE', `${T}/programs/${program.id}/`)).statusCode).toBe(403);
      expect((await call(t, actor, 'POST', `${base()}bulk-delete/`, { body: { ids: [program.id] } })).statusCode).toBe(403);
      expect((await call(t, actor, 'GET', `${T}/programs/${program.id}/candidate-enrollments/`)).statusCode).toBe(403);
      expect((await add(program.id, other.enrollmentId, actor)).statusCode).toBe(403);
      expect((await call(t, actor, 'DELETE', `${T}/programs/${program.id}/students/manage/${kid.enrollmentId}/`)).statusCode).toBe(403);
    }
    expect([await programCount(), await linkCount(), await auditCount()]).toEqual(before);

    const [manager, noKeys] = [await addStaff(t, w.org), await addStaff(t, w.org)];
    await giveRole(manager, `Program manager ${randomUUID().slice(0, 6)}`, ['programs.view', 'programs.manage']);
    await giveRole(noKeys, `Nothing ${randomUUID().slice(0, 6)}`, ['organization.view']);
    expect((await add(program.id, other.enrollmentId, manager)).statusCode).toBe(201);
    expect((await list(noKeys)).statusCode).toBe(403);
    expect((await call(t, noKeys, 'GET', `${T}/programs/${program.id}/members/`)).statusCode).toBe(403);
  });

  it('runs the same number of queries for a page of 2 and a page of 60 (no N+1)', async () => {
    const prefix = `Counted-${randomUUID().slice(0, 6)}`;
    const program = await t.database.tenant(w.org.id, async (tx) => {
      const ctx = systemContext(tx, { organizationId: w.org.id, actor: w.org.owner.userId, call: 'tests.programs' });
      const big = await createProgram(ctx, { name: `${prefix} big`, description: '' });
      for (let i = 0; i < 60; i += 1) {
        await createProgram(ctx, { name: `${prefix} ${String(i).padStart(2, '0')}`, description: '' });
      }
      return big;
    });
    const dept = await department(`${prefix} dept`);
    for (let i = 0; i < 8; i += 1) {
      const kid = await enrolled(`Counted ${i}`, prefix);
      await asOwner(t.database, w.org.id, (ctx) => addDepartmentStudent(ctx, dept.id, kid.studentId));
      if (i < 6) {
        await add(program.id, kid.enrollmentId);
      }
      const therapist = await addTherapist(t, w.org);
      await asOwner(t.database, w.org.id, (ctx) => addDepartmentMember(ctx, dept.id, therapist.membershipId!));
    }
    for (const [url, query] of [
      [base(), { search: prefix }],
      [`${T}/programs/${program.id}/program-students/`, {}],
      [`${T}/programs/${program.id}/candidate-enrollments/`, { search: prefix }],
      [`${T}/programs/${program.id}/members/`, {}],
    ] as const) {
      const small = await queriesOf(url, { ...query, page_size: '2' });
      const large = await queriesOf(url, { ...query, page_size: '60' });
      expect(small.rows, url).toBe(2);
      expect(large.rows, url).toBeGreaterThan(1);
      expect(large.n, url).toBe(small.n);
      expect(small.n, url).toBeLessThanOrEqual(8);
    }
    // programs-full: a fixed number of queries whatever the number of programs.
    const full = await queriesOf(`${T}/organization/${w.org.code}/programs-full/`, { search: prefix });
    expect(full.rows).toBe(61);
    const one = await queriesOf(`${T}/organization/${w.org.code}/programs-full/`, { search: `${prefix} big` });
    expect(one.n).toBe(full.n);
  });
});
