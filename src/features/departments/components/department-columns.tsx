import { DepartmentOrdering, type Department } from '../../../../contract/departments';
import { countColumn, createdColumn, nameColumn, statusColumn } from '../../../shared/admin/admin-columns';
import type { AdminColumn } from '../../../shared/admin/admin-table';
import { departmentPath } from '../format';

/** The departments table's columns; the ids of sortable ones are the API's ordering fields. */
export const departmentColumns: AdminColumn<Department>[] = [
  nameColumn({ to: (department) => departmentPath(department.id), linkClass: 'admin-cell-link' }),
  countColumn('team', 'Team', (department) => department.members_count, ['member', 'members']),
  countColumn('students', 'Students', (department) => department.students_count, ['student', 'students']),
  statusColumn((department) => department.is_active, 'Enabled', 'Disabled'),
  createdColumn(DepartmentOrdering.options),
];
