import type { DepartmentId, MembershipId, StudentId } from '../../lib/ids';
import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, tenantIndex, tenantKeyColumns, tenantPrimaryKey, tenantReference } from './tenant';
import { students } from './enrollments';
import { departments } from './departments';

/** Default prompt hierarchy, most to least intrusive (design decision; a goal may override it). */
export const DEFAULT_PROMPT_HIERARCHY = ['full_physical', 'partial_physical', 'model', 'gestural', 'verbal', 'independent'];

/** A goal assigned to a student in a department (the assigned-goals calls). */
export const assignedGoals = pgTable(
  'assigned_goals',
  {
    ...tenantKeyColumns(),
    studentId: uuid('student_id').$type<StudentId>().notNull(),
    departmentId: uuid('department_id').$type<DepartmentId>().notNull(),
    membershipId: uuid('membership_id').$type<MembershipId>(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    measurement: text('measurement', { enum: ['discrete', 'frequency', 'duration'] })
      .notNull()
      .default('discrete'),
    plannedTrials: integer('planned_trials').notNull().default(10),
    promptHierarchy: text('prompt_hierarchy').array().notNull(),
    libraryGoalId: uuid('library_goal_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference(t, t.studentId, students).onDelete('cascade'),
    tenantReference(t, t.departmentId, departments).onDelete('cascade'),
    tenantIndex('assigned_goals_student_idx', t, t.studentId),
  ],
);

/** Targets under a goal (the collector's sub_goal_id). */
export const subGoals = pgTable(
  'sub_goals',
  {
    ...tenantKeyColumns(),
    goalId: uuid('goal_id').notNull(),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [tenantPrimaryKey(t), tenantReference(t, t.goalId, assignedGoals).onDelete('cascade')],
);
