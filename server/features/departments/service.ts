/**
 * Departments.
 *
 * Rules:
 * - Every call is bound to one organization and runs in its tenant transaction; ids of another
 *   organization's rows are "not found" (never reveal existence).
 * - A department name is trimmed, required and unique in its organization regardless of case.
 * - List answers carry the spec's stats: count_all, count_enabled, count_disabled, counted over all
 *   of the organization's departments (not the search or filter), while `count` is the filtered total.
 *   Search matches the name; ordering name, -name, created, -created (default name).
 * - The team (department members) holds active memberships of the organization; adding the same
 *   membership twice is harmless and returns the existing member.
 * - A student sits in a department once; adding again returns the existing row.
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
 * - Every change is recorded in the organization's audit trail in the same transaction (when the
 *   caller passes the call's trail; the demo seed passes none): entity department, department_member,
 *   department_student, department_student_therapist, each scoped `{ department }` (placements also
 *   `{ student }`, assignments `{ department_student, student, membership }`) so the department's
 *   history lists them all. Cascaded deletions (a team member's assignments, a deleted placement's
 *   therapists) are recorded one by one too: the collector reads when an assignment ended from there.
 * - History entries carry the names of the team member and the student a change concerns (`member`,
 *   `student`, looked up for the whole page in two queries), so the screen can say "Maya Chen assigned
 *   Noah Bennett to Jordan Reyes" without one call per row; a person no longer in the organization is null.
 * - A department's history needs audit.view (the key that reads the trail and histories: owners, and
 *   roles given it), not departments.view: it names who changed what.
 */
import { newId, type OrganizationId } from '../../lib/ids';
import { inTenant, type TenantScope, type Tx } from '../../db/handles';
import { AppError, notFound } from '../../lib/app-error';
import type { AuditTrail, Change } from '../../lib/audit-trail';
import { assignedPlacements } from '../../lib/student-visibility';
import * as repo from './repository';
import { departmentsInUse, selectAssignmentsWhere, type AssignmentRow, type AssignmentScope } from './list-repository';

export type Department = repo.DepartmentRow;
export interface DepartmentList {
  results: Department[];
  countAll: number;
  countEnabled: number;
  countDisabled: number;
}
export type DepartmentMember = Awaited<ReturnType<typeof repo.selectDepartmentMembers>>[number];
export interface AssignedTherapist {
  id: string;
  departmentStudentId: string;
  membershipId: string;
  firstName: string;
  lastName: string;
}
export type DepartmentStudent = Awaited<ReturnType<typeof repo.selectDepartmentStudents>>[number] & {
  assignedTherapists: AssignedTherapist[];
};
export type TherapistAssignedStudent = Awaited<ReturnType<typeof assignedPlacements>>[number];
export interface BulkOutcome {
  deleted: string[];
  failed: { id: string; code: 'NOT_FOUND' | 'IN_USE'; detail: string }[];
}

/** The trail of the call, or none (the demo seed and domain tests call the services directly). */
type Trail = AuditTrail | undefined;

const nameTaken = () =>
  new AppError('CONFLICT', 'A department with this name already exists.', { name: ['A department with this name already exists.'] });

const IN_USE_DETAIL = {
  goals: 'The department holds assigned goals (their collected data would be erased); disable it instead.',
  sessions: 'Sessions are scheduled in the department; disable it instead.',
} as const;

// ---- what the trail keeps of each entity -----------------------------------------------------

const departmentFields = (d: Pick<Department, 'name' | 'isEnabled'>) => ({ name: d.name, is_enabled: d.isEnabled });

const assignmentChange = (action: 'create' | 'delete', a: AssignmentRow): Change => {
  const fields = { membership_id: a.membershipId, student_id: a.studentId };
  return {
    action,
    entity: 'department_student_therapist',
    entityId: a.id,
    scope: { department: a.departmentId, department_student: a.departmentStudentId, student: a.studentId, membership: a.membershipId },
    ...(action === 'create' ? { after: fields } : { before: fields }),
  };
};

