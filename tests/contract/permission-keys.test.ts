import { describe, expect, it } from 'vitest';
import { PERMISSION_KEYS, PERMISSION_KEY_LABELS } from '../../contract/http';
import { DEFAULT_MEMBER_PERMISSIONS } from '../../server/db/built-in-roles';

// The keys, their order on the roles screen, their words and what each built-in role starts with are
// stored in every organization's roles and shown to owners: moving where they are declared must not
// change any of them. The table is written out by hand on purpose: each row is a key, its words, and
// the member kinds whose built-in role starts with it.
const KEYS: [string, string, string[]][] = [
  ['organization.view', 'See the organization profile', ['therapist', 'staff']],
  ['organization.manage', 'Change the organization profile and settings', []],
  ['dashboard.view', "See the organization's dashboard", ['staff']],
  ['members.view', 'See therapists, staff and their teams', ['staff']],
  ['members.manage', 'Invite, change and end memberships', []],
  ['roles.manage', 'Create, change and delete roles', []],
  ['services.view', 'See services and prices', ['therapist', 'staff']],
  ['services.manage', 'Create, change and delete services', []],
  ['programs.view', 'See programs', ['therapist', 'staff']],
  ['programs.manage', 'Create, change and delete programs and their students', []],
  ['departments.view', 'See departments', ['therapist', 'staff']],
  ['departments.manage', 'Create, change and delete departments, their teams and students', []],
  ['classrooms.view', 'See classrooms', ['therapist', 'staff']],
  ['classrooms.manage', 'Create, change and delete classrooms and their students', []],
  ['students.view', 'See the student and parent directories (names only)', ['therapist', 'staff']],
  ['students.manage', 'Enroll students and change enrollments', ['staff']],
  ['students.records', "Open a student's record (goals, data, sessions, notes)", ['therapist']],
  ['goals.view', 'See goals and goal libraries', ['therapist', 'staff']],
  ['goals.manage', 'Assign goals and edit goal libraries', []],
  ['sessions.view', 'See the session schedule', ['therapist', 'staff']],
  ['sessions.manage', "Schedule, move and cancel anyone's sessions", ['staff']],
  ['sessions.run', 'Run their own sessions', ['therapist']],
  ['sessions.override', 'Book over a conflict or a closure, giving a reason', ['staff']],
  ['calendar.view', 'See the calendar', ['therapist', 'staff']],
  ['calendar.manage', 'Add meetings, trainings, holidays and closures', ['staff']],
  ['collector.record', 'Record data in sessions', ['therapist']],
  ['workspace.use', 'Open and close the workspace', ['therapist', 'staff']],
  ['audit.view', 'See the audit trail and histories', []],
];

const heldBy = (kind: string) => KEYS.filter(([, , kinds]) => kinds.includes(kind)).map(([key]) => key);

describe('permission keys', () => {
  it('lists every key in the order the roles screen shows, with its words', () => {
    expect(PERMISSION_KEYS.map((key) => [key, PERMISSION_KEY_LABELS[key]])).toEqual(KEYS.map(([key, label]) => [key, label]));
    expect(Object.keys(PERMISSION_KEY_LABELS).sort()).toEqual(KEYS.map(([key]) => key).sort());
  });

  it('starts each built-in role with the keys its members work with, in the order of the list', () => {
    expect(DEFAULT_MEMBER_PERMISSIONS.therapist).toEqual(heldBy('therapist'));
    expect(DEFAULT_MEMBER_PERMISSIONS.staff).toEqual(heldBy('staff'));
    expect(heldBy('therapist')).toHaveLength(13);
    expect(heldBy('staff')).toHaveLength(16);
  });

  it('has no role kinds beyond therapist and staff', () => {
    expect(Object.keys(DEFAULT_MEMBER_PERMISSIONS).sort()).toEqual(['staff', 'therapist']);
  });
});
