import type { z } from 'zod';
import { type DepartmentId, type MembershipId, newId, type StudentId } from '../../lib/ids';
import { AppError, notFound } from '../../lib/app-error';
import type { RequestContext } from '../../lib/request-context';
import { pageAnswer, pageRequestOf, withTotal } from '../../lib/pagination';
import { ONE_ROW } from '../../lib/collection';
import { assignedPlacements, requireAssignmentsReadable, studentReach } from '../../lib/access';
import type { BulkDeleteResult } from '../../../contract/http';
import type {
  AssignedTherapist,
  DepartmentStudent,
  listAssignedTherapists as listTherapistsCall,
  listDepartmentStudents as listStudentsCall,
  therapistAssignedDepartments as assignedDepartmentsCall,
  therapistAssignedStudents as assignedStudentsCall,
} from '../../../contract/departments';
import * as repo from './repository-students';
import { findMembership, findPlacement, findStudent, selectDepartmentsOfMembership } from './repository';
import { assignmentChange, placementChange, presentAssignedStudents, presentAssignment, presentDepartmentStudent } from './present';
import { dropAssignments, requireActiveMembership, requireDepartment, requireDepartmentStudent } from './service';
import { joinTeam } from './service-team';

// A department's students (placements) and the therapists assigned to each (service.ts has the rules),
// and a therapist's own view of them (the collector caches it).

/** The department's students its reader sees (the one student scope: a therapist sees their own). */
export async function listDepartmentStudents(
  ctx: RequestContext,
  departmentId: DepartmentId,
  query: z.output<typeof listStudentsCall.query>,
): Promise<z.input<typeof listStudentsCall.response>> {
  await requireDepartment(ctx, departmentId);
  const filter = { parentId: departmentId, search: query.search, reach: studentReach(ctx.org.access) };
  const page = await withTotal((window) => repo.pageDepartmentStudents(ctx.tx, ctx.org.id, filter, window), pageRequestOf(query));
  const therapists = await repo.selectAssignedTherapists(
    ctx.tx,
    ctx.org.id,
    page.rows.map((r) => r.id),
  );
  return pageAnswer(ctx.url, query, page, presentDepartmentStudent(therapists));
}

/** One placement as the list shows it (the answer of a change to it: whoever may change it sees it). */
async function placementView(ctx: RequestContext, placement: { id: string; departmentId: DepartmentId }): Promise<DepartmentStudent> {
  const filter = { parentId: placement.departmentId, id: placement.id, reach: { every: true } as const };
  const [row] = await repo.pageDepartmentStudents(ctx.tx, ctx.org.id, filter, ONE_ROW);
  const therapists = await repo.selectAssignedTherapists(ctx.tx, ctx.org.id, [placement.id]);
  return presentDepartmentStudent(therapists)(row!);
}

/** Places a student in the department; placing them again answers the existing row. */
export async function addDepartmentStudent(
  ctx: RequestContext,
  departmentId: DepartmentId,
  studentId: StudentId,
): Promise<DepartmentStudent> {
  await requireDepartment(ctx, departmentId);
  if (!(await findStudent(ctx.tx, ctx.org.id, studentId))) {
    throw notFound('Student');
  }
  const created = await repo.placementRows.insertOnce(ctx.tx, ctx.org.id, { id: newId(), departmentId, studentId });
  if (created) {
    await ctx.trail.record(placementChange('create', created));
  }
  return placementView(ctx, (await findPlacement(ctx.tx, ctx.org.id, departmentId, studentId))!);
}

/**
 * Takes students out of a department (their goals stay, their therapist assignments there go).
 * Ids not in this department are answered in `failed`.
 */
export async function removeDepartmentStudents(
  ctx: RequestContext,
  departmentId: DepartmentId,
  departmentStudentIds: string[],
): Promise<BulkDeleteResult> {
  const ids = [...new Set(departmentStudentIds)];
  await requireDepartment(ctx, departmentId);
  const placed = (await repo.placementRows.byIds(ctx.tx, ctx.org.id, ids)).filter((r) => r.departmentId === departmentId);
  const present = new Set(placed.map((r) => r.id));
  await dropAssignments(ctx, { departmentStudentIds: [...present] });
  await repo.deleteDepartmentStudentRows(ctx.tx, ctx.org.id, departmentId, [...present]);
  await ctx.trail.recordAll(placed.map((r) => placementChange('delete', r)));
  return {
    deleted: ids.filter((id) => present.has(id)),
    failed: ids.filter((id) => !present.has(id)).map((id) => ({ id, code: 'NOT_FOUND', detail: 'Department student not found.' })),
  };
}