const memberChange = (action: 'create' | 'delete', m: { id: string; departmentId: string; membershipId: string }): Change => ({
  action,
  entity: 'department_member',
  entityId: m.id,
  scope: { department: m.departmentId, membership: m.membershipId },
  ...(action === 'create' ? { after: { membership_id: m.membershipId } } : { before: { membership_id: m.membershipId } }),
});

const placementChange = (action: 'create' | 'delete', p: { id: string; departmentId: string; studentId: string }): Change => ({
  action,
  entity: 'department_student',
  entityId: p.id,
  scope: { department: p.departmentId, student: p.studentId },
  ...(action === 'create' ? { after: { student_id: p.studentId } } : { before: { student_id: p.studentId } }),
});

/** Deletes therapist assignments matching `where`, recording each one (the collector reads when it ended). */
async function dropAssignments(tx: Tx, organizationId: OrganizationId, where: AssignmentScope, trail: Trail) {
  const gone = await selectAssignmentsWhere(tx, organizationId, where);
  await repo.deleteAssignedTherapistRows(
    tx,
    organizationId,
    gone.map((a) => a.id),
  );
  await trail?.recordAll(gone.map((a) => assignmentChange('delete', a)));
  return gone;
}

// ---- departments -----------------------------------------------------------------------------

export async function createDepartment(
  db: TenantScope,
  organizationId: OrganizationId,
  input: { name: string; isEnabled?: boolean },
  trail?: Trail,
): Promise<Department> {
  const name = input.name.trim();
  return inTenant(db, organizationId, async (tx) => {
    if (await repo.findDepartmentByName(tx, organizationId, name)) {
      throw nameTaken();
    }
    const created = await repo.insertDepartment(tx, organizationId, { id: newId(), name, isEnabled: input.isEnabled ?? true });
    await trail?.record({ action: 'create', entity: 'department', entityId: created.id, after: departmentFields(created) });
    return created;
  });
}

export async function listDepartments(
  db: TenantScope,
  organizationId: OrganizationId,
  filter: { isEnabled?: boolean } = {},
): Promise<DepartmentList> {
  return inTenant(db, organizationId, async (tx) => {
    const results = await repo.selectDepartments(tx, organizationId, filter);
    const counts = await repo.countDepartments(tx, organizationId);
    return { results, ...counts };
  });
}

export async function getDepartment(db: TenantScope, organizationId: OrganizationId, departmentId: string): Promise<Department> {
  return inTenant(db, organizationId, (tx) => requireDepartment(tx, organizationId, departmentId));
}

export async function updateDepartment(
  db: TenantScope,
  organizationId: OrganizationId,
  departmentId: string,
  patch: { name?: string | undefined; isEnabled?: boolean | undefined },
  trail?: Trail,
): Promise<Department> {
  return inTenant(db, organizationId, async (tx) => {
    const current = await requireDepartment(tx, organizationId, departmentId);
    const name = patch.name?.trim();
    if (name !== undefined && name.toLowerCase() !== current.name.toLowerCase()) {
      if (await repo.findDepartmentByName(tx, organizationId, name)) {
        throw nameTaken();
      }
    }
    const updated =
      (await repo.updateDepartmentRow(tx, organizationId, departmentId, {
        ...(name !== undefined ? { name } : {}),
        ...(patch.isEnabled !== undefined ? { isEnabled: patch.isEnabled } : {}),
      })) ?? current;
    await trail?.record({
      action: 'update',
      entity: 'department',
      entityId: departmentId,
      before: departmentFields(current),
      after: departmentFields(updated),
    });
    return updated;
  });
}

/**
 * Deletes the departments it can, in one transaction: every id that exists and is not in use goes
 * (with its team, placements and assignments); the others are answered in `failed` with the reason.
 */
