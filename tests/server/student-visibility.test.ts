/**
 * Which students a therapist sees (server/lib/student-visibility.ts), the one rule behind the
 * assigned-students list, a department's goals for a therapist, the organization's goals a therapist
 * reads, and the collector's student history: the students of the department placements the
 * membership is assigned to, in its own organization only.
 */
import { beforeAll, expect, it } from 'vitest';
import {
  addDepartmentStudent,
  assignTherapist,
  listAssignedTherapists,
  unassignTherapist,
} from '../../server/features/departments/service-students';
import { asOwner } from '../helpers/system-context';
import { assignedPlacements, assignedStudentIds, reachableStudentIds, requireAssignmentsReadable } from '../../server/lib/access';
import { requestContext } from '../../server/lib/request-context';
import type { OrgAccess } from '../../server/lib/access';
import type { MembershipId, StudentId } from '../../server/lib/ids';
import type { Tx } from '../../server/db/handles';
import { call, describeServer, useCollectorWorld, placeStudent, type Placement } from '../helpers/collector-fixtures';

const { t, w } = useCollectorWorld();
/** The world's therapist: student 1 in departments 1 and 2, student 2 in department 2. */
let p1: Placement;
let p2: Placement;
beforeAll(async () => {
  p1 = w.placement;
  p2 = await placeStudent(t, w.org, w.therapist);
  await asOwner(t.database, w.org.id, async (ctx) =>
    assignTherapist(ctx, (await addDepartmentStudent(ctx, p2.departmentId, p1.studentId)).id, w.therapist.membershipId!),
  );
});

const inOrgA = <T>(fn: (tx: Tx) => Promise<T>) => t.database.tenant(w.org.id, fn);

/** Whether the student is in the reach of a therapist membership of organization A, or of its owner (null). */
const isStudentVisible = (tx: Tx, studentId: StudentId, membershipId: MembershipId | null) => {
  const access: OrgAccess =
    membershipId === null
      ? { organizationId: w.org.id, isOwner: true, membershipId: null, permissions: new Set() }
      : { organizationId: w.org.id, isOwner: false, membershipId, permissions: new Set(['students.view']) };
  const ctx = requestContext(tx, { access, actor: w.org.owner.userId, actingAs: null, call: 'test', url: '/' });
  return reachableStudentIds(ctx, [studentId]).then((ids) => ids.has(studentId));
};

