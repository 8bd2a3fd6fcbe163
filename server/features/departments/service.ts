/**
 * Departments (spec §3 "Department", §6, §7 "Departments" and "Department student therapists").
 *
 * Rules:
 * - Every call is bound to one organization and runs in its tenant transaction; ids of another
 *   organization's rows are "not found" (design.md: never reveal existence).
 * - A department name is trimmed, required and unique in its organization regardless of case.
 * - List answers carry the spec's stats: count_all, count_enabled, count_disabled.
 * - The team (department members) holds active memberships of the organization; adding the same
 *   membership twice is harmless and returns the existing member.
 * - A student sits in a department once; adding again returns the existing row.
 * - A therapist assigned to a department student must be an active *therapist* membership; if not
 *   yet on the department's team they are added to it (an assignment implies team membership).
 * - Removing a member from the team also removes their assignments on that department's students.
 * - A department that has assigned goals cannot be deleted (the cascade would erase collected
 *   data); it can be disabled instead. Bulk delete is all-or-nothing.
 */
import { newId, type OrganizationId } from '../../lib/ids';
import { inTenant, type TenantScope, type Tx } from '../../db/handles';
import { AppError, notFound } from '../../lib/app-error';
import { assignedPlacements } from '../../lib/student-visibility';
import * as repo from './repository';

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

const nameTaken = () =>
  new AppError('CONFLICT', 'A department with this name already exists.', { name: ['A department with this name already exists.'] });

