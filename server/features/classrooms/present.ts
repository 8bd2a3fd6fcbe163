import type { RacedConstraint } from '../../lib/db-errors';
import type { Change } from '../../lib/audit-trail';
import { linkMadeOrRemoved } from '../../lib/placement';
import { presentStudentFields } from '../../lib/person-columns';
import type { Classroom, ClassroomStudent } from '../../../contract/classrooms';
import type { z } from 'zod';
import type { ClassroomFields, ClassroomListRow } from './repository';
import type { ClassroomStudentListRow } from './repository-students';

/** The contract's shapes (contract/classrooms.ts) from the rows, and what the trail keeps of each. */

export const presentClassroom = (c: ClassroomListRow): Classroom => ({
  id: c.id,
  name: c.name,
  grade_level: c.gradeLevel,
  room: c.room,
  capacity: c.capacity,
  is_active: c.isActive,
  homeroom:
    c.homeroomMembershipId === null
      ? null
      : { membership_id: c.homeroomMembershipId, first_name: c.homeroomFirstName ?? '', last_name: c.homeroomLastName ?? '' },
  students_count: c.studentsCount,
  created_at: c.createdAt.toISOString(),
});

export const presentClassroomStudent = (s: ClassroomStudentListRow): z.input<typeof ClassroomStudent> => ({
  id: s.id,
  classroom_id: s.parentId,
  ...presentStudentFields(s),
  created_at: s.createdAt.toISOString(),
});

/** The fields the audit trail keeps of a classroom (no ids or timestamps: those are the row's). */
export const audited = (c: ClassroomFields) => ({
  name: c.name,
  grade_level: c.gradeLevel,
  room: c.room,
  capacity: c.capacity,
  is_active: c.isActive,
  homeroom_membership_id: c.homeroomMembershipId,
});

/** A seat as the trail keeps it, scoped so both the classroom's and the student's histories list it. */
export const seatChange = (action: 'create' | 'delete', s: { id: string; classroomId: string; studentId: string }): Change =>
  linkMadeOrRemoved(action, {
    entity: 'classroom_student',
    id: s.id,
    scope: { classroom: s.classroomId, student: s.studentId },
    kept: { student_id: s.studentId },
  });

/** What a person hears when two saves race into one of this feature's unique constraints (409, on the field). */
export const UNIQUE_CONSTRAINTS = {
  classrooms_name_uq: { detail: 'A classroom with this name already exists.', field: 'name' },
  classroom_students_student_uq: { detail: 'The student already sits in a classroom: take them out of it first.' },
  classroom_students_uq: { detail: 'The student already sits in this classroom.' },
} as const satisfies Record<string, RacedConstraint>;
