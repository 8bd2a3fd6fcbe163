import type { AssignedTherapist, DepartmentMember, DepartmentStudent } from './service';
import type { DepartmentListRow } from './list-repository';
import type { pageDepartmentHistory } from './list-repository';

/** The contract's shapes (contract/departments.ts) from the service's rows. */

export const presentDepartment = (d: Omit<DepartmentListRow, 'organizationId'>) => ({
  id: d.id,
  name: d.name,
  is_enabled: d.isEnabled,
  created_at: d.createdAt.toISOString(),
  members_count: d.membersCount,
  students_count: d.studentsCount,
});

export const presentMember = (m: Omit<DepartmentMember, never>) => ({
  id: m.id,
  department_id: m.departmentId,
  membership_id: m.membershipId,
  user_id: m.userId,
  first_name: m.firstName,
  last_name: m.lastName,
  role: m.role,
  status: m.status,
});

export const presentAssignment = (a: AssignedTherapist) => ({
  id: a.id,
  department_student: a.departmentStudentId,
  membership_id: a.membershipId,
  first_name: a.firstName,
  last_name: a.lastName,
});

export const presentDepartmentStudent = (
  s: Pick<DepartmentStudent, 'id' | 'departmentId' | 'studentId' | 'firstName' | 'lastName' | 'code' | 'assignedTherapists'>,
) => ({
  id: s.id,
  department_id: s.departmentId,
  student_id: s.studentId,
  first_name: s.firstName,
  last_name: s.lastName,
  code: s.code,
  assigned_therapists: s.assignedTherapists.map(presentAssignment),
});

type Person = { id: string; firstName: string; lastName: string } | null;
type HistoryRow = Awaited<ReturnType<typeof pageDepartmentHistory>>[number] & { member: Person; student: Person };
const person = (p: Person) => (p ? { id: p.id, first_name: p.firstName, last_name: p.lastName } : null);
export const presentHistory = (h: HistoryRow) => ({
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
