import type { OrganizationId } from '../../lib/ids';
import { boolean, foreignKey, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { organizations, memberships } from './organizations';
import { students } from './enrollments';

export const departments = pgTable(
  'departments',
  {
    organizationId: uuid('organization_id')
      .$type<OrganizationId>()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] }), unique('departments_name_uq').on(t.organizationId, t.name)],
);

export const departmentMembers = pgTable(
  'department_members',
  {
    organizationId: uuid('organization_id').$type<OrganizationId>().notNull(),
    id: uuid('id').notNull(),
    departmentId: uuid('department_id').notNull(),
    membershipId: uuid('membership_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    unique('department_members_uq').on(t.organizationId, t.departmentId, t.membershipId),
    foreignKey({ columns: [t.organizationId, t.departmentId], foreignColumns: [departments.organizationId, departments.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.organizationId, t.membershipId], foreignColumns: [memberships.organizationId, memberships.id] }).onDelete(
      'cascade',
    ),
  ],
);

export const departmentStudents = pgTable(
  'department_students',
  {
    organizationId: uuid('organization_id').$type<OrganizationId>().notNull(),
    id: uuid('id').notNull(),
    departmentId: uuid('department_id').notNull(),
    studentId: uuid('student_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    unique('department_students_uq').on(t.organizationId, t.departmentId, t.studentId),
    foreignKey({ columns: [t.organizationId, t.departmentId], foreignColumns: [departments.organizationId, departments.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.organizationId, t.studentId], foreignColumns: [students.organizationId, students.id] }).onDelete('cascade'),
  ],
);

export const departmentStudentTherapists = pgTable(
  'department_student_therapists',
  {
    organizationId: uuid('organization_id').$type<OrganizationId>().notNull(),
    id: uuid('id').notNull(),
    departmentStudentId: uuid('department_student_id').notNull(),
    membershipId: uuid('membership_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    unique('department_student_therapists_uq').on(t.organizationId, t.departmentStudentId, t.membershipId),
    foreignKey({
      columns: [t.organizationId, t.departmentStudentId],
      foreignColumns: [departmentStudents.organizationId, departmentStudents.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.organizationId, t.membershipId], foreignColumns: [memberships.organizationId, memberships.id] }).onDelete(
      'cascade',
    ),
  ],
);