export async function deleteDepartments(
  db: TenantScope,
  organizationId: OrganizationId,
  departmentIds: string[],
  trail?: Trail,
): Promise<BulkOutcome> {
  const ids = [...new Set(departmentIds)];
  return inTenant(db, organizationId, async (tx) => {
    const found = await repo.findDepartments(tx, organizationId, ids);
    const byId = new Map(found.map((d) => [d.id, d]));
    const inUse = await departmentsInUse(tx, organizationId, [...byId.keys()]);
    const failed: BulkOutcome['failed'] = [];
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
      await dropAssignments(tx, organizationId, { departmentIds: free }, trail);
      const { members, placements } = trail
        ? await repo.selectMembersAndPlacements(tx, organizationId, free)
        : { members: [], placements: [] };
      const deleted = await repo.deleteDepartmentRows(tx, organizationId, free);
      await trail?.recordAll([
        ...members.map((m) => memberChange('delete', m)),
        ...placements.map((p) => placementChange('delete', p)),
        ...deleted.map(({ id }): Change => ({
          action: 'delete',
          entity: 'department',
          entityId: id,
          before: departmentFields(byId.get(id)!),
        })),
      ]);
    }
    return { deleted: free, failed };
  });
}

/** Deletes one department; 404 when it is not found, 409 with the reason when it is in use. */
export async function deleteDepartment(db: TenantScope, organizationId: OrganizationId, departmentId: string, trail?: Trail) {
  const { failed } = await deleteDepartments(db, organizationId, [departmentId], trail);
  const failure = failed[0];
  if (failure) {
    throw failure.code === 'NOT_FOUND' ? notFound('Department') : new AppError('CONFLICT', failure.detail);
  }
}

// ---- team --------------------------------------------------------------------------------------

export async function addDepartmentMember(
  db: TenantScope,
  organizationId: OrganizationId,
  departmentId: string,
  membershipId: string,
  trail?: Trail,
): Promise<DepartmentMember> {
  return inTenant(db, organizationId, async (tx) => {
    await requireDepartment(tx, organizationId, departmentId);
    await requireActiveMembership(tx, organizationId, membershipId);
    await joinTeam(tx, organizationId, departmentId, membershipId, trail);
    const members = await repo.selectDepartmentMembers(tx, organizationId, departmentId);
    return members.find((m) => m.membershipId === membershipId)!;
  });
}

async function joinTeam(tx: Tx, organizationId: OrganizationId, departmentId: string, membershipId: string, trail: Trail) {
  const created = await repo.insertDepartmentMember(tx, organizationId, { id: newId(), departmentId, membershipId });
  if (created) {
    await trail?.record(memberChange('create', created));
  }
}

export async function listDepartmentMembers(
  db: TenantScope,
  organizationId: OrganizationId,
  departmentId: string,
): Promise<DepartmentMember[]> {
  return inTenant(db, organizationId, async (tx) => {
    await requireDepartment(tx, organizationId, departmentId);
    return repo.selectDepartmentMembers(tx, organizationId, departmentId);
  });
}

/** `memberId` is the department member row's id (spec: DELETE departments/{id}/members/{memberId}/). */
export async function removeDepartmentMember(
  db: TenantScope,
  organizationId: OrganizationId,
  departmentId: string,
  memberId: string,
  trail?: Trail,
): Promise<void> {
  await inTenant(db, organizationId, async (tx) => {
    const removed = await repo.deleteDepartmentMemberRow(tx, organizationId, departmentId, memberId);
    if (!removed) {
      throw notFound('Department member');
    }
    await trail?.record(memberChange('delete', removed));
    await dropAssignments(tx, organizationId, { departmentIds: [departmentId], membershipId: removed.membershipId }, trail);
  });
}

// ---- students ------------------------------------------------------------------------------

export async function addDepartmentStudent(
  db: TenantScope,
  organizationId: OrganizationId,
  departmentId: string,
  studentId: string,
  trail?: Trail,
): Promise<DepartmentStudent> {
  return inTenant(db, organizationId, async (tx) => {
    await requireDepartment(tx, organizationId, departmentId);
    if (!(await repo.findStudent(tx, organizationId, studentId))) {
      throw notFound('Student');
    }
    const created = await repo.insertDepartmentStudent(tx, organizationId, { id: newId(), departmentId, studentId });
    if (created) {
      await trail?.record(placementChange('create', created));
    }
    return departmentStudentView(
      tx,
      organizationId,
      (await repo.findDepartmentStudentByPair(tx, organizationId, departmentId, studentId))!,
    );
  });
}

/** Students of a department, each with assigned_therapists. */
export async function listDepartmentStudents(
  db: TenantScope,
  organizationId: OrganizationId,
  departmentId: string,
): Promise<DepartmentStudent[]> {
  return inTenant(db, organizationId, async (tx) => {
    await requireDepartment(tx, organizationId, departmentId);
    return withTherapists(tx, organizationId, await repo.selectDepartmentStudents(tx, organizationId, departmentId));
  });
}

