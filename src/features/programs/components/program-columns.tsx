import { ProgramOrdering, type Program } from '../../../../contract/programs';
import { countColumn, createdColumn, nameColumn } from '../../../shared/admin/admin-columns';
import type { AdminColumn } from '../../../shared/admin/admin-table';

/** The programs table's columns; the ids of sortable ones are the API's ordering fields. */
export const programColumns: AdminColumn<Program>[] = [
  nameColumn({ to: (program) => `/organization/programs/${program.id}`, sub: (program) => program.description }),
  countColumn('students', 'Students', (program) => program.students_count),
  createdColumn(ProgramOrdering.options),
];
