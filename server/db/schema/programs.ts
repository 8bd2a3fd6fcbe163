import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { enrollments } from './enrollments';
import { createdAtColumn, tenantIndex, tenantKeyColumns, tenantPrimaryKey, tenantReference, tenantUnique } from './tenant';
import { ownedKeyColumns } from './organizations';

/** A program: a named offering that enrollments join. */
export const programs = pgTable(
  'programs',
  {
    ...ownedKeyColumns(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAtColumn(),
  },
  (t) => [tenantPrimaryKey(t), tenantUnique('programs_name_uq', t, t.name)],
);

/** An enrollment in a program (added and removed by programs/{id}/students/manage/ with an enrollment_id). */
export const programStudents = pgTable(
  'program_students',
  {
    ...tenantKeyColumns(),
    programId: uuid('program_id').notNull(),
    enrollmentId: uuid('enrollment_id').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantUnique('program_students_uq', t, t.programId, t.enrollmentId),
    // A student's programs (the people directory) are found from their enrollments.
    tenantIndex('program_students_enrollment_idx', t, t.enrollmentId),
    tenantReference(t, t.programId, programs).onDelete('cascade'),
    tenantReference(t, t.enrollmentId, enrollments).onDelete('cascade'),
  ],
);