/**
 * Takes students out of a department (spec: DELETE department-students/{id}/ and bulk-delete {ids});
 * their goals stay, their therapist assignments there go. Ids not in this department are `failed`.
 */
export async function removeDepartmentStudents(
  db: TenantScope,
  organizationId: OrganizationId,
  departmentId: string,
  departmentStudentIds: string[],
  trail?: Trail,
): Promise<BulkOutcome> {
  const ids = [...new Set(departmentStudentIds)];
  return inTenant(db, organizationId, async (tx) => {
    await requireDepartment(tx, organizationId, departmentId);
    const placed = (await repo.findDepartmentStudents(tx, organizationId, ids)).filter((r) => r.departmentId === departmentId);
    const present = new Set(placed.map((r) => r.id));
    await dropAssignments(tx, organizationId, { departmentStudentIds: [...present] }, trail);
    await repo.deleteDepartmentStudentRows(tx, organizationId, departmentId, [...present]);
    await trail?.recordAll(placed.map((r) => placementChange('delete', r)));
    return {
      deleted: ids.filter((id) => present.has(id)),
      failed: ids
        .filter((id) => !present.has(id))
        .map((id) => ({ id, code: 'NOT_FOUND' as const, detail: 'Department student not found.' })),
    };
  });
}

/** One placement out of its department (spec: DELETE department-students/{id}/). */
export async function removeDepartmentStudent(db: TenantScope, organizationId: OrganizationId, departmentStudentId: string, trail?: Trail) {
  await inTenant(db, organizationId, async (tx) => {
    const placement = await requireDepartmentStudent(tx, organizationId, departmentStudentId);
    await removeDepartmentStudents(tx, organizationId, placement.departmentId, [departmentStudentId], trail);
  });
}

// ---- assigned therapists ---------------------------------------------------------------------

export async function assignTherapist(
  db: TenantScope,
  organizationId: OrganizationId,
  departmentStudentId: string,
  membershipId: string,
  trail?: Trail,
): Promise<AssignedTherapist> {
  return inTenant(db, organizationId, async (tx) => {
    const placement = await requireDepartmentStudent(tx, organizationId, departmentStudentId);
    await assignOne(tx, organizationId, placement, membershipId, trail);
    const [assigned] = (await repo.selectAssignedTherapists(tx, organizationId, [departmentStudentId])).filter(
      (t) => t.membershipId === membershipId,
    );
    return assigned!;
  });
}

async function assignOne(
  tx: Tx,
  organizationId: OrganizationId,
  placement: repo.DepartmentStudentRow,
  membershipId: string,
  trail: Trail,
  field = 'membership_id',
) {
  const membership = await requireActiveMembership(tx, organizationId, membershipId, field);
  if (membership.role !== 'therapist') {
    throw new AppError('VALIDATION_FAILED', 'Only a therapist can be assigned to a student.', {
      [field]: ['Only a therapist can be assigned to a student.'],
    });
  }
  await joinTeam(tx, organizationId, placement.departmentId, membershipId, trail);
  const created = await repo.insertAssignedTherapist(tx, organizationId, { id: newId(), departmentStudentId: placement.id, membershipId });
  if (created) {
    await trail?.record(
      assignmentChange('create', {
        id: created.id,
        departmentStudentId: placement.id,
        membershipId,
        departmentId: placement.departmentId,
        studentId: placement.studentId,
      }),
    );
  }
}

/** Sets a placement's therapists to exactly `membershipIds` (spec: PATCH department-students/{id}/). */
export async function setAssignedTherapists(
  db: TenantScope,
  organizationId: OrganizationId,
  departmentStudentId: string,
  membershipIds: string[],
  trail?: Trail,
): Promise<DepartmentStudent> {
  const wanted = [...new Set(membershipIds)];
  return inTenant(db, organizationId, async (tx) => {
    const placement = await requireDepartmentStudent(tx, organizationId, departmentStudentId);
    const current = await selectAssignmentsWhere(tx, organizationId, { departmentStudentIds: [departmentStudentId] });
    const dropped = current.filter((a) => !wanted.includes(a.membershipId)).map((a) => a.id);
    await dropAssignments(tx, organizationId, { ids: dropped }, trail);
    for (const [i, membershipId] of wanted.entries()) {
      if (!current.some((a) => a.membershipId === membershipId)) {
        await assignOne(tx, organizationId, placement, membershipId, trail, `assigned_therapist_ids.${i}`);
      }
    }
    return departmentStudentView(tx, organizationId, placement);
  });
}

