import type { RacedConstraint } from '../../lib/db-errors';
import type { z } from 'zod';
import type {
  AssignedStudent,
  AssignedTherapist,
  Department,
  DepartmentMember,
  DepartmentStudent,
  HistoryEntry,
  OrganizationMember,
} from '../../../contract/departments';
import type { Change } from '../../lib/audit-trail';
import { linkMadeOrRemoved } from '../../lib/placement';
import { presentMemberFields, presentStudentFields } from '../../lib/person-columns';
import type { assignedPlacements } from '../../lib/access';
import type { DepartmentListRow } from './repository';
import type { DepartmentMemberRow, OrganizationMemberRow } from './repository-team';
import type { AssignedTherapistRow, AssignmentRow, DepartmentStudentListRow } from './repository-students';
import type { HistoryRow } from './repository-history';

// Rows → the contract's shapes (contract/departments.ts), and what the audit trail keeps of each entity.

export const presentDepartment = (d: DepartmentListRow): Department => ({
  id: d.id,
  name: d.name,
  is_active: d.isActive,
  created_at: d.createdAt.toISOString(),
  members_count: d.membersCount,
  students_count: d.studentsCount,
});

export const presentMember = (m: DepartmentMemberRow): DepartmentMember => ({
  id: m.id,
  department_id: m.departmentId,
  ...presentMemberFields(m),
  role: m.role,
  status: m.status,
});

export const presentOrganizationMember = (r: OrganizationMemberRow): OrganizationMember => ({
  ...presentMemberFields(r),
  email: r.email,
  role: r.role,
  role_id: r.roleId,
});

export const presentAssignment = (a: AssignedTherapistRow): AssignedTherapist => ({
  id: a.id,
  department_student: a.departmentStudentId,
  membership_id: a.membershipId,
  first_name: a.firstName,
  last_name: a.lastName,
});

/** A placement with its therapists, picked from the therapists of the whole page. */
export const presentDepartmentStudent =
  (therapists: AssignedTherapistRow[]) =>
  (s: DepartmentStudentListRow): DepartmentStudent => ({
    id: s.id,
    department_id: s.parentId,
    ...presentStudentFields(s),
    assigned_therapists: therapists.filter((t) => t.departmentStudentId === s.id).map(presentAssignment),
  });

/** One row per department the student is in with the therapist: one entry per student, with those departments. */
export function presentAssignedStudents(rows: Awaited<ReturnType<typeof assignedPlacements>>): z.infer<typeof AssignedStudent>[] {
  const byStudent = new Map<string, z.infer<typeof AssignedStudent>>();
  for (const r of rows) {
    const entry = byStudent.get(r.studentId) ?? { id: r.studentId, first_name: r.firstName, last_name: r.lastName, department_ids: [] };
    entry.department_ids.push(r.departmentId);
    byStudent.set(r.studentId, entry);
  }
  return [...byStudent.values()];
}

type Person = { id: string; firstName: string; lastName: string } | null;
const person = (p: Person) => (p ? { id: p.id, first_name: p.firstName, last_name: p.lastName } : null);

/** A history row with the team member and the student it concerns, by name. */
export const presentHistory = (h: HistoryRow & { member: Person; student: Person }): HistoryEntry => ({
  id: h.id,
  at: h.at.toISOString(),
  user: h.firstName === null || h.lastName === null ? null : { id: h.userId, first_name: h.firstName, last_name: h.lastName },
  call: h.call,
  action: h.action,
  entity: h.entity,
  entity_id: h.entityId,
  changes: h.changes,
  member: person(h.member),
  student: person(h.student),
});

// ---- what the trail keeps of each entity -----------------------------------------------------

export const audited = (d: { name: string; isActive: boolean }) => ({ name: d.name, is_active: d.isActive });

export const assignmentChange = (action: 'create' | 'delete', a: AssignmentRow): Change =>
  linkMadeOrRemoved(action, {
    entity: 'department_student_therapist',
    id: a.id,
    scope: { department: a.departmentId, department_student: a.departmentStudentId, student: a.studentId, membership: a.membershipId },
    kept: { membership_id: a.membershipId, student_id: a.studentId },
  });

export const memberChange = (action: 'create' | 'delete', m: { id: string; departmentId: string; membershipId: string }): Change =>
  linkMadeOrRemoved(action, {
    entity: 'department_member',
    id: m.id,
    scope: { department: m.departmentId, membership: m.membershipId },
    kept: { membership_id: m.membershipId },
  });

export const placementChange = (action: 'create' | 'delete', p: { id: string; departmentId: string; studentId: string }): Change =>
  linkMadeOrRemoved(action, {
    entity: 'department_student',
    id: p.id,
    scope: { department: p.departmentId, student: p.studentId },
    kept: { student_id: p.studentId },
  });

/** What a person hears when two saves race into one of this feature's unique constraints (409, on the field). */
export const UNIQUE_CONSTRAINTS = {
  departments_name_uq: { detail: 'A department with this name already exists.', field: 'name' },
  department_members_uq: { detail: 'This member is already on the department’s team.' },
  department_students_uq: { detail: 'The student is already in this department.' },
  department_student_therapists_uq: { detail: 'This therapist is already assigned to the student.' },
} as const satisfies Record<string, RacedConstraint>;
