import { beforeAll, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { roles } from '../../server/db/schema/organizations';
import { createChild } from '../../server/features/family/service';
import { enrollChild } from '../../server/features/enrollments/service';
import { addDepartmentStudent, assignTherapist } from '../../server/features/departments/service-students';
import { apiRoutes, type ApiRoute } from '../helpers/route-catalog';
import { requestFor } from '../helpers/route-requests';
import { addStaff, call, describeServer, useCollectorWorld, type Actor, type Placement } from '../helpers/collector-fixtures';
import { asOwner, asUser } from '../helpers/system-context';
import { createUser } from '../factories/accounts';

/**
 * WHO REACHES A CHILD, walked over every call. Each registered organization route is called with
 * the ids of records the caller must not reach (every id of a child outside their scope, in every
 * path parameter and every id filter), and its answer is searched for anything of that child:
 * their ids, their names, their parent's e-mail, their enrollment's paperwork, their goals. The
 * routes come from the app (tests/helpers/route-catalog.ts), so a call added later is walked
 * without touching this file.
 *
 * The callers:
 * - a therapist of another department: reaches the children assigned to them, nobody else's;
 * - the same therapist for their own child, whose privacy-role template opens identity and goals
 *   to the Therapist role and closes the family part: no parent contact, no enrollment paperwork;
 * - the front desk (staff's built-in role): reaches every child to enroll and schedule them, and
 *   opens no child's goals and data.
 * Writes: no call that names an unreached child's record (in its path or its `student_id`)
 * answers 2xx to the therapist.
 */

vi.mock('fastify', async (original) => (await import('../helpers/route-catalog')).recordingFastify(original));

const { t, w } = useCollectorWorld();
const T = '/api/tenant-management';

/** A parent's child enrolled in the world's organization, with marked paperwork, placed with `therapist` in `placement`'s department. */
async function familyChild(label: string, therapist: Actor, placement: Placement, templateId: string) {
  const parent = await createUser(t, { userType: 'PAR', firstName: `Parent${label}` });
  const child = await createChild(await asUser(t, parent.id), { firstName: `Child${label}`, lastName: `Walked${label}` });
  const enrolled = await asOwner(t.database, w.org.id, (ctx) => enrollChild(ctx, { childId: child.id }));
  const studentId = enrolled.student.id;
  const placementId = await asOwner(t.database, w.org.id, async (ctx) => {
    const placed = await addDepartmentStudent(ctx, placement.departmentId, studentId);
    await assignTherapist(ctx, placed.id, therapist.membershipId!);
    return placed.id;
  });
  const put = await t.app.inject({
    method: 'PUT',
    url: `${T}/enrollment/organization/${w.org.code}/enrollments/${enrolled.enrollment.id}/`,
    headers: { cookie: w.org.owner.cookie },
    payload: {
      notes: `Notes${label} about the family`,
      departments: [placement.departmentId],
      programs: [],
      privacy_and_role_template: templateId,
      contract_template: null,
      contract_start_date: null,
      contract_responsible_person: `Responsible${label}`,
    },
  });
  expect(put.statusCode, put.body).toBe(200);
  return {
    studentId,
    enrollmentId: enrolled.enrollment.id,
    placementId,
    parentId: parent.id,
    markers: {
      parentEmail: parent.email,
      notes: `Notes${label}`,
      responsible: `Responsible${label}`,
      name: `Walked${label}`,
    },
  };
}

/** A classroom and a program holding both children, so their lists are walked too. */
async function groupBoth(children: { studentId: string; enrollmentId: string }[]) {
  const created = async (url: string, body: object) => {
    const res = await call(t, w.org.owner, 'POST', url, { body });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const classroomId = await created(`/api/classrooms/organization/${w.org.code}/classrooms/`, { name: 'Walked classroom' });
  const programId = await created(`${T}/organization/${w.org.code}/programs/`, { name: 'Walked program' });
  for (const child of children) {
    await created(`/api/classrooms/classrooms/${classroomId}/students/`, { student_id: child.studentId });
    await created(`${T}/programs/${programId}/students/manage/`, { enrollment_id: child.enrollmentId });
  }
  return [classroomId, programId];
}

let groups: string[] = [];
let outside: Awaited<ReturnType<typeof familyChild>>;
let own: Awaited<ReturnType<typeof familyChild>>;
let frontDesk: Actor;
let api: ApiRoute[] = [];

beforeAll(async () => {
  api = (await apiRoutes(t.app)).filter((r) => r.access.kind === 'org');
  const roleOf = async (kind: 'therapist' | 'staff') =>
    (
      await t.database.db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.organizationId, w.org.id), eq(roles.defaultFor, kind)))
    )[0]!.id;
  const template = await call(t, w.org.owner, 'POST', `${T}/enrollment/organization/${w.org.code}/privacy-roles/`, {
    body: {
      name: 'Access walk',
      rules: [
        { role_id: await roleOf('therapist'), parts: ['identity', 'goals_and_data'] },
        { role_id: await roleOf('staff'), parts: ['identity', 'family'] },
      ],
    },
  });
  expect(template.statusCode, template.body).toBe(201);
  const templateId = (template.json() as { id: string }).id;
  // The world's therapist works in their department; the other therapist's child is out of their reach.
  own = await familyChild('Own', w.therapist, w.placement, templateId);
  outside = await familyChild('Outside', w.other.therapist, w.other.placement, templateId);
  groups = await groupBoth([own, outside]);
  frontDesk = await addStaff(t, w.org);
}, 120_000);

