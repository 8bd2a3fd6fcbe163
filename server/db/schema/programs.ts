import type { OrganizationId } from '../../lib/ids';
import { foreignKey, index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './organizations';
import { enrollments } from './enrollments';

/** A program: a named offering that enrollments join. */
export const programs = pgTable(
  'programs',
  {
    organizationId: uuid('organization_id')
      .$type<OrganizationId>()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] }), unique('programs_name_uq').on(t.organizationId, t.name)],
);

/** An enrollment in a program (spec: programs/{id}/students/manage/ {enrollment_id}). */
export const programStudents = pgTable(
  'program_students',
  {
    organizationId: uuid('organization_id').$type<OrganizationId>().notNull(),
    id: uuid('id').notNull(),
    programId: uuid('program_id').notNull(),
    enrollmentId: uuid('enrollment_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    unique('program_students_uq').on(t.organizationId, t.programId, t.enrollmentId),
    // A student's programs (the people directory) are found from their enrollments.
    index('program_students_enrollment_idx').on(t.organizationId, t.enrollmentId),
    foreignKey({ columns: [t.organizationId, t.programId], foreignColumns: [programs.organizationId, programs.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.organizationId, t.enrollmentId], foreignColumns: [enrollments.organizationId, enrollments.id] }).onDelete(
      'cascade',
    ),
  ],
);
