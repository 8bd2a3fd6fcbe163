/**
 * Enrollments through HTTP: create (an existing student, a new one), read, list with search and
 * filters, replace with departments and programs, every org_status move legal and illegal (409 with
 * a sentence), archive and unarchive, delete, 400 with nothing written, another organization's ids
 * (404) and a role without students.manage (403).
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { expectFieldError, json, useAdminWorld } from '../helpers/admin-fixtures';
import { describeServer, type Actor } from '../helpers/collector-fixtures';
import { enrollments, students } from '../../server/db/schema/enrollments';
import { programStudents } from '../../server/db/schema/programs';
import { departmentStudents } from '../../server/db/schema/departments';
import { createDepartment } from '../../server/features/departments/service';
import { createProgram } from '../../server/features/programs/service';
import { asOwner, asUser } from '../helpers/system-context';
import { createChild } from '../../server/features/family/service';
import { createUser } from '../factories/accounts';
import type { OrganizationId } from '../../server/lib/ids';

const { t, w, staff, owner, rowsOf, auditOf } = useAdminWorld();
const base = (code = w.org.code) => `/api/tenant-management/enrollment/organization/${code}/enrollments/`;

function send(
  actor: Pick<Actor, 'cookie'>,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  query?: Record<string, string>,
) {
  return t.app.inject({
    method,
    url,
    headers: { cookie: actor.cookie },
    ...(query ? { query } : {}),
    ...(body !== undefined ? { payload: body as object } : {}),
  });
}
const created = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(201);
  return json(res);
};
const enrollNew = (first: string, last: string, extra: object = {}) =>
  send(owner(), 'POST', base(), { student: { first_name: first, last_name: last }, ...extra });
const move = (id: string, newStatus: string, reason = 'Because') =>
  send(owner(), 'PATCH', `${base()}${id}/org-status/`, { new_status: newStatus, reason });
const department = (organizationId: OrganizationId, name: string) =>
  asOwner(t.database, organizationId, (ctx) => createDepartment(ctx, { name }));
const program = (organizationId: OrganizationId, name: string) =>
  asOwner(t.database, organizationId, (ctx) => createProgram(ctx, { name, description: '' }));

describeServer('enrollments', () => {
  it('enrolls a new student with departments and programs, reads it, lists it and records the trail', async () => {
    const dept = await department(w.org.id, `Speech ${randomUUID().slice(0, 6)}`);
    const prog = await program(w.org.id, `Early language ${randomUUID().slice(0, 6)}`);
    const enrollment = created(
      await enrollNew('Mila', 'Okafor', {
        departments: [dept.id],
        programs: [prog.id],
        notes: '  Referred by school ',
        contract_start_date: '2027-01-04',
        contract_responsible_person: 'Ada Okafor',
      }),
    );
    expect(enrollment).toMatchObject({
      student: { first_name: 'Mila', last_name: 'Okafor' },
      departments: [{ id: dept.id, name: dept.name }],
      programs: [{ id: prog.id, name: prog.name }],
      notes: 'Referred by school',
      org_status: 'active',
      parent_status: 'accepted',
      contract_start_date: '2027-01-04',
      contract_responsible_person: 'Ada Okafor',
      contract_html: '',
      is_archived: false,
    });
    expect(json(await send(owner(), 'GET', `${base()}${enrollment.id}/`))).toEqual(enrollment);
    const page = json(await send(owner(), 'GET', base(), undefined, { search: 'okaf' }));
    expect(page.results.map((e: { id: string }) => e.id)).toEqual([enrollment.id]);
    expect((await auditOf(enrollment.id)).map((row) => row.action)).toEqual(['create']);
  });

  it('enrolls an existing student and refuses a second open enrollment (409)', async () => {
    const first = created(await enrollNew('Theo', 'Marsh'));
    await send(owner(), 'PATCH', `${base()}${first.id}/archive/`);
    const again = created(await send(owner(), 'POST', base(), { student: { id: first.student.id }, org_status: 'pending' }));
    expect(again).toMatchObject({ org_status: 'pending', student: { id: first.student.id } });
    const twice = await send(owner(), 'POST', base(), { student: { id: first.student.id } });
    expect(twice.statusCode).toBe(409);
    expect(json(twice).detail).toBe('The student already has an open enrollment.');
  });

  it("says whether a parent answers for the enrollment: a parent's child has one, a record the organization keeps has none", async () => {
    const kept = created(await enrollNew('Kept', 'Record'));
    // Nobody can accept for a record without a parent: its parent_status is a default, not a parent's answer.
    expect(kept).toMatchObject({ has_parent: false, parent_status: 'accepted' });
    const parent = await createUser(t, { userType: 'PAR', firstName: 'Parentof' });
    const child = await createChild(await asUser(t, parent.id), { firstName: 'Family', lastName: 'Child' });
    const family = created(await send(owner(), 'POST', base(), { student: { child_id: child.id } }));
    expect(family).toMatchObject({ has_parent: true, parent_status: 'pending' });
    const page = json(await send(owner(), 'GET', base(), undefined, { search: 'Child' }));
    expect(page.results.find((e: { id: string }) => e.id === family.id)).toMatchObject({ has_parent: true });
  });

  it('filters the list by org_status, parent_status and archived', async () => {
    const held = created(await enrollNew('Filter', 'Held'));
    await move(held.id, 'on_hold', 'Travelling');
    const filed = created(await enrollNew('Filter', 'Filed'));
    await send(owner(), 'PATCH', `${base()}${filed.id}/archive/`);
    const ids = async (query: Record<string, string>) =>
      json(await send(owner(), 'GET', base(), undefined, { search: 'Filter', ...query })).results.map((e: { id: string }) => e.id);
    expect(await ids({ org_status: 'on_hold' })).toEqual([held.id]);
    expect(await ids({ archived: 'true' })).toEqual([filed.id]);
    expect(await ids({ parent_status: 'pending' })).toEqual([]);
    // The archived one is left out: the list shows open enrollments unless archived=true.
    expect(await ids({ parent_status: 'accepted' })).toEqual([held.id]);
  });

  it('replaces the fields with PUT: departments and programs become exactly the lists given', async () => {
    const a = await department(w.org.id, `Dept A ${randomUUID().slice(0, 6)}`);
    const b = await department(w.org.id, `Dept B ${randomUUID().slice(0, 6)}`);
    const p = await program(w.org.id, `Prog ${randomUUID().slice(0, 6)}`);
    const e = created(await enrollNew('Put', 'Test', { departments: [a.id], programs: [p.id] }));
    const res = await send(owner(), 'PUT', `${base()}${e.id}/`, { departments: [b.id], programs: [], notes: 'Changed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ departments: [{ id: b.id }], programs: [], notes: 'Changed' });
  });

  it('allows every legal org_status move and refuses the illegal ones with 409 and a sentence', async () => {
    const legal: [string, string][] = [
      ['pending', 'active'],
      ['pending', 'discharged'],
      ['active', 'on_hold'],
      ['active', 'discharged'],
      ['on_hold', 'active'],
      ['on_hold', 'discharged'],
    ];
    const illegal: [string, string, string][] = [
      ['pending', 'pending', 'This enrollment is already pending.'],
      ['pending', 'on_hold', 'An enrollment that is pending cannot be set to on hold.'],
      ['active', 'active', 'This enrollment is already active.'],
      ['active', 'pending', 'An enrollment that is active cannot be set to pending.'],
      ['on_hold', 'on_hold', 'This enrollment is already on hold.'],
      ['on_hold', 'pending', 'An enrollment that is on hold cannot be set to pending.'],
      ['discharged', 'active', 'This enrollment is discharged; enroll the student again instead.'],
      ['discharged', 'on_hold', 'This enrollment is discharged; enroll the student again instead.'],
      ['discharged', 'pending', 'This enrollment is discharged; enroll the student again instead.'],
      ['discharged', 'discharged', 'This enrollment is already discharged.'],
    ];
    const at = async (status: string) => {
      const e = created(await enrollNew('Move', status, { org_status: status === 'pending' ? 'pending' : 'active' }));
      if (status === 'on_hold' || status === 'discharged') {
        expect((await move(e.id, status)).statusCode).toBe(200);
      }
      return e.id as string;
    };
    for (const [from, to] of legal) {
      const res = await move(await at(from), to, `To ${to}`);
      expect(res.statusCode, `${from} → ${to}: ${res.body}`).toBe(200);
      expect(json(res)).toMatchObject({ org_status: to, org_status_reason: `To ${to}` });
    }
    for (const [from, to, sentence] of illegal) {
      const id = await at(from);
      const res = await move(id, to);
      expect(res.statusCode, `${from} → ${to}`).toBe(409);
      expect(json(res).detail).toBe(sentence);
      expect(json(await send(owner(), 'GET', `${base()}${id}/`)).org_status).toBe(from);
    }
  });

  it('archives and unarchives, refusing to unarchive while another enrollment is open', async () => {
    const e = created(await enrollNew('Arch', 'Ive'));
    expect(json(await send(owner(), 'PATCH', `${base()}${e.id}/archive/`)).is_archived).toBe(true);
    expect(json(await send(owner(), 'PATCH', `${base()}${e.id}/unarchive/`)).is_archived).toBe(false);
    await send(owner(), 'PATCH', `${base()}${e.id}/archive/`);
    created(await send(owner(), 'POST', base(), { student: { id: e.student.id } }));
    const res = await send(owner(), 'PATCH', `${base()}${e.id}/unarchive/`);
    expect(res.statusCode).toBe(409);
    expect(json(res).detail).toBe('The student already has an open enrollment.');
  });

  it('deletes an enrollment with its programs and answers ok', async () => {
    const p = await program(w.org.id, `Del ${randomUUID().slice(0, 6)}`);
    const e = created(await enrollNew('Del', 'Ete', { programs: [p.id] }));
    const programRows = await rowsOf(programStudents);
    expect(json(await send(owner(), 'DELETE', `${base()}${e.id}/`))).toEqual({ ok: true });
    expect(await rowsOf(programStudents)).toBe(programRows - 1);
    expect((await send(owner(), 'GET', `${base()}${e.id}/`)).statusCode).toBe(404);
  });

  it('answers 400 on bad input and writes nothing', async () => {
    const before = [await rowsOf(enrollments), await rowsOf(students), await rowsOf(departmentStudents)];
    const foreignDept = await department(w.orgB.org.id, `Foreign ${randomUUID().slice(0, 6)}`);
    expectFieldError(await send(owner(), 'POST', base(), {}), 'student');
    expectFieldError(await send(owner(), 'POST', base(), { student: { first_name: 'A', last_name: 'B', id: randomUUID() } }), 'student');
    expectFieldError(await send(owner(), 'POST', base(), { student: { first_name: '', last_name: 'B' } }), 'student');
    expectFieldError(await enrollNew('Bad', 'Date', { contract_start_date: '31/01/2027' }), 'contract_start_date');
    expectFieldError(await enrollNew('Bad', 'Dept', { departments: [foreignDept.id] }), 'departments');
    expectFieldError(await enrollNew('Bad', 'Template', { contract_template: randomUUID() }), 'contract_template');
    expectFieldError(await enrollNew('Bad', 'Privacy', { privacy_and_role_template: randomUUID() }), 'privacy_and_role_template');
    const e = created(await enrollNew('Reason', 'Less'));
    expectFieldError(await move(e.id, 'on_hold', '   '), 'reason');
    expectFieldError(await move(e.id, 'sleeping'), 'new_status');
    expect([await rowsOf(enrollments), await rowsOf(students), await rowsOf(departmentStudents)]).toEqual([
      before[0]! + 1,
      before[1]! + 1,
      before[2],
    ]);
  });

  it("takes the contract start date as a date input sends it (a real day, 'YYYY-MM-DD') or null, and refuses anything else", async () => {
    const dated = created(await enrollNew('Leap', 'Day', { contract_start_date: '2028-02-29' }));
    expect(dated.contract_start_date).toBe('2028-02-29');
    expect(created(await enrollNew('No', 'Day', { contract_start_date: null })).contract_start_date).toBeNull();
    for (const wrong of ['2027-02-29', '2027-13-01', '2027-1-4', '', '2027-01-04T00:00:00Z']) {
      expectFieldError(await enrollNew('Wrong', 'Day', { contract_start_date: wrong }), 'contract_start_date');
    }
  });

  it("answers 404 for another organization's enrollment on every call and changes nothing", async () => {
    const foreign = created(
      await send(w.orgB.org.owner, 'POST', base(w.orgB.org.code), { student: { first_name: 'B', last_name: 'Side' } }),
    );
    const url = `${base()}${foreign.id}/`;
    for (const [method, path, body] of [
      ['GET', url, undefined],
      ['PUT', url, { notes: 'x' }],
      ['DELETE', url, undefined],
      ['PATCH', `${url}org-status/`, { new_status: 'on_hold', reason: 'x' }],
      ['PATCH', `${url}archive/`, undefined],
      ['PATCH', `${url}unarchive/`, undefined],
    ] as const) {
      const res = await send(owner(), method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(json(await send(w.orgB.org.owner, 'GET', `${base(w.orgB.org.code)}${foreign.id}/`))).toEqual(foreign);
    const foreignStudent = await send(owner(), 'POST', base(), { student: { id: w.orgB.placement.studentId } });
    expect(foreignStudent.statusCode).toBe(404);
    expect(json(foreignStudent).detail).toBe('Student not found.');
  });

  it('lets a therapist read enrollments but not change them (403), and staff (students.manage) change them', async () => {
    const e = created(await enrollNew('Role', 'Check'));
    expect((await send(w.therapist, 'GET', base())).statusCode).toBe(200);
    for (const [method, path, body] of [
      ['POST', base(), { student: { first_name: 'No', last_name: 'Way' } }],
      ['PUT', `${base()}${e.id}/`, { notes: 'x' }],
      ['DELETE', `${base()}${e.id}/`, undefined],
      ['PATCH', `${base()}${e.id}/org-status/`, { new_status: 'on_hold', reason: 'x' }],
      ['PATCH', `${base()}${e.id}/archive/`, undefined],
    ] as const) {
      expect((await send(w.therapist, method, path, body)).statusCode, `${method} ${path}`).toBe(403);
    }
    expect((await send(staff, 'PATCH', `${base()}${e.id}/org-status/`, { new_status: 'on_hold', reason: 'Front desk' })).statusCode).toBe(
      200,
    );
  });
});
