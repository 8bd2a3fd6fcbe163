import { Link } from 'react-router-dom';
import type { ParentEntry, StudentEntry, TherapistEntry } from '../../../../contract/people';
import type { z } from 'zod';
import { adminColumnHelper, type AdminColumn } from '../../../shared/admin/admin-table';

type Student = z.infer<typeof StudentEntry> & { id: string };
type Parent = z.infer<typeof ParentEntry> & { id: string };
type Therapist = z.infer<typeof TherapistEntry> & { id: string };
export type Person = Student | Parent | Therapist;

/** Department names, each a link to the department when the member may open departments. */
function Departments({ items, link }: { items: { id: string; name: string }[]; link: boolean }) {
  if (items.length === 0) {
    return '—';
  }
  if (!link) {
    return items.map((d) => d.name).join(', ');
  }
  return items.map((d, i) => (
    <span key={d.id}>
      {i > 0 && ', '}
      <Link to={`/organization/departments/${d.id}`}>{d.name}</Link>
    </span>
  ));
}
const STATUS: Record<string, string> = { pending: 'Pending', active: 'Active', on_hold: 'On hold', discharged: 'Discharged' };
const Name = ({ first, last, sub }: { first: string; last: string; sub?: string }) => (
  <div className="admin-cell-main">
    <span className="admin-cell-main__title">
      {first} {last}
    </span>
    {sub && <span className="admin-cell-main__sub">{sub}</span>}
  </div>
);

const student = adminColumnHelper<Student>();
export const studentColumns = (linkDepartments: boolean): AdminColumn<Student>[] => [
  student.accessor('last_name', {
    id: 'name',
    header: 'Name',
    enableSorting: true,
    cell: ({ row }) => <Name first={row.original.first_name} last={row.original.last_name} sub={`Code ${row.original.code}`} />,
  }),
  student.display({
    id: 'departments',
    header: 'Departments',
    cell: ({ row }) => <Departments items={row.original.departments} link={linkDepartments} />,
  }),
  student.display({
    id: 'therapists',
    header: 'Therapists',
    cell: ({ row }) => row.original.therapists.map((t) => `${t.first_name} ${t.last_name}`).join(', ') || '—',
  }),
  student.display({
    id: 'parent',
    header: 'Parent',
    cell: ({ row }) => (row.original.parent ? `${row.original.parent.first_name} ${row.original.parent.last_name}` : '—'),
  }),
  student.display({
    id: 'status',
    header: 'Enrollment',
    cell: ({ row }) =>
      row.original.enrollment_status ? (STATUS[row.original.enrollment_status] ?? row.original.enrollment_status) : 'None open',
  }),
];

const parent = adminColumnHelper<Parent>();
export const parentColumns: AdminColumn<Parent>[] = [
  parent.accessor('last_name', {
    id: 'name',
    header: 'Name',
    enableSorting: true,
    cell: ({ row }) => <Name first={row.original.first_name} last={row.original.last_name} sub={row.original.email} />,
  }),
  parent.display({ id: 'phone', header: 'Phone', cell: ({ row }) => row.original.phone_number || '—' }),
  parent.display({
    id: 'children',
    header: 'Children here',
    cell: ({ row }) => row.original.children.map((c) => `${c.first_name} ${c.last_name}`).join(', '),
  }),
];

const therapist = adminColumnHelper<Therapist>();
export const therapistColumns = (linkDepartments: boolean): AdminColumn<Therapist>[] => [
  therapist.accessor('last_name', {
    id: 'name',
    header: 'Name',
    enableSorting: true,
    cell: ({ row }) => <Name first={row.original.first_name} last={row.original.last_name} sub={row.original.email} />,
  }),
  therapist.display({
    id: 'departments',
    header: 'Departments',
    cell: ({ row }) => <Departments items={row.original.departments} link={linkDepartments} />,
  }),
  therapist.display({ id: 'students', header: 'Assigned students', cell: ({ row }) => row.original.assigned_students }),
  therapist.display({
    id: 'status',
    header: 'Status',
    cell: ({ row }) =>
      row.original.status === 'active' ? (
        <span className="admin-badge admin-badge--on">Active</span>
      ) : (
        <span className="admin-badge admin-badge--off">Resigning</span>
      ),
  }),
];
