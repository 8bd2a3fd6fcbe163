import type { OrganizationId } from '../../lib/ids';
import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { students } from './enrollments';
import { departments } from './departments';

/** Default prompt hierarchy, most to least intrusive (design decision; a goal may override it). */
export const DEFAULT_PROMPT_HIERARCHY = ['full_physical', 'partial_physical', 'model', 'gestural', 'verbal', 'independent'];

/** A goal assigned to a student in a department (spec: assigned-goals). */
export const assignedGoals = pgTable(
  'assigned_goals',
  {
    organizationId: uuid('organization_id').$type<OrganizationId>().notNull(),
    id: uuid('id').notNull(),
    studentId: uuid('student_id').notNull(),
    departmentId: uuid('department_id').notNull(),
    membershipId: uuid('membership_id'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    measurement: text('measurement', { enum: ['discrete', 'frequency', 'duration'] })
      .notNull()
      .default('discrete'),
    plannedTrials: integer('planned_trials').notNull().default(10),
    promptHierarchy: text('prompt_hierarchy').array().notNull(),
    libraryGoalId: uuid('library_goal_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({ columns: [t.organizationId, t.studentId], foreignColumns: [students.organizationId, students.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.organizationId, t.departmentId], foreignColumns: [departments.organizationId, departments.id] }).onDelete(
      'cascade',
    ),
    index('assigned_goals_student_idx').on(t.organizationId, t.studentId),
  ],
);

/** Targets under a goal (the collector's sub_goal_id). */
export const subGoals = pgTable(
  'sub_goals',
  {
    organizationId: uuid('organization_id').$type<OrganizationId>().notNull(),
    id: uuid('id').notNull(),
    goalId: uuid('goal_id').notNull(),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({ columns: [t.organizationId, t.goalId], foreignColumns: [assignedGoals.organizationId, assignedGoals.id] }).onDelete(
      'cascade',
    ),
  ],
);
