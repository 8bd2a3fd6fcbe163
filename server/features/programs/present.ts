import type { RacedConstraint } from '../../lib/db-errors';
import type { Change } from '../../lib/audit-trail';
import { linkMadeOrRemoved } from '../../lib/placement';
import { presentMemberFields, presentStudentFields } from '../../lib/person-columns';
import type { EnrollmentSummary, Program, ProgramDepartment, ProgramFull, ProgramMember, ProgramStudent } from '../../../contract/programs';
import type { z } from 'zod';
import type { ProgramListRow, ProgramRow } from './repository';
import type { pageCandidateEnrollments, pageProgramStudents } from './repository-students';
import type { pageProgramMembers, selectAllProgramDepartments, selectProgramDepartments } from './repository-team';

/** The contract's shapes (contract/programs.ts) from the rows, and what the trail keeps of each. */

type Row<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>[number];

export const presentProgram = (p: ProgramListRow): Program => ({
  id: p.id,
  name: p.name,
  description: p.description,
  students_count: p.studentsCount,
  created_at: p.createdAt.toISOString(),
});

/** A program with the departments its students are placed in, from every (program, department) pair read at once. */
export const presentProgramFull = (p: ProgramListRow, pairs: Row<typeof selectAllProgramDepartments>[]): z.input<typeof ProgramFull> => ({
  ...presentProgram(p),
  departments: pairs.filter((pair) => pair.programId === p.id).map((pair) => ({ id: pair.id, name: pair.name })),
});

export const presentEnrollment = (e: Omit<Row<typeof pageCandidateEnrollments>, 'total'>): z.input<typeof EnrollmentSummary> => ({
  enrollment_id: e.enrollmentId,
  ...presentStudentFields(e),
  org_status: e.orgStatus,
});

export const presentProgramStudent = (s: Row<typeof pageProgramStudents>): z.input<typeof ProgramStudent> => ({
  ...presentEnrollment(s),
  id: s.id,
  program_id: s.programId,
  added_at: s.addedAt.toISOString(),
});

export const presentProgramDepartment = (d: Row<typeof selectProgramDepartments>): z.input<typeof ProgramDepartment> => ({
  id: d.id,
  name: d.name,
  is_active: d.isActive,
  students_count: d.studentsCount,
});

export const presentProgramMember = (m: Row<typeof pageProgramMembers>): z.input<typeof ProgramMember> => ({
  ...presentMemberFields(m),
  email: m.email,
  department_ids: [...m.departmentIds].sort(),
});

/** The fields the audit trail keeps of a program (no ids or timestamps: those are the row's). */
export const audited = (p: Pick<ProgramRow, 'name' | 'description'>) => ({ name: p.name, description: p.description });

/** A program student's link as the trail keeps it, scoped so the program's, the enrollment's and the student's histories list it. */
export const linkChange = (
  action: 'create' | 'delete',
  l: { id: string; programId: string; enrollmentId: string; studentId: string },
): Change =>
  linkMadeOrRemoved(action, {
    entity: 'program_student',
    id: l.id,
    scope: { program: l.programId, enrollment: l.enrollmentId, student: l.studentId },
    kept: { enrollment_id: l.enrollmentId },
  });

/** What a person hears when two saves race into one of this feature's unique constraints (409, on the field). */
export const UNIQUE_CONSTRAINTS = {
  programs_name_uq: { detail: 'A program with this name already exists.', field: 'name' },
  program_students_uq: { detail: 'The student is already in this program.' },
} as const satisfies Record<string, RacedConstraint>;
