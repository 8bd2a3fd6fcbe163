import type { z } from 'zod';
import type { ProgramDepartment, ProgramFull, ProgramMember, ProgramStudent } from '../../../../contract/programs';
import { adminColumnHelper, type AdminColumn } from '../../../shared/admin/admin-table';

/** One program as its detail screen holds it (from programs-full: there is no "get one program" call). */
export type ProgramDetail = z.infer<typeof ProgramFull>;
export type ProgramStudentRow = z.infer<typeof ProgramStudent>;
export type ProgramMemberRow = z.infer<typeof ProgramMember> & { id: string };
export type ProgramDepartmentRow = z.infer<typeof ProgramDepartment>;

export const personName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`;
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  pending: 'Pending',
  on_hold: 'On hold',
  discharged: 'Discharged',
};
export const statusLabel = (status: string) => STATUS_LABELS[status] ?? status.replace(/_/g, ' ');

const student = adminColumnHelper<ProgramStudentRow>();

/** The program's students (the list kit adds "Remove" for who may manage). */
export const programStudentColumns: AdminColumn<ProgramStudentRow>[] = [
  student.accessor('last_name', {
    id: 'name',
    header: 'Student',
    enableSorting: false,
    cell: ({ row }) => (
      <div className="admin-cell-main">
        <span className="admin-cell-main__title">{personName(row.original)}</span>
      </div>
    ),
  }),
  student.accessor('code', { id: 'code', header: 'Code', enableSorting: false, cell: ({ row }) => row.original.code || '—' }),
  student.accessor('org_status', {
    id: 'enrollment',
    header: 'Enrollment',
    enableSorting: false,
    cell: ({ row }) => statusLabel(row.original.org_status),
  }),
  student.accessor('added_at', {
    id: 'added',
    header: 'Added',
    enableSorting: false,
    cell: ({ row }) => dateFormat.format(new Date(row.original.added_at)),
  }),
];

const member = adminColumnHelper<ProgramMemberRow>();

/** The program's team; `departmentName` names the ids each member carries. */
export function programMemberColumns(departmentName: (id: string) => string): AdminColumn<ProgramMemberRow>[] {
  return [
    member.accessor('last_name', {
      id: 'name',
      header: 'Name',
      enableSorting: true,
      cell: ({ row }) => (
        <div className="admin-cell-main">
          <span className="admin-cell-main__title">{personName(row.original)}</span>
          <span className="admin-cell-main__sub">{row.original.email}</span>
        </div>
      ),
    }),
    member.accessor('department_ids', {
      id: 'departments',
      header: 'Departments',
      enableSorting: false,
      cell: ({ row }) => row.original.department_ids.map(departmentName).join(', ') || '—',
    }),
  ];
}

const department = adminColumnHelper<ProgramDepartmentRow>();

export const programDepartmentColumns: AdminColumn<ProgramDepartmentRow>[] = [
  department.accessor('name', {
    id: 'name',
    header: 'Department',
    enableSorting: false,
    cell: ({ row }) => (
      <div className="admin-cell-main">
        <span className="admin-cell-main__title">{row.original.name}</span>
      </div>
    ),
  }),
  department.accessor('students_count', {
    id: 'students',
    header: 'Program students placed there',
    enableSorting: false,
    cell: ({ row }) => row.original.students_count,
  }),
  department.accessor('is_enabled', {
    id: 'status',
    header: 'Status',
    enableSorting: false,
    cell: ({ row }) =>
      row.original.is_enabled ? (
        <span className="admin-badge admin-badge--on">Enabled</span>
      ) : (
        <span className="admin-badge admin-badge--off">Disabled</span>
      ),
  }),
];
