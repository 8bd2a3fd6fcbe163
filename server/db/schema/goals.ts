import type { DepartmentId, MembershipId, SessionId, StudentId, UserId } from '../../lib/ids';
import type { MasteryCriterion, PhaseChange } from '../../../contract/mastery';
import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    /** The area of the plan the goal belongs to (communication, self-care…); '' groups it under "Other goals". */
    domain: text('domain').notNull().default(''),
    status: text('status', { enum: ['baseline', 'in_treatment', 'mastered', 'on_hold', 'discontinued'] })
      .notNull()
      .default('in_treatment'),
    /** Targets taught one at a time, in order (the next starts when one is mastered), rather than all together. */
    targetsInSequence: boolean('targets_in_sequence').notNull().default(false),
    masteryCriterion: jsonb('mastery_criterion').$type<MasteryCriterion>(),
    masteredAt: timestamp('mastered_at', { withTimezone: true }),
    /** The session whose data met the criterion (null when mastered by hand). */
    masteredSessionId: uuid('mastered_session_id').$type<SessionId>(),
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
    status: text('status', { enum: ['upcoming', 'active', 'maintenance'] })
      .notNull()
      .default('active'),
    masteredAt: timestamp('mastered_at', { withTimezone: true }),
    masteredSessionId: uuid('mastered_session_id').$type<SessionId>(),
  },
  (t) => [tenantPrimaryKey(t), tenantReference(t, t.goalId, assignedGoals).onDelete('cascade')],
);

/**
 * A goal's history of teaching changes: one row per change that a graph shows as a phase line
 * (targets, prompting, planned trials, level, criterion, status), with what it was and became.
 * Written by every goal write and by the mastery evaluation; never updated.
 */
export const goalRevisions = pgTable(
  'goal_revisions',
  {
    ...tenantKeyColumns(),
    goalId: uuid('goal_id').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Who made the change; null when the server's mastery evaluation made it. */
    changedBy: uuid('changed_by').$type<UserId>(),
    /** The session whose data caused it (a mastery), else null. */
    sessionId: uuid('session_id').$type<SessionId>(),
    kinds: text('kinds').array().$type<PhaseChange[]>().notNull(),
    /** { field: [before, after] } of what changed, in the contract's names. */
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>().notNull(),
    /** A sentence for the phase line's label, e.g. "Target "blue" started" or "Planned trials 10 → 12". */
    label: text('label').notNull(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantReference(t, t.goalId, assignedGoals).onDelete('cascade'),
    tenantIndex('goal_revisions_goal_idx', t, t.goalId, t.changedAt),
  ],
);
