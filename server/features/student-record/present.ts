import type { StudentRecord } from '../../../contract/student-record';
import type { z } from 'zod';
import type { GoalSummary } from '../../../contract/student-record';
import { type MasteryMeasure } from '../../../contract/mastery';
import { measureValue } from '../../../contract/mastery-measures';
import type { SessionResult } from '../../lib/session-results';
import type { DepartmentRow, PersonRow, PlacementRow } from './repository';

// Rows → the contract's StudentRecord (contract/student-record.ts).

const iso = (at: Date | string) => (typeof at === 'string' ? new Date(at).toISOString() : at.toISOString());
const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

export function presentPerson(p: PersonRow, identityOpen: boolean): Pick<StudentRecord, 'student' | 'enrollment'> {
  return {
    student: {
      id: p.id,
      number: Number(p.num),
      code: p.code,
      first_name: p.first_name,
      last_name: p.last_name,
      birth_date: identityOpen ? p.birth_date : null,
    },
    enrollment:
      p.enrollment_id === null
        ? null
        : {
            id: p.enrollment_id,
            org_status: p.org_status as NonNullable<StudentRecord['enrollment']>['org_status'],
            parent_status: p.parent_status as NonNullable<StudentRecord['enrollment']>['parent_status'],
            is_archived: p.is_archived === true,
            created_at: iso(p.enrolled_at!),
          },
  };
}

/** One entry per department, its therapists in name order (rows without a therapist add none). */
export function presentDepartments(rows: DepartmentRow[]): StudentRecord['departments'] {
  const byId = new Map<string, StudentRecord['departments'][number]>();
  for (const r of rows) {
    let department = byId.get(r.department_id);
    if (!department) {
      department = { id: r.department_id, name: r.name, department_student_id: r.department_student_id, therapists: [] };
      byId.set(r.department_id, department);
    }
    if (r.assignment_id !== null && r.membership_id !== null) {
      department.therapists.push({
        assignment_id: r.assignment_id,
        membership_id: r.membership_id,
        name: fullName(r.first_name, r.last_name),
      });
    }
  }
  return [...byId.values()];
}

export function presentPlacements(rows: PlacementRow[]): Pick<StudentRecord, 'programs' | 'classroom'> {
  const seat = rows.find((r) => r.kind === 'classroom');
  return {
    programs: rows.filter((r) => r.kind === 'program').map((r) => ({ id: r.id, name: r.name, enrollment_id: r.link_id })),
    classroom: seat ? { id: seat.id, name: seat.name, seat_id: seat.link_id } : null,
  };
}

const NATURAL_MEASURE: Record<'discrete' | 'frequency' | 'duration', MasteryMeasure> = {
  discrete: 'percent_correct',
  frequency: 'count_per_session',
  duration: 'duration_minutes',
};

/**
 * A goal's data at a glance: how many sessions hold data of it, and its latest session's own row
 * (sub_goal_id null: all its targets) with its figure in the criterion's measure (else the
 * measurement's natural one).
 */
export function summarize(
  goal: { measurement: keyof typeof NATURAL_MEASURE; masteryCriterion: { measure: MasteryMeasure } | null },
  sessionsWithData: number,
  last: SessionResult | undefined,
): z.infer<typeof GoalSummary> {
  const measure = goal.masteryCriterion?.measure ?? NATURAL_MEASURE[goal.measurement];
  const value = last ? measureValue(measure, last) : null;
  return {
    sessions_with_data: sessionsWithData,
    last_session_at: last ? last.at : null,
    last_result: value === null ? null : Math.round(value * 10) / 10,
    measure,
  };
}
