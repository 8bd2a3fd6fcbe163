/**
 * Departments.
 *
 * Rules:
 * - Every call is bound to one organization and runs in its tenant transaction; ids of another
 *   organization's rows are "not found" (never reveal existence).
 * - A department name is trimmed, required and unique in its organization regardless of case.
 * - List answers carry their stats: count_all, count_active, count_inactive, counted over all
 *   of the organization's departments (not the search or filter), while `count` is the filtered total.
 *   Search matches the name; ordering name, -name, created, -created (default name).
 * - A department's students_count counts the students its reader sees in its students list (the one
 *   student scope, server/lib/access/students.ts): all of them for owners and whoever enrolls
 *   students, a therapist's own otherwise, so the header and the Students tab agree.
 * - The team (department members) holds active memberships of the organization; adding the same
 *   membership twice is harmless and returns the existing member (service-team.ts).
 * - A student sits in a department once; adding again returns the existing row (service-students.ts).
 * - A therapist assigned to a department student must be an active *therapist* membership; if not
 *   yet on the department's team they are added to it (an assignment implies team membership).
 * - Removing a member from the team also removes their assignments on that department's students.
 * - PATCH department-students/{id}/ sets the placement's therapists to exactly the list given (the
 *   edit form's multi-select): missing ones are unassigned, new ones assigned as above. A placement
 *   has no other field of its own to change.
 * - Disabling vs deleting: a disabled department keeps everything and takes no new sessions
 *   (scheduling refuses it). Deleting is for mistakes and empty shells: a department "in use" (it
 *   holds assigned goals, whose cascade would erase collected data, or sessions were scheduled in it)
 *   cannot be deleted: 409 with the reason, disable it instead. A department that only has a team
 *   and students can be deleted; its placements and assignments go with it, each recorded in the trail.
 * - Bulk delete (departments, department students) is one transaction that deletes every row it can
 *   and answers the others in `failed` with a code and a reason (not found, in use): an owner who
 *   selected 20 rows gets the 18 free ones deleted and is told exactly why 2 stayed, rather than
 *   nothing done because of one busy row. Nothing is written for a failed id.
 * - Every change is recorded on the call's trail (`ctx.trail`; the seed's system context has one
 *   too): entity department, department_member, department_student, department_student_therapist,
 *   each scoped `{ department }` (placements also `{ student }`, assignments `{ department_student,
 *   student, membership }`) so the department's history lists them all. Cascaded deletions (a team
 *   member's assignments, a deleted placement's therapists) are recorded one by one too: the
 *   collector reads when an assignment ended from there.
 * - The history (service-history.ts) needs audit.view, not departments.view: it names who changed what.
 */
import type { z } from 'zod';
import { asDepartmentIds, type DepartmentId, type MembershipId, newId } from '../../lib/ids';
import { AppError, notFound } from '../../lib/app-error';
import type { Change } from '../../lib/audit-trail';
import type { RequestContext } from '../../lib/request-context';
import { collection, collectionPage, listedRow, ONE_ROW } from '../../lib/collection';
import { activeStats } from '../../lib/pagination';
import { patchOf } from '../../lib/row-patch';
import { reachableStudentIds, studentReach } from '../../lib/access';
import type { BulkDeleteResult } from '../../../contract/http';
import type { Department, listDepartments as listCall } from '../../../contract/departments';
import * as repo from './repository';
import { assignmentRows, placementRows, selectAssignmentsWhere, type AssignmentScope } from './repository-students';
import { assignmentChange, audited, memberChange, placementChange, presentDepartment, UNIQUE_CONSTRAINTS } from './present';

const departmentCollection = collection({
  rows: repo.departmentRows,
  entity: 'department',
  label: 'Department',
  audited,
  nameTaken: UNIQUE_CONSTRAINTS.departments_name_uq,
});

const IN_USE_DETAIL = {
  goals: 'The department holds assigned goals (their collected data would be erased); disable it instead.',
  sessions: 'Sessions are scheduled in the department; disable it instead.',
} as const;

export async function listDepartments(
  ctx: RequestContext,
  query: z.output<typeof listCall.query>,
): Promise<z.input<typeof listCall.response>> {
  const filter = { search: query.search, isActive: query.is_active };
  return collectionPage(ctx, query, {
    rows: (window) => repo.pageDepartments(ctx.tx, ctx.org.id, filter, query.ordering, window, studentReach(ctx.org.access)),
    present: presentDepartment,
    stats: async () => activeStats(await repo.departmentCounts(ctx.tx, ctx.org.id)),
  });
}

/** One department as the list shows it to this reader; another organization's id is not found. */
export async function getDepartment(ctx: RequestContext, departmentId: DepartmentId): Promise<Department> {
  const rows = repo.pageDepartments(ctx.tx, ctx.org.id, { id: departmentId }, 'name', ONE_ROW, studentReach(ctx.org.access));
  return presentDepartment(await listedRow('Department', rows));
}

