import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { studentPath } from '../../../shared/routing/student-links';
import type { ParentEntry, StudentEntry, TherapistEntry } from '../../../../contract/people';
import type { z } from 'zod';
import { LIMITS } from '../../../../contract/limits';
import { MEMBERSHIP_STATUS_LABELS } from '../../../../contract/memberships';
import { column, mainColumn, StatusBadge } from '../../../shared/admin/admin-columns';
import type { AdminColumn } from '../../../shared/admin/admin-table';

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

type PlaceLine = [label: string, kind: Place, items: Named[]];

/** Where someone is (departments, programs, classroom): a labelled line for each kind they have, else `none`. */
function Placement({ lines, none, links }: { lines: PlaceLine[]; none: ReactNode; links: PlaceLinks }) {
  const placed = lines.filter(([, , items]) => items.length > 0);
  if (placed.length === 0) {
    return none;
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

const studentPlaces = (student: Student): PlaceLine[] => [
  ['Departments', 'departments', student.departments],
  ['Programs', 'programs', student.programs],
  ['Classroom', 'classrooms', student.classroom ? [student.classroom] : []],
];
const therapistPlaces = (therapist: Therapist): PlaceLine[] => [
  ['Departments', 'departments', therapist.departments],
  ['Homeroom of', 'classrooms', therapist.homerooms],
];

/** Certifications that have expired or expire soon: clinics are audited on them, so they stand out. */
function CredentialsFlag({ count }: { count: number }) {
  if (count === 0) {
    return <>—</>;
  }
  return (
    <span className="admin-badge admin-badge--alert" title={`Expired or expiring within ${LIMITS.certificationWarningDays} days`}>
      {count} to renew
    </span>
  );
}
const STATUS: Record<string, string> = { pending: 'Pending', active: 'Active', on_hold: 'On hold', discharged: 'Discharged' };
const fullName = (person: { first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`;
const names = (people: { first_name: string; last_name: string }[]) => people.map(fullName).join(', ');
const sortedName = <T extends Person>(sub: (row: T) => string, to?: (row: T) => string) =>
  mainColumn<T>(fullName, { sub, to, linkClass: '', isSortable: true, isLong: true });

export const studentColumns = (links: PlaceLinks): AdminColumn<Student>[] => [
  sortedName(
    (student) => `Code ${student.code}`,
    (student) => studentPath(student.id),
  ),
  column('placement', 'Placement', (student) => (
    <Placement lines={studentPlaces(student)} none={<span className="muted">Not placed yet</span>} links={links} />
  )),
  column('therapists', 'Therapists', (student) => names(student.therapists) || '—'),
  column('parent', 'Parent', (student) => (student.parent ? fullName(student.parent) : '—')),
  column('status', 'Enrollment', (student) =>
    student.enrollment_status ? (STATUS[student.enrollment_status] ?? student.enrollment_status) : 'None open',
  ),
];

export const parentColumns: AdminColumn<Parent>[] = [
  sortedName((parent) => parent.email),
  column('phone', 'Phone', (parent) => parent.phone_number || '—'),
  column('children', 'Children here', (parent) => names(parent.children)),
];

export const therapistColumns = (links: PlaceLinks): AdminColumn<Therapist>[] => [
  sortedName(
    (therapist) => therapist.email,
    links.weeks ? (therapist) => `/organization/people/members/${therapist.membership_id}` : undefined,
  ),
  // Departments and homerooms share a column, as a student's placement does: a school's few homerooms
  // and a clinic's none would otherwise cost a column of dashes the portrait tablet has no room for.
  column('placement', 'Placement', (therapist) => <Placement lines={therapistPlaces(therapist)} none="—" links={links} />),
  column('students', 'Assigned students', (therapist) => therapist.assigned_students),
  column('credentials', 'Credentials', (therapist) => <CredentialsFlag count={therapist.expiring_certifications} />),
  column('status', 'Status', (therapist) => (
    <StatusBadge isOn={therapist.status === 'active'} on="Active" off={MEMBERSHIP_STATUS_LABELS[therapist.status]} />
  )),
  // The member's page (role, hours, status with its reason; ending the membership) is for every members.view holder.
  column('membership', 'Membership', (therapist) => (
    <Link to={`/organization/people/therapists/${therapist.membership_id}`}>Membership details</Link>
  )),
];
