import type {
  ProgramListRow,
  ProgramStudentListRow,
  pageCandidateEnrollments,
  pageProgramMembers,
  selectProgramDepartments,
} from './list-repository';

/** The contract's shapes (contract/programs.ts) from the list rows. */

export const presentProgram = (p: ProgramListRow) => ({
  id: p.id,
  name: p.name,
  description: p.description,
  students_count: p.studentsCount,
  created_at: p.createdAt.toISOString(),
});

type CandidateRow = Awaited<ReturnType<typeof pageCandidateEnrollments>>[number];
export const presentEnrollment = (e: Omit<CandidateRow, 'total'>) => ({
  enrollment_id: e.enrollmentId,
  student_id: e.studentId,
  first_name: e.firstName,
  last_name: e.lastName,
  code: e.code,
  org_status: e.orgStatus,
});

export const presentProgramStudent = (s: ProgramStudentListRow) => ({
  ...presentEnrollment(s),
  id: s.id,
  program_id: s.programId,
  added_at: s.addedAt.toISOString(),
});

type DepartmentRow = Awaited<ReturnType<typeof selectProgramDepartments>>[number];
export const presentProgramDepartment = (d: DepartmentRow) => ({
  id: d.id,
  name: d.name,
  is_enabled: d.isEnabled,
  students_count: d.studentsCount,
});

type MemberRow = Awaited<ReturnType<typeof pageProgramMembers>>[number];
export const presentProgramMember = (m: MemberRow) => ({
  membership_id: m.membershipId,
  user_id: m.userId,
  first_name: m.firstName,
  last_name: m.lastName,
  email: m.email,
  department_ids: [...m.departmentIds].sort(),
});
