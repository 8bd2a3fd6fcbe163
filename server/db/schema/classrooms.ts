import type { MembershipId, StudentId } from '../../lib/ids';
import { boolean, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { memberships, ownedKeyColumns } from './organizations';
import { students } from './enrollments';
import { createdAtColumn, tenantKeyColumns, tenantPrimaryKey, tenantReference, tenantUnique } from './tenant';

/** A classroom: a class of students with an optional homeroom therapist. */
export const classrooms = pgTable(
  'classrooms',
  {
    ...ownedKeyColumns(),
    name: text('name').notNull(),
    gradeLevel: text('grade_level').notNull().default(''),
    room: text('room').notNull().default(''),
    /** Most students it takes; null: no limit. */
    capacity: integer('capacity'),
    isActive: boolean('is_active').notNull().default(true),
    homeroomMembershipId: uuid('homeroom_membership_id').$type<MembershipId>(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantUnique('classrooms_name_uq', t, t.name),
    tenantReference(t, t.homeroomMembershipId, memberships, 'classrooms_homeroom_fk'),
  ],
);

/** A student's seat in a classroom: one classroom per student at a time (service.ts). */
export const classroomStudents = pgTable(
  'classroom_students',
  {
    ...tenantKeyColumns(),
    classroomId: uuid('classroom_id').notNull(),
    studentId: uuid('student_id').$type<StudentId>().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantUnique('classroom_students_student_uq', t, t.studentId),
    tenantUnique('classroom_students_uq', t, t.classroomId, t.studentId),
    tenantReference(t, t.classroomId, classrooms).onDelete('cascade'),
    tenantReference(t, t.studentId, students).onDelete('cascade'),
  ],
);
