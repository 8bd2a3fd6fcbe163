import type { ClassroomListRow, ClassroomStudentListRow } from './list-repository';

/** The contract's shapes (contract/classrooms.ts) from the list rows. */

export const presentClassroom = (c: ClassroomListRow) => ({
  id: c.id,
  name: c.name,
  grade_level: c.gradeLevel,
  room: c.room,
  capacity: c.capacity,
  is_enabled: c.isEnabled,
  homeroom:
    c.homeroomMembershipId === null
      ? null
      : { membership_id: c.homeroomMembershipId, first_name: c.homeroomFirstName ?? '', last_name: c.homeroomLastName ?? '' },
  students_count: c.studentsCount,
  created_at: c.createdAt.toISOString(),
});

export const presentClassroomStudent = (s: ClassroomStudentListRow) => ({
  id: s.id,
  classroom_id: s.classroomId,
  student_id: s.studentId,
  first_name: s.firstName,
  last_name: s.lastName,
  code: s.code,
  created_at: s.createdAt.toISOString(),
});