describeServer('student visibility', () => {
  it('a therapist sees the placements assigned to them, one row per department, and no one else’s', async () => {
    const rows = await inOrgA((tx) => assignedPlacements(tx, w.org.id, w.therapist.membershipId!));
    expect(rows.map((r) => [r.studentId, r.departmentId]).sort()).toEqual(
      [
        [p1.studentId, p1.departmentId],
        [p1.studentId, p2.departmentId],
        [p2.studentId, p2.departmentId],
      ].sort(),
    );
    expect(rows.every((r) => r.firstName === 'Student' && r.departmentName !== '')).toBe(true);
    expect(rows.map((r) => r.studentId)).not.toContain(w.other.placement.studentId);
  });

  it('narrows to a department or a student, and lists each student once', async () => {
    const inD2 = await inOrgA((tx) => assignedPlacements(tx, w.org.id, w.therapist.membershipId!, { departmentId: p2.departmentId }));
    expect(inD2.map((r) => r.studentId).sort()).toEqual([p1.studentId, p2.studentId].sort());
    const ofS1 = await inOrgA((tx) => assignedPlacements(tx, w.org.id, w.therapist.membershipId!, { studentId: p1.studentId }));
    expect(ofS1.map((r) => r.departmentId).sort()).toEqual([p1.departmentId, p2.departmentId].sort());
    const ids = await inOrgA((tx) => assignedStudentIds(tx, w.org.id, w.therapist.membershipId!));
    expect(ids.sort()).toEqual([p1.studentId, p2.studentId].sort());
    expect(await inOrgA((tx) => assignedStudentIds(tx, w.org.id, w.therapist.membershipId!, p1.departmentId))).toEqual([p1.studentId]);
  });

  it('a student is in the reach of the assigned therapist, and of the owner (null) only in its own organization', async () => {
    const visible = (studentId: StudentId, membershipId: MembershipId | null) =>
      inOrgA((tx) => isStudentVisible(tx, studentId, membershipId));
    expect(await visible(p1.studentId, w.therapist.membershipId)).toBe(true);
    expect(await visible(w.other.placement.studentId, w.therapist.membershipId)).toBe(false);
    expect(await visible(w.other.placement.studentId, null)).toBe(true);
    expect(await visible(w.orgB.placement.studentId, null)).toBe(false);
    expect(await visible(w.orgB.placement.studentId, w.orgB.therapist.membershipId)).toBe(false);
  });

  it('another organization’s membership sees nothing under this organization', async () => {
    expect(await inOrgA((tx) => assignedPlacements(tx, w.org.id, w.orgB.therapist.membershipId!))).toEqual([]);
  });

  it('unassigning the therapist takes the student out of their view', async () => {
    const student = await placeStudent(t, w.org, w.therapist);
    const [placement] = await inOrgA((tx) => assignedPlacements(tx, w.org.id, w.therapist.membershipId!, { studentId: student.studentId }));
    const [assignment] = (await asOwner(t.database, w.org.id, (ctx) => listAssignedTherapists(ctx, placement!.departmentStudentId)))
      .results;
    await asOwner(t.database, w.org.id, (ctx) => unassignTherapist(ctx, assignment!.id));
    expect(await inOrgA((tx) => assignedPlacements(tx, w.org.id, w.therapist.membershipId!, { studentId: student.studentId }))).toEqual([]);
    expect(await inOrgA((tx) => isStudentVisible(tx, student.studentId, w.therapist.membershipId))).toBe(false);
  });

  it('a therapist reads only their own assignments; members.view reads anyone’s', () => {
    const therapist: OrgAccess = {
      organizationId: w.org.id,
      isOwner: false,
      membershipId: w.therapist.membershipId,
      permissions: new Set(['students.view']),
    };
    const staff: OrgAccess = { ...therapist, membershipId: null, permissions: new Set(['members.view']) };
    expect(() => requireAssignmentsReadable(therapist, w.therapist.membershipId!)).not.toThrow();
    expect(() => requireAssignmentsReadable(therapist, w.other.therapist.membershipId!)).toThrow(
      expect.objectContaining({ code: 'NOT_FOUND' }),
    );
    expect(() => requireAssignmentsReadable(staff, w.other.therapist.membershipId!)).not.toThrow();
  });

  it("lists a department's students to a therapist only as far as they are assigned, as the People directory does", async () => {
    const list = (actor: typeof w.therapist, departmentId: string) =>
      call(t, actor, 'GET', `/api/tenant-management/departments/${departmentId}/students/`);
    // The other therapist has no student in department 2: an empty list, not its students.
    const foreign = await list(w.other.therapist, p2.departmentId);
    expect(foreign.statusCode, foreign.body).toBe(200);
    expect(foreign.json()).toMatchObject({ count: 0, results: [] });
    const own = (await list(w.therapist, p2.departmentId)).json() as { results: { student_id: string }[] };
    expect(own.results.map((r) => r.student_id).sort()).toEqual([p1.studentId, p2.studentId].sort());
    const owners = (await list(w.org.owner, p2.departmentId)).json() as { count: number };
    expect(owners.count).toBe(2);
  });

  it("refuses a therapist who names another therapist's sessions, instead of quietly answering their own", async () => {
    const sessions = (therapistId: string) =>
      call(t, w.therapist, 'GET', '/api/scheduling/therasessions/', { query: { organization_id: w.org.id, therapist_id: therapistId } });
    const res = await sessions(w.other.therapist.membershipId!);
    expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
    expect((await sessions(w.therapist.membershipId!)).statusCode).toBe(200);
  });
});