export async function createDepartment(
  db: TenantScope,
  organizationId: OrganizationId,
  input: { name: string; isEnabled?: boolean },
): Promise<Department> {
  const name = input.name.trim();
  return inTenant(db, organizationId, async (tx) => {
    if (await repo.findDepartmentByName(tx, organizationId, name)) {
      throw nameTaken();
    }
    return repo.insertDepartment(tx, organizationId, { id: newId(), name, isEnabled: input.isEnabled ?? true });
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
  return inTenant(db, organizationId, async (tx) => {
    const row = await repo.findDepartment(tx, organizationId, departmentId);
    if (!row) {
      throw notFound('Department');
    }
    return row;
  });
}

export async function updateDepartment(
  db: TenantScope,
  organizationId: OrganizationId,
  departmentId: string,
  patch: { name?: string; isEnabled?: boolean },
): Promise<Department> {
  return inTenant(db, organizationId, async (tx) => {
    const current = await repo.findDepartment(tx, organizationId, departmentId);
    if (!current) {
      throw notFound('Department');
    }
    const name = patch.name?.trim();
    if (name !== undefined && name.toLowerCase() !== current.name.toLowerCase()) {
      if (await repo.findDepartmentByName(tx, organizationId, name)) {
        throw nameTaken();
      }
    }
    const updated = await repo.updateDepartmentRow(tx, organizationId, departmentId, {
      ...(name !== undefined ? { name } : {}),
      ...(patch.isEnabled !== undefined ? { isEnabled: patch.isEnabled } : {}),
    });
    return updated ?? current;
  });
}

/** Deletes departments by id, all or nothing: every id must exist and hold no assigned goals. */
export async function deleteDepartments(
  db: TenantScope,
  organizationId: OrganizationId,
  departmentIds: string[],
): Promise<{ deleted: number }> {
  const ids = [...new Set(departmentIds)];
  return inTenant(db, organizationId, async (tx) => {
    for (const id of ids) {
      if (!(await repo.findDepartment(tx, organizationId, id))) {
        throw notFound('Department');
      }
    }
    if ((await repo.countGoalsInDepartments(tx, organizationId, ids)) > 0) {
      throw new AppError('CONFLICT', 'A department with assigned goals cannot be deleted; disable it instead.');
    }
    const deleted = await repo.deleteDepartmentRows(tx, organizationId, ids);
    return { deleted: deleted.length };
  });
}

// ---- team --------------------------------------------------------------------------------------

export async function addDepartmentMember(
  db: TenantScope,
  organizationId: OrganizationId,
  departmentId: string,
  membershipId: string,
): Promise<DepartmentMember> {
  return inTenant(db, organizationId, async (tx) => {
    await requireDepartment(tx, organizationId, departmentId);
    await requireActiveMembership(tx, organizationId, membershipId);
    await repo.insertDepartmentMember(tx, organizationId, { id: newId(), departmentId, membershipId });
    const members = await repo.selectDepartmentMembers(tx, organizationId, departmentId);
    return members.find((m) => m.membershipId === membershipId)!;
  });
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
): Promise<void> {
  await inTenant(db, organizationId, async (tx) => {
    const removed = await repo.deleteDepartmentMemberRow(tx, organizationId, departmentId, memberId);
    if (!removed) {
      throw notFound('Department member');
    }
    await repo.deleteAssignmentsOfMemberInDepartment(tx, organizationId, departmentId, removed.membershipId);
  });
}

// ---- students ------------------------------------------------------------------------------

export async function addDepartmentStudent(
  db: TenantScope,
  organizationId: OrganizationId,
  departmentId: string,
  studentId: string,
): Promise<DepartmentStudent> {
  return inTenant(db, organizationId, async (tx) => {
    await requireDepartment(tx, organizationId, departmentId);
    if (!(await repo.findStudent(tx, organizationId, studentId))) {
      throw notFound('Student');
    }
    await repo.insertDepartmentStudent(tx, organizationId, { id: newId(), departmentId, studentId });
    const rows = await withTherapists(tx, organizationId, await repo.selectDepartmentStudents(tx, organizationId, departmentId));
    return rows.find((r) => r.studentId === studentId)!;
  });
}

/** Students of a department, each with assigned_therapists (spec §3 "Department student"). */
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

/** Removes department-student rows (spec: DELETE department-students/{id}/ and bulk-delete {ids}); goals stay. */
export async function removeDepartmentStudents(
  db: TenantScope,
  organizationId: OrganizationId,
  departmentId: string,
  departmentStudentIds: string[],
): Promise<{ deleted: number }> {
  const ids = [...new Set(departmentStudentIds)];
  return inTenant(db, organizationId, async (tx) => {
    await requireDepartment(tx, organizationId, departmentId);
    const deleted = await repo.deleteDepartmentStudentRows(tx, organizationId, departmentId, ids);
    if (deleted.length !== ids.length) {
      throw notFound('Department student');
    }
    return { deleted: deleted.length };
  });
}

// ---- assigned therapists ---------------------------------------------------------------------

export async function assignTherapist(
  db: TenantScope,
  organizationId: OrganizationId,
  departmentStudentId: string,
  membershipId: string,
): Promise<AssignedTherapist> {
  return inTenant(db, organizationId, async (tx) => {
    const departmentStudent = await repo.findDepartmentStudent(tx, organizationId, departmentStudentId);
    if (!departmentStudent) {
      throw notFound('Department student');
    }
    const membership = await requireActiveMembership(tx, organizationId, membershipId);
    if (membership.role !== 'therapist') {
      throw new AppError('VALIDATION_FAILED', 'Only a therapist can be assigned to a student.', {
        membership_id: ['Only a therapist can be assigned to a student.'],
      });
    }
    await repo.insertDepartmentMember(tx, organizationId, { id: newId(), departmentId: departmentStudent.departmentId, membershipId });
    await repo.insertAssignedTherapist(tx, organizationId, { id: newId(), departmentStudentId, membershipId });
    const [assigned] = (await repo.selectAssignedTherapists(tx, organizationId, [departmentStudentId])).filter(
      (t) => t.membershipId === membershipId,
    );
    return assigned!;
  });
}

export async function listAssignedTherapists(
  db: TenantScope,
  organizationId: OrganizationId,
  departmentStudentId: string,
): Promise<AssignedTherapist[]> {
  return inTenant(db, organizationId, async (tx) => {
    if (!(await repo.findDepartmentStudent(tx, organizationId, departmentStudentId))) {
      throw notFound('Department student');
    }
    return repo.selectAssignedTherapists(tx, organizationId, [departmentStudentId]);
  });
}

/** `assignmentId` is the department-student-therapist row's id (spec: DELETE department-students-therapists/{id}/). */
export async function unassignTherapist(db: TenantScope, organizationId: OrganizationId, assignmentId: string): Promise<void> {
  await inTenant(db, organizationId, async (tx) => {
    if (!(await repo.deleteAssignedTherapistRow(tx, organizationId, assignmentId))) {
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

async function requireDepartment(tx: Tx, organizationId: OrganizationId, departmentId: string) {
  const row = await repo.findDepartment(tx, organizationId, departmentId);
  if (!row) {
    throw notFound('Department');
  }
  return row;
}

async function requireActiveMembership(tx: Tx, organizationId: OrganizationId, membershipId: string) {
  const membership = await repo.findMembership(tx, organizationId, membershipId);
  if (!membership) {
    throw notFound('Membership');
  }
  if (membership.status !== 'active') {
    throw new AppError('VALIDATION_FAILED', 'The membership is not active.', { membership_id: ['The membership is not active.'] });
  }
  return membership;
}

async function withTherapists(
  tx: Tx,
  organizationId: OrganizationId,
  rows: Awaited<ReturnType<typeof repo.selectDepartmentStudents>>,
): Promise<DepartmentStudent[]> {
  const therapists = await repo.selectAssignedTherapists(
    tx,
    organizationId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, assignedTherapists: therapists.filter((t) => t.departmentStudentId === r.id) }));
}