export async function createDepartment(ctx: RequestContext, body: { name: string; is_active?: boolean }): Promise<Department> {
  const name = body.name.trim();
  await departmentCollection.checkName(ctx, name);
  const created = await departmentCollection.create(ctx, { id: newId(), name, isActive: body.is_active ?? true });
  return presentDepartment({ ...created, membersCount: 0, studentsCount: 0 });
}

export async function updateDepartment(
  ctx: RequestContext,
  departmentId: DepartmentId,
  body: { name?: string | undefined; is_active?: boolean | undefined },
): Promise<Department> {
  const current = await requireDepartment(ctx, departmentId);
  const name = body.name?.trim();
  await departmentCollection.checkName(ctx, name, current);
  await departmentCollection.update(ctx, current, patchOf({ name, is_active: body.is_active }, { name: 'name', is_active: 'isActive' }));
  return getDepartment(ctx, departmentId);
}

/**
 * Deletes the departments it can: every id that exists and is not in use goes (with its team,
 * placements and assignments); the others are answered in `failed` with the reason.
 */
export async function bulkDeleteDepartments(ctx: RequestContext, departmentIds: string[]): Promise<BulkDeleteResult> {
  const ids = [...new Set(asDepartmentIds(departmentIds))];
  const found = await repo.departmentRows.byIds(ctx.tx, ctx.org.id, ids);
  const byId = new Map(found.map((d) => [d.id, d]));
  const inUse = await repo.departmentsInUse(ctx.tx, ctx.org.id, [...byId.keys()]);
  const failed: BulkDeleteResult['failed'] = [];
  for (const id of ids) {
    const reason = inUse.get(id);
    if (!byId.has(id)) {
      failed.push({ id, code: 'NOT_FOUND', detail: 'Department not found.' });
    } else if (reason) {
      failed.push({ id, code: 'IN_USE', detail: IN_USE_DETAIL[reason] });
    }
  }
  const free = ids.filter((id) => byId.has(id) && !inUse.has(id));
  if (free.length > 0) {
    await dropAssignments(ctx, { departmentIds: free });
    const { members, placements } = await repo.selectMembersAndPlacements(ctx.tx, ctx.org.id, free);
    const deleted = await repo.departmentRows.deleteByIds(ctx.tx, ctx.org.id, free);
    await ctx.trail.recordAll([
      ...members.map((m) => memberChange('delete', m)),
      ...placements.map((p) => placementChange('delete', p)),
      ...deleted.map(({ id }): Change => ({ action: 'delete', entity: 'department', entityId: id, before: audited(byId.get(id)!) })),
    ]);
  }
  return { deleted: free, failed };
}

/** Deletes one department; 404 when it is not found, 409 with the reason when it is in use. */
export async function deleteDepartment(ctx: RequestContext, departmentId: DepartmentId): Promise<{ ok: true }> {
  const { failed } = await bulkDeleteDepartments(ctx, [departmentId]);
  const failure = failed[0];
  if (failure) {
    throw failure.code === 'NOT_FOUND' ? notFound('Department') : new AppError('CONFLICT', failure.detail);
  }
  return { ok: true };
}

// ---- the guards and the cascade the team and students share ------------------------------------

export const requireDepartment = departmentCollection.require;

/** A placement of the organization whose student the caller reaches (lib/access); anything else is not found. */
export async function requireDepartmentStudent(ctx: RequestContext, departmentStudentId: string) {
  const row = await placementRows.byId(ctx.tx, ctx.org.id, departmentStudentId);
  if (!row || !(await reachableStudentIds(ctx, [row.studentId])).has(row.studentId)) {
    throw notFound('Department student');
  }
  return row;
}

export async function requireActiveMembership(ctx: RequestContext, membershipId: MembershipId, field = 'membership_id') {
  const membership = await repo.findMembership(ctx.tx, ctx.org.id, membershipId);
  if (!membership) {
    throw notFound('Membership');
  }
  if (membership.status !== 'active') {
    throw new AppError('VALIDATION_FAILED', 'The membership is not active.', { [field]: ['The membership is not active.'] });
  }
  return membership;
}

/** Deletes therapist assignments matching `where`, recording each one (the collector reads when it ended). */
export async function dropAssignments(ctx: RequestContext, where: AssignmentScope) {
  const gone = await selectAssignmentsWhere(ctx.tx, ctx.org.id, where);
  await assignmentRows.deleteByIds(
    ctx.tx,
    ctx.org.id,
    gone.map((a) => a.id),
  );
  await ctx.trail.recordAll(gone.map((a) => assignmentChange('delete', a)));
  return gone;
}
