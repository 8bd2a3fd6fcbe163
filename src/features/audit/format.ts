import type { AuditAction, AuditEntry, AuditFieldChange, AuditPerson } from '../../../contract/audit';
import { browserTimeZone, formatDate, formatOrgMoment, formatOrgTime } from '../../shared/ui/time-zones';

const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A value the trail recorded, in words: "—" for none, Yes/No, a moment on the organization's clock,
 * a list of records as how many there are (their ids say nothing to a person), other lists joined.
 */
export function formatValue(value: unknown, timeZone: string = browserTimeZone()): string {
  if (value === null || value === undefined) {
    return '—';
  }
  if (typeof value === 'boolean') {
    return value ? 'Yes' : 'No';
  }
  if (typeof value === 'string') {
    return value === '' ? '(empty)' : MOMENT.test(value) ? formatOrgMoment(value, timeZone) : value;
  }
  if (typeof value === 'number') {
    return String(value);
  }
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every((item) => typeof item === 'string' && RECORD_ID.test(item))) {
      return value.length === 1 ? '1 record' : `${value.length} records`;
    }
    return value.length === 0 ? '(none)' : value.map((item) => formatValue(item, timeZone)).join(', ');
  }
  return JSON.stringify(value);
}

/** One changed field as a line: "Price: 45.00 → 50.00"; a create names the new value, a delete the old one. */
export function changeText(action: AuditAction, change: AuditFieldChange, timeZone: string = browserTimeZone()): string {
  const value = (v: unknown) => formatValue(v, timeZone);
  // A create names what was made; an opening what was opened ("Parts: Goals and data").
  if (action === 'create' || action === 'read') {
    return `${change.label}: ${value(change.after)}`;
  }
  if (action === 'delete') {
    return `${change.label}: ${value(change.before)}`;
  }
  return `${change.label}: ${value(change.before)} → ${value(change.after)}`;
}

export const ACTION_WORDS: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  read: 'Opened',
};

/**
 * The screens a record's kind has, and where the id is: 'entity' for the record's own page, else the
 * kind of its parent in the entry's related ids (a link's department, program or classroom).
 */
const RECORD_PAGES: Record<string, { path: string; id: string }> = {
  department: { path: '/organization/departments/', id: 'entity' },
  department_member: { path: '/organization/departments/', id: 'department' },
  department_student: { path: '/organization/departments/', id: 'department' },
  department_student_therapist: { path: '/organization/departments/', id: 'department' },
  program: { path: '/organization/programs/', id: 'entity' },
  program_student: { path: '/organization/programs/', id: 'program' },
  classroom: { path: '/organization/classrooms/', id: 'entity' },
  classroom_student: { path: '/organization/classrooms/', id: 'classroom' },
  membership: { path: '/organization/people/members/', id: 'entity' },
  workspace_usage: { path: '/organization/people/members/', id: 'membership' },
  therasession: { path: '/organization/schedule/sessions/', id: 'entity' },
  student: { path: '/organization/students/', id: 'entity' },
  goal: { path: '/organization/students/', id: 'student' },
};

/**
 * The address of the screen that shows an entry's record (or, for a link such as a department's
 * team member, the department it belongs to), or null: kinds without a screen of their own, and a
 * record the entry deleted, are named without a link.
 */
export function recordPath(entry: Pick<AuditEntry, 'entity' | 'entity_id' | 'action' | 'related'>): string | null {
  const page = RECORD_PAGES[entry.entity];
  if (!page || (entry.action === 'delete' && page.id === 'entity')) {
    return null;
  }
  const id = page.id === 'entity' ? entry.entity_id : entry.related[page.id];
  return id ? `${page.path}${id}` : null;
}

/** The record in words: its name, or its kind when no name is known ("a session", never an id). */
export const recordName = (entry: Pick<AuditEntry, 'record_label' | 'entity_label'>) =>
  entry.record_label ?? `Unnamed ${entry.entity_label.toLowerCase()}`;

export const personName = (person: Pick<AuditPerson, 'first_name' | 'last_name'>) =>
  `${person.first_name} ${person.last_name}`.trim() || 'Someone';

/**
 * When an entry was made, on the organization's clock (the date filters read days there too): its
 * day and its time, the time named with the zone when the device reads another ("3:05 PM EST").
 */
export function formatWhen(at: string, timeZone: string, device?: string): { day: string; time: string } {
  return { day: formatDate(at, timeZone), time: formatOrgTime(at, timeZone, device) };
}
