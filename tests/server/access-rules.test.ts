/**
 * The access module's rules, each shown on the call where it was once missing: the enrollments list
 * and an enrollment read answer a therapist only the children they reach, and the paperwork (the
 * family part) only where their role opens it; the parents directory and a student's parent follow
 * the family part; who reaches every child and every session.
 */
import { beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { roles } from '../../server/db/schema/organizations';
import { createChild } from '../../server/features/family/service';
import { enrollChild } from '../../server/features/enrollments/service';
import { EVERY_STUDENT_KEYS, partsFor, sessionReach, studentReach, type OrgAccess } from '../../server/lib/access';
import type { PermissionKey } from '../../contract/http';
import { json } from '../helpers/admin-fixtures';
import { addStaff, call, describeServer, useCollectorWorld, type Actor } from '../helpers/collector-fixtures';
import { asOwner, asUser } from '../helpers/system-context';
import { createUser } from '../factories/accounts';

const { t, w } = useCollectorWorld();
const T = '/api/tenant-management';
const AT = () => `${T}/enrollment/organization/${w.org.code}`;

let frontDesk: Actor;
/** A parent's child placed with the world's therapist, and one placed with the other therapist only. */
const mine = { studentId: '', enrollmentId: '', parentEmail: '' };
const theirs = { studentId: '', enrollmentId: '', parentEmail: '' };

async function enrolledChild(into: typeof mine, placement: { departmentId: string }, membershipId: string, label: string) {
  const parent = await createUser(t, { userType: 'PAR' });
  const child = await createChild(await asUser(t, parent.id), { firstName: label, lastName: 'Family' });
  const enrolled = await asOwner(t.database, w.org.id, (ctx) => enrollChild(ctx, { childId: child.id, notes: `${label} notes` }));
  Object.assign(into, { studentId: enrolled.student.id, enrollmentId: enrolled.enrollment.id, parentEmail: parent.email });
  const placed = await call(t, w.org.owner, 'POST', `${T}/departments/${placement.departmentId}/students/`, {
    body: { student_id: into.studentId },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const assigned = await call(t, w.org.owner, 'POST', `${T}/department-students/${json(placed).id}/therapists/`, {
    body: { membership_id: membershipId },
  });
  expect(assigned.statusCode, assigned.body).toBe(201);
}

let templates = 0;

/** Names a template on the child's enrollment opening `parts` to the Therapist role. */
async function templateFor(child: typeof mine, parts: string[]) {
  const [therapistRole] = await t.database.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.organizationId, w.org.id), eq(roles.defaultFor, 'therapist')));
  const template = await call(t, w.org.owner, 'POST', `${AT()}/privacy-roles/`, {
    body: { name: `Therapists: ${parts.join(', ')} (${(templates += 1)})`, rules: [{ role_id: therapistRole!.id, parts }] },
  });
  expect(template.statusCode, template.body).toBe(201);
  const current = json(await call(t, w.org.owner, 'GET', `${AT()}/enrollments/${child.enrollmentId}/`));
  const res = await t.app.inject({
    method: 'PUT',
    url: `${AT()}/enrollments/${child.enrollmentId}/`,
    headers: { cookie: w.org.owner.cookie },
    payload: {
      notes: current.notes,
      departments: current.departments.map((d: { id: string }) => d.id),
      programs: [],
      privacy_and_role_template: json(template).id,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  frontDesk = await addStaff(t, w.org);
  await enrolledChild(mine, w.placement, w.therapist.membershipId!, 'Mine');
  await enrolledChild(theirs, w.other.placement, w.other.therapist.membershipId!, 'Theirs');
});

const enrollmentsOf = async (actor: Actor) => {
  const res = await call(t, actor, 'GET', `${AT()}/enrollments/`, { query: { page_size: '100' } });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).results as Record<string, any>[];
};

describeServer('the access module on the calls that once leaked', () => {
  it("lists a therapist only their own children's enrollments, and reads another's as not found", async () => {
    const seen = (await enrollmentsOf(w.therapist)).map((e) => e.student.id);
    expect(seen).toContain(mine.studentId);
    expect(seen).not.toContain(theirs.studentId);
    expect(seen).not.toContain(w.other.placement.studentId);
    const other = await call(t, w.therapist, 'GET', `${AT()}/enrollments/${theirs.enrollmentId}/`);
    expect(other.statusCode).toBe(404);
    // The owner and the front desk (who enroll) list every enrollment, with its paperwork.
    for (const actor of [w.org.owner, frontDesk]) {
      const all = await enrollmentsOf(actor);
      expect(all.map((e) => e.student.id)).toEqual(expect.arrayContaining([mine.studentId, theirs.studentId]));
      expect(all.find((e) => e.student.id === theirs.studentId)!.notes).toBe('Theirs notes');
    }
  });

  it("keeps an enrollment's paperwork from a therapist until the template opens the family part", async () => {
    // Without a template the family part is the owner's and the enrollers': the fields are absent.
    const [before] = (await enrollmentsOf(w.therapist)).filter((e) => e.student.id === mine.studentId);
    expect(before).not.toHaveProperty('notes');
    expect(before).not.toHaveProperty('contract_html');
    expect(before).not.toHaveProperty('contract_responsible_person');
    await templateFor(mine, ['identity', 'family']);
    const opened = json(await call(t, w.therapist, 'GET', `${AT()}/enrollments/${mine.enrollmentId}/`));
    expect(opened.notes).toBe('Mine notes');
    await templateFor(mine, ['identity', 'goals_and_data']);
    const closed = json(await call(t, w.therapist, 'GET', `${AT()}/enrollments/${mine.enrollmentId}/`));
    expect(closed).not.toHaveProperty('notes');
    expect(closed.student.id).toBe(mine.studentId);
  });

  it("lists a therapist the parents of their own children only where the family part is open, and names a student's parent the same way", async () => {
    const parentsOf = async (actor: Actor) => (await call(t, actor, 'GET', `${T}/organization/${w.org.code}/parents/`)).body;
    const parentOf = async (actor: Actor, studentId: string) => {
      const res = json(await call(t, actor, 'GET', `${T}/organization/${w.org.code}/students/`, { query: { page_size: '100' } }));
      return res.results.find((s: { id: string }) => s.id === studentId)?.parent;
    };
    await templateFor(mine, ['identity', 'goals_and_data']);
    expect(await parentsOf(w.therapist)).not.toContain(mine.parentEmail);
    expect(await parentOf(w.therapist, mine.studentId)).toBeNull();
    await templateFor(mine, ['identity', 'family']);
    expect(await parentsOf(w.therapist)).toContain(mine.parentEmail);
    expect(await parentOf(w.therapist, mine.studentId)).toMatchObject({ first_name: 'Test' });
    // Never the parents of a child they do not reach, whatever the template of that child says.
    await templateFor(theirs, ['identity', 'family']);
    expect(await parentsOf(w.therapist)).not.toContain(theirs.parentEmail);
    // The front desk enrolls: it reaches every family.
    const desk = await parentsOf(frontDesk);
    expect(desk).toContain(mine.parentEmail);
    expect(desk).toContain(theirs.parentEmail);
  });

  it('reaches every child for the owner and for the keys whose work is on any child; every session for the schedule keepers', () => {
    const member = (keys: PermissionKey[], extra: Partial<OrgAccess> = {}): OrgAccess => ({
      organizationId: w.org.id,
      isOwner: false,
      membershipId: w.therapist.membershipId,
      permissions: new Set(keys),
      ...extra,
    });
    expect(studentReach({ ...member([]), isOwner: true, membershipId: null })).toEqual({ every: true });
    for (const key of EVERY_STUDENT_KEYS) {
      expect(studentReach(member([key]))).toEqual({ every: true });
    }
    expect(studentReach(member(['students.view', 'students.records', 'sessions.manage', 'members.view']))).toEqual({
      every: false,
      membershipId: w.therapist.membershipId,
    });
    expect(sessionReach(member(['sessions.manage']))).toEqual({ every: true });
    expect(sessionReach(member(['students.manage']))).toEqual({ every: false, membershipId: w.therapist.membershipId });
    // A former member let in to deliver what they recorded reaches only their own, whatever they held.
    const former = member(['students.manage', 'sessions.manage'], { membershipEndedAt: new Date() });
    expect(studentReach(former)).toEqual({ every: false, membershipId: w.therapist.membershipId });
    expect(sessionReach(former)).toEqual({ every: false, membershipId: w.therapist.membershipId });
    // Enrolling opens the family part whatever the template says; nothing else comes with it.
    expect(partsFor(member(['students.view', 'students.manage']), ['identity'])).toEqual(['identity', 'family']);
    expect(partsFor(member(['students.view', 'students.records']), null)).toEqual(['identity', 'goals_and_data']);
  });
});