export async function listAssignedTherapists(
  db: TenantScope,
  organizationId: OrganizationId,
  departmentStudentId: string,
): Promise<AssignedTherapist[]> {
  return inTenant(db, organizationId, async (tx) => {
    await requireDepartmentStudent(tx, organizationId, departmentStudentId);
    return repo.selectAssignedTherapists(tx, organizationId, [departmentStudentId]);
  });
}

/** `assignmentId` is the department-student-therapist row's id (spec: DELETE department-students-therapists/{id}/). */
export async function unassignTherapist(
  db: TenantScope,
  organizationId: OrganizationId,
  assignmentId: string,
  trail?: Trail,
): Promise<void> {
  await inTenant(db, organizationId, async (tx) => {
    if ((await dropAssignments(tx, organizationId, { ids: [assignmentId] }, trail)).length === 0) {
      throw notFound('Assigned therapist');
    }
  });
}

// ---- a therapist's view (spec: memberships/{id}/therapist-assigned-students|departments/) -----

export async function listTherapistAssignedStudents(
  db: TenantScope,
  organizationId: OrganizationId,
  membershipId: string,
  filter: { departmentId?: string } = {},
): Promise<TherapistAssignedStudent[]> {
  return inTenant(db, organizationId, async (tx) => {
    if (!(await repo.findMembership(tx, organizationId, membershipId))) {
      throw notFound('Membership');
    }
    return assignedPlacements(tx, organizationId, membershipId, { departmentId: filter.departmentId });
  });
}

export async function listTherapistDepartments(
  db: TenantScope,
  organizationId: OrganizationId,
  membershipId: string,
): Promise<Department[]> {
  return inTenant(db, organizationId, async (tx) => {
    if (!(await repo.findMembership(tx, organizationId, membershipId))) {
      throw notFound('Membership');
    }
    return repo.selectDepartmentsOfMembership(tx, organizationId, membershipId);
  });
}

// ---- helpers -----------------------------------------------------------------------------------

export async function requireDepartment(tx: Tx, organizationId: OrganizationId, departmentId: string) {
  const row = await repo.findDepartment(tx, organizationId, departmentId);
  if (!row) {
    throw notFound('Department');
  }
  return row;
}

export async function requireDepartmentStudent(tx: Tx, organizationId: OrganizationId, departmentStudentId: string) {
  const row = await repo.findDepartmentStudent(tx, organizationId, departmentStudentId);
  if (!row) {
    throw notFound('Department student');
  }
  return row;
}

async function requireActiveMembership(tx: Tx, organizationId: OrganizationId, membershipId: string, field = 'membership_id') {
  const membership = await repo.findMembership(tx, organizationId, membershipId);
  if (!membership) {
    throw notFound('Membership');
  }
  if (membership.status !== 'active') {
    throw new AppError('VALIDATION_FAILED', 'The membership is not active.', { [field]: ['The membership is not active.'] });
  }
  return membership;
}

async function departmentStudentView(tx: Tx, organizationId: OrganizationId, placement: repo.DepartmentStudentRow) {
  const rows = await repo.selectDepartmentStudents(tx, organizationId, placement.departmentId, [placement.id]);
  const [view] = await withTherapists(tx, organizationId, rows);
  return view!;
}

export async function withTherapists<T extends { id: string }>(
  tx: Tx,
  organizationId: OrganizationId,
  rows: T[],
): Promise<(T & { assignedTherapists: AssignedTherapist[] })[]> {
  const therapists = await repo.selectAssignedTherapists(
    tx,
    organizationId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, assignedTherapists: therapists.filter((t) => t.departmentStudentId === r.id) }));
}
