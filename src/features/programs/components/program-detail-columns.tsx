import type { z } from 'zod';
import type { ProgramDepartment, ProgramFull, ProgramMember, ProgramStudent } from '../../../../contract/programs';
import { column, countColumn, dayColumn, MainCell, personColumn, statusColumn, studentColumn } from '../../../shared/admin/admin-columns';
import type { AdminColumn } from '../../../shared/admin/admin-table';

/** One program as its detail screen holds it (from programs-full: there is no "get one program" call). */
export type ProgramDetail = z.infer<typeof ProgramFull>;
export type ProgramStudentRow = z.infer<typeof ProgramStudent>;
export type ProgramMemberRow = z.infer<typeof ProgramMember> & { id: string };
export type ProgramDepartmentRow = z.infer<typeof ProgramDepartment>;

export const personName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`;
const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  pending: 'Pending',
  on_hold: 'On hold',
  discharged: 'Discharged',
};
export const statusLabel = (status: string) => STATUS_LABELS[status] ?? status.replace(/_/g, ' ');

/** The program's students (the list kit adds "Remove" for who may manage). */
export const programStudentColumns: AdminColumn<ProgramStudentRow>[] = [
  studentColumn(personName, (student) => student.student_id),
  column('code', 'Code', (student) => student.code || '—'),
  column('enrollment', 'Enrollment', (student) => statusLabel(student.org_status)),
  dayColumn('added', 'Added', (student) => student.added_at),
];

/** The program's team; `departmentName` names the ids each member carries. */
export function programMemberColumns(departmentName: (id: string) => string): AdminColumn<ProgramMemberRow>[] {
  return [
    personColumn('Name', personName, (member) => member.email, true),
    column('departments', 'Departments', (member) => member.department_ids.map(departmentName).join(', ') || '—'),
  ];
}

export const programDepartmentColumns: AdminColumn<ProgramDepartmentRow>[] = [
  column('name', 'Department', (department) => <MainCell title={department.name} />),
  countColumn('students', 'Program students placed there', (department) => department.students_count),
  statusColumn((department) => department.is_active, 'Enabled', 'Disabled'),
];