/** One placement out of its department. */
export async function removeDepartmentStudent(ctx: RequestContext, departmentStudentId: string): Promise<{ ok: true }> {
  const placement = await requireDepartmentStudent(ctx, departmentStudentId);
  await removeDepartmentStudents(ctx, placement.departmentId, [departmentStudentId]);
  return { ok: true };
}

// ---- assigned therapists ---------------------------------------------------------------------

export async function listAssignedTherapists(
  ctx: RequestContext,
  departmentStudentId: string,
): Promise<z.input<typeof listTherapistsCall.response>> {
  await requireDepartmentStudent(ctx, departmentStudentId);
  return { results: (await repo.selectAssignedTherapists(ctx.tx, ctx.org.id, [departmentStudentId])).map(presentAssignment) };
}

/** Assigns a therapist: the student and their goals enter the therapist's collector. */
export async function assignTherapist(
  ctx: RequestContext,
  departmentStudentId: string,
  membershipId: MembershipId,
): Promise<AssignedTherapist> {
  const placement = await requireDepartmentStudent(ctx, departmentStudentId);
  await assignOne(ctx, placement, membershipId);
  const [assigned] = (await repo.selectAssignedTherapists(ctx.tx, ctx.org.id, [departmentStudentId])).filter(
    (t) => t.membershipId === membershipId,
  );
  return presentAssignment(assigned!);
}

async function assignOne(ctx: RequestContext, placement: repo.DepartmentStudentRow, membershipId: MembershipId, field = 'membership_id') {
  const membership = await requireActiveMembership(ctx, membershipId, field);
  if (membership.role !== 'therapist') {
    throw new AppError('VALIDATION_FAILED', 'Only a therapist can be assigned to a student.', {
      [field]: ['Only a therapist can be assigned to a student.'],
    });
  }
  await joinTeam(ctx, placement.departmentId, membershipId);
  const created = await repo.assignmentRows.insertOnce(ctx.tx, ctx.org.id, {
    id: newId(),
    departmentStudentId: placement.id,
    membershipId,
  });
  if (created) {
    const { departmentId, studentId } = placement;
    await ctx.trail.record(
      assignmentChange('create', { id: created.id, departmentStudentId: placement.id, membershipId, departmentId, studentId }),
    );
  }
}

/** Sets a placement's therapists to exactly `membershipIds` (PATCH department-students/{id}/). */
export async function setAssignedTherapists(
  ctx: RequestContext,
  departmentStudentId: string,
  membershipIds: MembershipId[],
): Promise<DepartmentStudent> {
  const wanted = [...new Set(membershipIds)];
  const placement = await requireDepartmentStudent(ctx, departmentStudentId);
  const current = await repo.selectAssignmentsWhere(ctx.tx, ctx.org.id, { departmentStudentIds: [departmentStudentId] });
  const dropped = current.filter((a) => !wanted.includes(a.membershipId)).map((a) => a.id);
  await dropAssignments(ctx, { ids: dropped });
  for (const [i, membershipId] of wanted.entries()) {
    if (!current.some((a) => a.membershipId === membershipId)) {
      await assignOne(ctx, placement, membershipId, `assigned_therapist_ids.${i}`);
    }
  }
  return placementView(ctx, placement);
}

/** `assignmentId` is the assignment row's id (DELETE department-students-therapists/{id}/). */
export async function unassignTherapist(ctx: RequestContext, assignmentId: string): Promise<{ ok: true }> {
  if ((await dropAssignments(ctx, { ids: [assignmentId] })).length === 0) {
    throw notFound('Assigned therapist');
  }
  return { ok: true };
}

// ---- a therapist's view (memberships/{id}/therapist-assigned-students|departments/) ---------------

/** A therapist reads their own; members.view (owners, staff) reads anyone's; another organization's membership is not found. */
async function requireReadableMembership(ctx: RequestContext, membershipId: MembershipId) {
  requireAssignmentsReadable(ctx.org.access, membershipId);
  if (!(await findMembership(ctx.tx, ctx.org.id, membershipId))) {
    throw notFound('Membership');
  }
}

/** The students assigned to the membership, each once with the departments they share. */
export async function therapistAssignedStudents(
  ctx: RequestContext,
  membershipId: MembershipId,
): Promise<z.input<typeof assignedStudentsCall.response>> {
  await requireReadableMembership(ctx, membershipId);
  return { results: presentAssignedStudents(await assignedPlacements(ctx.tx, ctx.org.id, membershipId)) };
}

/** The departments the membership is on the team of or has assigned students in. */
export async function therapistAssignedDepartments(
  ctx: RequestContext,
  membershipId: MembershipId,
): Promise<z.input<typeof assignedDepartmentsCall.response>> {
  await requireReadableMembership(ctx, membershipId);
  return { results: await selectDepartmentsOfMembership(ctx.tx, ctx.org.id, membershipId) };
}
