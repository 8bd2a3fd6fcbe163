import type { OrganizationId } from '../../lib/ids';
import { boolean, foreignKey, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { organizations, memberships } from './organizations';
import { students } from './enrollments';

/** A classroom: a class of students with an optional homeroom therapist. */
export const classrooms = pgTable(
  'classrooms',
  {
    organizationId: uuid('organization_id')
      .$type<OrganizationId>()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    gradeLevel: text('grade_level').notNull().default(''),
    room: text('room').notNull().default(''),
    /** Most students it takes; null: no limit. */
    capacity: integer('capacity'),
    isEnabled: boolean('is_enabled').notNull().default(true),
    homeroomMembershipId: uuid('homeroom_membership_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    unique('classrooms_name_uq').on(t.organizationId, t.name),
    foreignKey({
      name: 'classrooms_homeroom_fk',
      columns: [t.organizationId, t.homeroomMembershipId],
      foreignColumns: [memberships.organizationId, memberships.id],
    }),
  ],
);

/** A student's seat in a classroom: one classroom per student at a time (service.ts). */
export const classroomStudents = pgTable(
  'classroom_students',
  {
    organizationId: uuid('organization_id').$type<OrganizationId>().notNull(),
    id: uuid('id').notNull(),
    classroomId: uuid('classroom_id').notNull(),
    studentId: uuid('student_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    unique('classroom_students_student_uq').on(t.organizationId, t.studentId),
    unique('classroom_students_uq').on(t.organizationId, t.classroomId, t.studentId),
    foreignKey({ columns: [t.organizationId, t.classroomId], foreignColumns: [classrooms.organizationId, classrooms.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.organizationId, t.studentId], foreignColumns: [students.organizationId, students.id] }).onDelete('cascade'),
  ],
);
