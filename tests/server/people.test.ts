/**
 * People directories: therapists, students and parents of an organization, searchable and
 * paginated, each one query; students and parents narrowed to a therapist's own assigned students.
 */
import { beforeAll, expect, it } from 'vitest';
import { json } from '../helpers/admin-fixtures';
import { addStaff, call, describeServer, useCollectorWorld, type Actor } from '../helpers/collector-fixtures';
import { createUser } from '../factories/accounts';
import { createChild } from '../../server/features/family/service';
import { enrollChild } from '../../server/features/enrollments/service';
import { asOwner, asUser } from '../helpers/system-context';

const { t, w } = useCollectorWorld();
const T = '/api/tenant-management';
const list = async (actor: Pick<Actor, 'cookie'>, kind: string, query: Record<string, string> = {}) => {
  const res = await call(t, actor, 'GET', `${T}/organization/${w.org.code}/${kind}/`, { query });
  expect(res.statusCode, res.body).toBe(200);
  return json(res);
};

let parent: { id: string; email: string };
let childStudentId: string;
let childEnrollmentId: string;
let staff: Actor;

beforeAll(async () => {
  const user = await createUser(t, { userType: 'PAR', firstName: 'Zelda' });
  parent = { id: user.id, email: user.email };
  const child = await createChild(await asUser(t, user.id), { firstName: 'Kid', lastName: 'Parented' });
  const enrolled = await asOwner(t.database, w.org.id, (ctx) => enrollChild(ctx, { childId: child.id }));
  childStudentId = enrolled.student.id;
  childEnrollmentId = enrolled.enrollment.id;
  staff = await addStaff(t, w.org);
});

describeServer('people directories', () => {
  it('lists the therapists with their departments and assigned students, searched, ordered and paged', async () => {
    const all = await list(w.org.owner, 'therapists');
    expect(all.count).toBe(2);
    const mine = all.results.find((r: any) => r.membership_id === w.therapist.membershipId);
    expect(mine).toMatchObject({ email: w.therapist.email, status: 'active', assigned_students: 1 });
    expect(mine.departments).toEqual([{ id: w.placement.departmentId, name: w.placement.departmentName }]);

    const found = await list(w.org.owner, 'therapists', { search: w.therapist.email.toUpperCase() });
    expect(found.results.map((r: any) => r.membership_id)).toEqual([w.therapist.membershipId]);

    const first = await list(w.org.owner, 'therapists', { page_size: '1', ordering: 'joined' });
    expect(first).toMatchObject({ count: 2, previous: null });
    expect(first.next).toContain('page=2');
    const second = await list(w.org.owner, 'therapists', { page_size: '1', page: '2', ordering: 'joined' });
    expect(second.results[0].membership_id).not.toBe(first.results[0].membership_id);
    // Past the end: no rows, the count still right.
    expect(await list(w.org.owner, 'therapists', { page: '9' })).toMatchObject({ count: 2, results: [] });
    expect((await list(w.org.owner, 'therapists', { status: 'former' })).count).toBe(0);
  });

  it('lists every student to the owner and staff, with departments, enrollment status and parent', async () => {
    for (const actor of [w.org.owner, staff]) {
      const students = await list(actor, 'students');
      expect(students.count).toBe(3);
      const child = students.results.find((r: any) => r.id === childStudentId);
      expect(child).toMatchObject({ first_name: 'Kid', enrollment_status: 'active', departments: [], therapists: [] });
      expect(child.parent).toEqual({ id: parent.id, first_name: 'Zelda', last_name: 'PAR user' });
      const placed = students.results.find((r: any) => r.id === w.placement.studentId);
      expect(placed.departments).toEqual([{ id: w.placement.departmentId, name: w.placement.departmentName }]);
      expect(placed.therapists).toEqual([expect.objectContaining({ membership_id: w.therapist.membershipId })]);
    }
    const byCode = await list(w.org.owner, 'students', { search: 'parented' });
    expect(byCode.results.map((r: any) => r.id)).toEqual([childStudentId]);
  });

  it('links a student to their programs and classroom, and a therapist to the classrooms they are homeroom teacher of', async () => {
    const created = async (path: string, body: object) => {
      const res = await call(t, w.org.owner, 'POST', path, { body });
      expect(res.statusCode, res.body).toBe(201);
      return json(res);
    };
    const program = await created(`${T}/organization/${w.org.code}/programs/`, { name: 'Social skills group' });
    await created(`${T}/programs/${program.id}/students/manage/`, { enrollment_id: childEnrollmentId });
    const classroom = await created(`/api/classrooms/organization/${w.org.code}/classrooms/`, {
      name: 'Room 4',
      homeroom_membership_id: w.therapist.membershipId,
    });
    await created(`/api/classrooms/classrooms/${classroom.id}/students/`, { student_id: childStudentId });

    const students = await list(w.org.owner, 'students');
    const child = students.results.find((r: any) => r.id === childStudentId);
    expect(child.programs).toEqual([{ id: program.id, name: 'Social skills group' }]);
    expect(child.classroom).toEqual({ id: classroom.id, name: 'Room 4' });
    const placed = students.results.find((r: any) => r.id === w.placement.studentId);
    expect(placed).toMatchObject({ programs: [], classroom: null });

    const therapists = await list(w.org.owner, 'therapists');
    const homeroom = therapists.results.find((r: any) => r.membership_id === w.therapist.membershipId);
    expect(homeroom.homerooms).toEqual([{ id: classroom.id, name: 'Room 4' }]);
    expect(therapists.results.find((r: any) => r.membership_id !== w.therapist.membershipId).homerooms).toEqual([]);
  });

  it('lists parents with their children in the organization', async () => {
    const parents = await list(w.org.owner, 'parents');
    expect(parents.count).toBe(1);
    expect(parents.results[0]).toMatchObject({ id: parent.id, email: parent.email });
    expect(parents.results[0].children).toEqual([{ student_id: childStudentId, first_name: 'Kid', last_name: 'Parented' }]);
  });

  it('shows a therapist only the students assigned to them and their parents', async () => {
    const students = await list(w.therapist, 'students');
    expect(students.results.map((r: any) => r.id)).toEqual([w.placement.studentId]);
    expect(await list(w.therapist, 'parents')).toMatchObject({ count: 0, results: [] });
  });

  it('needs members.view for the therapists, and hides the organization from outsiders', async () => {
    const res = await call(t, w.therapist, 'GET', `${T}/organization/${w.org.code}/therapists/`);
    expect(res.statusCode).toBe(403);
    expect((await list(staff, 'therapists')).count).toBe(2);
    for (const kind of ['therapists', 'students', 'parents']) {
      const outside = await call(t, w.orgB.org.owner, 'GET', `${T}/organization/${w.org.code}/${kind}/`);
      expect(outside.statusCode, kind).toBe(404);
    }
    const bad = await call(t, w.org.owner, 'GET', `${T}/organization/${w.org.code}/students/`, { query: { ordering: 'age' } });
    expect(bad.statusCode).toBe(400);
  });
});