/** Every value a child outside the caller's reach is known by: the ids to send, and what must not come back. */
function outsideChild() {
  const p = w.other.placement;
  const ids = [
    outside.studentId,
    outside.enrollmentId,
    outside.placementId,
    outside.parentId,
    p.studentId,
    p.goals.discrete.id,
    p.goals.frequency.id,
    p.goals.duration.id,
    ...p.goals.discrete.subGoalIds,
    w.other.session.id,
  ];
  // The groups the child is in are sent (their lists must leave the child out), not searched for.
  return { ids: [...ids, ...groups], forbidden: [...ids, ...Object.values(outside.markers)] };
}

/** The requests of one route: its plain form, then each id in each id-shaped parameter and filter. */
function requestsOf(route: ApiRoute, ids: string[]) {
  const org = { id: w.org.id, code: w.org.code };
  const params = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!).filter((n) => !['orgId', 'orgCode', 'token'].includes(n));
  const filters = (route.operation.parameters ?? [])
    .filter((p) => p.in === 'query' && p.name !== 'organization_id' && /(^|_)ids?$/.test(p.name))
    .map((p) => p.name);
  const requests = [requestFor(route, org, { student_id: ids[0] })];
  for (const name of params) {
    for (const id of ids) {
      requests.push(requestFor(route, org, { [name]: id, student_id: ids[0] }));
    }
  }
  for (const name of filters) {
    for (const id of ids) {
      const base = requestFor(route, org, { student_id: ids[0] });
      const url = new URL(base.url, 'http://x');
      url.searchParams.set(name, id);
      requests.push({ ...base, url: `${url.pathname}${url.search}` });
    }
  }
  return requests;
}

async function send(actor: Actor, method: string, request: { url: string; body: unknown }) {
  return t.app.inject({
    method: method as 'GET',
    url: request.url,
    headers: { cookie: actor.cookie, ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
  });
}

/** Every read of the catalog as `actor` (or one of `parts` parts of it), sending `ids`: the answers that carry any of `forbidden`. */
async function leaksOf(actor: Actor, ids: string[], forbidden: string[], part = { index: 0, parts: 1 }) {
  const leaks: string[] = [];
  let requests = 0;
  const reads = api.filter((r) => r.method === 'GET').filter((_, i) => i % part.parts === part.index);
  for (const route of reads) {
    for (const request of requestsOf(route, ids)) {
      const res = await send(actor, 'GET', request);
      requests += 1;
      const found = forbidden.filter((value) => res.body.toLowerCase().includes(value.toLowerCase()));
      if (found.length > 0) {
        leaks.push(`GET ${request.url} → ${res.statusCode} carries ${found.join(', ')}`);
      }
    }
  }
  return { leaks: [...new Set(leaks)], requests };
}

describeServer('who reaches a child: every organization call, walked', () => {
  // In parts, a test each, so each keeps within its time on a loaded machine as the calls grow.
  for (const index of [0, 1]) {
    it(`answers a therapist nothing of a child of another department (reads, part ${index + 1} of 2)`, async () => {
      const { ids, forbidden } = outsideChild();
      const { leaks, requests } = await leaksOf(w.therapist, ids, forbidden, { index, parts: 2 });
      console.log(`access walk (therapist of another department, part ${index + 1}): ${requests} reads, ${leaks.length} leaks`);
      expect(requests).toBeGreaterThan(100);
      expect(leaks).toEqual([]);
    }, 120_000);
  }

  it("answers a therapist nothing of their own child's family part when the template closes it", async () => {
    const ids = [own.studentId, own.enrollmentId, own.placementId, own.parentId];
    const forbidden = [own.markers.parentEmail, own.markers.notes, own.markers.responsible];
    const { leaks } = await leaksOf(w.therapist, ids, forbidden);
    expect(leaks).toEqual([]);
    // The walk reached the child: their name is in the therapist's directory.
    const students = await call(t, w.therapist, 'GET', `${T}/organization/${w.org.code}/students/`);
    expect(students.body).toContain(own.markers.name);
  }, 120_000);

  it('answers the front desk no goals of any child', async () => {
    const goalIds = [w.placement, w.other.placement].flatMap((p) => [p.goals.discrete.id, p.goals.frequency.id, p.goals.duration.id]);
    const ids = [own.studentId, outside.studentId, w.placement.studentId, w.other.placement.studentId, ...goalIds];
    const { leaks } = await leaksOf(frontDesk, ids, [...goalIds, 'Imitates actions', 'Greets peers']);
    expect(leaks).toEqual([]);
    // The front desk reaches the family part: the parents directory names them.
    const parents = await call(t, frontDesk, 'GET', `${T}/organization/${w.org.code}/parents/`);
    expect(parents.body).toContain(own.markers.parentEmail);
  }, 120_000);

  it("writes nothing of a child of another department for a therapist: no call naming the child's records answers 2xx", async () => {
    const { ids } = outsideChild();
    const written: string[] = [];
    for (const route of api.filter((r) => r.method !== 'GET')) {
      for (const request of requestsOf(route, ids).slice(1)) {
        const res = await send(w.therapist, route.method, request);
        if (res.statusCode < 300) {
          written.push(`${route.method} ${request.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(written).toEqual([]);
  }, 120_000);
});
