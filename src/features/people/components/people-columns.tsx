import { Link } from 'react-router-dom';
import type { ParentEntry, StudentEntry, TherapistEntry } from '../../../../contract/people';
import type { z } from 'zod';
import { LongText } from '../../../shared/admin/long-text';
import { adminColumnHelper, type AdminColumn } from '../../../shared/admin/admin-table';

type Student = z.infer<typeof StudentEntry> & { id: string };
type Parent = z.infer<typeof ParentEntry> & { id: string };
type Therapist = z.infer<typeof TherapistEntry> & { id: string };
export type Person = Student | Parent | Therapist;

type Named = { id: string; name: string };

type Place = 'departments' | 'programs' | 'classrooms';

/**
 * Which screens the member may open (each needs its `.view` key; a member's week dashboard.view):
 * the names in the directories become links to them.
 */
export interface PlaceLinks extends Record<Place, boolean> {
  weeks: boolean;
}
const PLACE_PATH: Record<Place, string> = {
  departments: '/organization/departments',
  programs: '/organization/programs',
  classrooms: '/organization/classrooms',
};

/** Names of departments, programs or classrooms, each a link to its screen when the member may open it. */
function Places({ items, kind, links }: { items: Named[]; kind: Place; links: PlaceLinks }) {
  if (items.length === 0) {
    return '—';
  }
  if (!links[kind]) {
    return items.map((d) => d.name).join(', ');
  }
  return items.map((d, i) => (
    <span key={d.id}>
      {i > 0 && ', '}
      <Link to={`${PLACE_PATH[kind]}/${d.id}`}>{d.name}</Link>
    </span>
  ));
}

/** Where a student is: their departments, programs and classroom, a labelled line for each they have. */
function Placement({ student, links }: { student: Student; links: PlaceLinks }) {
  const lines: [string, Place, Named[]][] = [
    ['Departments', 'departments', student.departments],
    ['Programs', 'programs', student.programs],
    ['Classroom', 'classrooms', student.classroom ? [student.classroom] : []],
  ];
  const placed = lines.filter(([, , items]) => items.length > 0);
  if (placed.length === 0) {
    return <span className="muted">Not placed yet</span>;
  }
  return (
    <ul className="admin-places">
      {placed.map(([label, kind, items]) => (
        <li key={kind}>
          <span className="admin-places__label">{label}:</span> <Places items={items} kind={kind} links={links} />
        </li>
      ))}
    </ul>
  );
}
const STATUS: Record<string, string> = { pending: 'Pending', active: 'Active', on_hold: 'On hold', discharged: 'Discharged' };
const Name = ({ first, last, sub }: { first: string; last: string; sub?: string }) => (
  <div className="admin-cell-main">
    <LongText className="admin-cell-main__title" text={`${first} ${last}`} />
    {sub && <LongText className="admin-cell-main__sub" text={sub} />}
  </div>
);

const student = adminColumnHelper<Student>();
export const studentColumns = (links: PlaceLinks): AdminColumn<Student>[] => [
  student.accessor('last_name', {
    id: 'name',
    header: 'Name',
    enableSorting: true,
    cell: ({ row }) => <Name first={row.original.first_name} last={row.original.last_name} sub={`Code ${row.original.code}`} />,
  }),
  student.display({
    id: 'placement',
    header: 'Placement',
    cell: ({ row }) => <Placement student={row.original} links={links} />,
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
export const therapistColumns = (links: PlaceLinks): AdminColumn<Therapist>[] => [
  therapist.accessor('last_name', {
    id: 'name',
    header: 'Name',
    enableSorting: true,
    cell: ({ row }) =>
      links.weeks ? (
        <div className="admin-cell-main">
          <Link
            className="admin-cell-main__title admin-long"
            title={`${row.original.first_name} ${row.original.last_name}`}
            to={`/organization/people/members/${row.original.membership_id}`}
          >
            {row.original.first_name} {row.original.last_name}
          </Link>
          <LongText className="admin-cell-main__sub" text={row.original.email} />
        </div>
      ) : (
        <Name first={row.original.first_name} last={row.original.last_name} sub={row.original.email} />
      ),
  }),
  therapist.display({
    id: 'departments',
    header: 'Departments',
    cell: ({ row }) => <Places items={row.original.departments} kind="departments" links={links} />,
  }),
  therapist.display({
    id: 'homerooms',
    header: 'Homeroom of',
    cell: ({ row }) => <Places items={row.original.homerooms} kind="classrooms" links={links} />,
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
