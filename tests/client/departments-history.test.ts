import { describe, expect, it } from 'vitest';
import { historySentence } from '../../src/features/departments/history-text';

const maya = { id: '00000000-0000-4000-8000-000000000001', first_name: 'Maya', last_name: 'Chen' };
const noah = { id: '00000000-0000-4000-8000-000000000002', first_name: 'Noah', last_name: 'Bennett' };
const jordan = { id: '00000000-0000-4000-8000-000000000003', first_name: 'Jordan', last_name: 'Reyes' };
const entry = (over: Partial<Parameters<typeof historySentence>[0]>) => ({
  user: maya,
  action: 'create' as const,
  entity: 'department',
  changes: {},
  member: null,
  student: null,
  ...over,
});

describe('departments: the history as sentences', () => {
  it('names who assigned whom to whom, and the unassignment', () => {
    const assignment = { entity: 'department_student_therapist', member: jordan, student: noah };
    expect(historySentence(entry(assignment))).toBe('Maya Chen assigned Noah Bennett to Jordan Reyes');
    expect(historySentence(entry({ ...assignment, action: 'delete' }))).toBe('Maya Chen unassigned Noah Bennett from Jordan Reyes');
  });

  it('reads team and student changes', () => {
    expect(historySentence(entry({ entity: 'department_member', member: jordan }))).toBe('Maya Chen added Jordan Reyes to the team');
    expect(historySentence(entry({ entity: 'department_member', action: 'delete', member: jordan }))).toBe(
      'Maya Chen removed Jordan Reyes from the team',
    );
    expect(historySentence(entry({ entity: 'department_student', student: noah }))).toBe('Maya Chen added Noah Bennett to the department');
    expect(historySentence(entry({ entity: 'department_student', action: 'delete', student: noah }))).toBe(
      'Maya Chen removed Noah Bennett from the department',
    );
  });

  it('reads the department’s own changes: created, renamed and disabled, deleted', () => {
    expect(historySentence(entry({ changes: { name: [null, 'Speech'] } }))).toBe('Maya Chen created the department “Speech”');
    expect(historySentence(entry({ action: 'update', changes: { name: ['Speech', 'SLP'], is_active: [true, false] } }))).toBe(
      'Maya Chen renamed the department from “Speech” to “SLP” and disabled the department',
    );
    expect(historySentence(entry({ action: 'update', changes: { is_active: [false, true] } }))).toBe('Maya Chen enabled the department');
    // A record written before the field was named is_active still reads.
    expect(historySentence(entry({ action: 'update', changes: { is_enabled: [true, false] } }))).toBe('Maya Chen disabled the department');
    expect(historySentence(entry({ action: 'delete', changes: { name: ['SLP', null] } }))).toBe('Maya Chen deleted the department “SLP”');
  });

  it('says something true when the actor or a person is unknown', () => {
    expect(historySentence(entry({ user: null, entity: 'department_student_therapist' }))).toBe(
      'The system assigned a former student to a former member',
    );
  });
});
