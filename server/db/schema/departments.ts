import type { DepartmentId, MembershipId, StudentId } from '../../lib/ids';
import { boolean, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { memberships, numberColumn, ownedKeyColumns } from './organizations';
import { students } from './enrollments';
import { createdAtColumn, tenantKeyColumns, tenantPrimaryKey, tenantReference, tenantUnique } from './tenant';

export const departments = pgTable(
  'departments',
  {
    ...ownedKeyColumns<DepartmentId>(),
    num: numberColumn(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAtColumn(),
  },
  (t) => [tenantPrimaryKey(t), tenantUnique('departments_name_uq', t, t.name)],
);

export const departmentMembers = pgTable(
  'department_members',
  {
    ...tenantKeyColumns(),
    departmentId: uuid('department_id').$type<DepartmentId>().notNull(),
    membershipId: uuid('membership_id').$type<MembershipId>().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantUnique('department_members_uq', t, t.departmentId, t.membershipId),
    tenantReference(t, t.departmentId, departments).onDelete('cascade'),
    tenantReference(t, t.membershipId, memberships).onDelete('cascade'),
  ],
);

export const departmentStudents = pgTable(
  'department_students',
  {
    ...tenantKeyColumns(),
    departmentId: uuid('department_id').$type<DepartmentId>().notNull(),
    studentId: uuid('student_id').$type<StudentId>().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantUnique('department_students_uq', t, t.departmentId, t.studentId),
    tenantReference(t, t.departmentId, departments).onDelete('cascade'),
    tenantReference(t, t.studentId, students).onDelete('cascade'),
  ],
);

export const departmentStudentTherapists = pgTable(
  'department_student_therapists',
  {
    ...tenantKeyColumns(),
    departmentStudentId: uuid('department_student_id').notNull(),
    membershipId: uuid('membership_id').$type<MembershipId>().notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantUnique('department_student_therapists_uq', t, t.departmentStudentId, t.membershipId),
    tenantReference(t, t.departmentStudentId, departmentStudents).onDelete('cascade'),
    tenantReference(t, t.membershipId, memberships).onDelete('cascade'),
  ],
);
