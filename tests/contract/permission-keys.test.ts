import { describe, expect, it } from 'vitest';
import { PERMISSION_KEYS, PERMISSION_KEY_LABELS } from '../../contract/http';
import { DEFAULT_MEMBER_PERMISSIONS } from '../../server/db/built-in-roles';

// The keys, their order on the roles screen, their words and what each built-in role starts with are
// stored in every organization's roles and shown to owners: moving where they are declared must not
// change any of them. These lists are written out by hand on purpose.
const KEYS_AND_LABELS: [string, string][] = [
  ['organization.view', 'See the organization profile'],
  ['organization.manage', 'Change the organization profile and settings'],
  ['dashboard.view', "See the organization's dashboard"],
  ['members.view', 'See therapists, staff and their teams'],
  ['members.manage', 'Invite, change and end memberships'],
  ['roles.manage', 'Create, change and delete roles'],
  ['services.view', 'See services and prices'],
  ['services.manage', 'Create, change and delete services'],
  ['programs.view', 'See programs'],
  ['programs.manage', 'Create, change and delete programs and their students'],
  ['departments.view', 'See departments'],
  ['departments.manage', 'Create, change and delete departments, their teams and students'],
  ['classrooms.view', 'See classrooms'],
  ['classrooms.manage', 'Create, change and delete classrooms and their students'],
  ['students.view', 'See the student and parent directories (names only)'],
  ['students.manage', 'Enroll students and change enrollments'],
  ['students.records', "Open a student's record (goals, data, sessions, notes)"],
  ['goals.view', 'See goals and goal libraries'],
  ['goals.manage', 'Assign goals and edit goal libraries'],
  ['sessions.view', 'See the session schedule'],
  ['sessions.manage', "Schedule, move and cancel anyone's sessions"],
  ['sessions.run', 'Run their own sessions'],
  ['collector.record', 'Record data in sessions'],
  ['workspace.use', 'Open and close the workspace'],
  ['audit.view', 'See the audit trail and histories'],
];

describe('permission keys', () => {
  it('lists every key in the order the roles screen shows, with its words', () => {
    expect(PERMISSION_KEYS.map((key) => [key, PERMISSION_KEY_LABELS[key]])).toEqual(KEYS_AND_LABELS);
    expect(Object.keys(PERMISSION_KEY_LABELS).sort()).toEqual(KEYS_AND_LABELS.map(([key]) => key).sort());
  });

  it('starts the built-in Therapist role with the keys a therapist works with', () => {
    expect(DEFAULT_MEMBER_PERMISSIONS.therapist).toEqual([
      'organization.view',
      'services.view',
      'programs.view',
      'departments.view',
      'classrooms.view',
      'students.view',
      'students.records',
      'goals.view',
      'sessions.view',
      'sessions.run',
      'collector.record',
      'workspace.use',
    ]);
  });

  it('starts the built-in Front desk role with the keys staff work with', () => {
    expect(DEFAULT_MEMBER_PERMISSIONS.staff).toEqual([
      'organization.view',
      'dashboard.view',
      'members.view',
      'services.view',
      'programs.view',
      'departments.view',
      'classrooms.view',
      'students.view',
      'students.manage',
      'goals.view',
      'sessions.view',
      'sessions.manage',
      'workspace.use',
    ]);
  });

  it('has no role kinds beyond therapist and staff', () => {
    expect(Object.keys(DEFAULT_MEMBER_PERMISSIONS).sort()).toEqual(['staff', 'therapist']);
  });
});
