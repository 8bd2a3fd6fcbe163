/**
 * Assigned goals and their sub-goals, the collector's targets: the goals library's assigned-goals
 * calls and a therapist's view of a department (.../departments/{deptId}/assigned-goals/).
 *
 * Rules:
 * - A goal is assigned to a student *in a department*: the student must have been placed in that
 *   department (404 for another organization's student or department, 400 when not placed).
 * - The responsible therapist (membershipId) is optional; when given it is an active therapist
 *   membership of the organization.
 * - title: trimmed, 1–200 characters. measurement: discrete (trials), frequency (count) or duration
 *   (timed). planned_trials: an integer 1–200, default 10 (for frequency/duration goals: planned
 *   observations). prompt_hierarchy: 1–12 distinct non-empty levels, most to least intrusive;
 *   default DEFAULT_PROMPT_HIERARCHY (service-rules.ts checks the values).
 * - Sub-goals (targets): 0–50 per goal, titles trimmed, 1–200 characters, distinct within the goal
 *   regardless of case; kept in `position` order, appended at the end (service-sub-goals.ts).
 * - A therapist's view of a department (memberships/{id}/departments/{deptId}/assigned-goals/
 *   ?student_ids) shows the goals of the students assigned to that membership in that department,
 *   narrowed to student_ids when given. A therapist reads their own membership's view; members.view
 *   (owners, staff) reads anyone's.
 * - The organization's list (organization/{orgId}/assigned-goals/?student_ids) shows therapists (no
 *   goals.manage, no members.view) only the goals of students assigned to them.
 * - Every write is recorded on the call's trail (`ctx.trail`; the seed's system context has one too):
 *   entity goal, scoped `{ student }`, and sub_goal, scoped `{ goal }`. A goal's sub-goals made or
 *   removed with it are recorded one by one too.
 */
import type { z } from 'zod';
import type * as contract from '../../../contract/goals-library';
import type { GoalStatus, MasteryCriterion } from '../../../contract/mastery';
import { DEFAULT_PROMPT_HIERARCHY } from '../../db/schema/goals';
import { AppError, notFound } from '../../lib/app-error';
import { asStudentIds, type DepartmentId, type MembershipId, newId, type StudentId } from '../../lib/ids';
import type { RequestContext } from '../../lib/request-context';
import { found } from '../../lib/collection';
import { assignedStudentIds, partsOfStudents, reachableStudentIds, requireAssignmentsReadable, studentReach } from '../../lib/access';
import * as repo from './repository';
import { audited, goalScope, presentGoal, subGoalChange } from './present';
import {
  checkCriterion,
  checkDomain,
  checkMeasurement,
  checkPlannedTrials,
  checkPromptHierarchy,
  checkSubGoalTitles,
  checkTitle,
  cleanDescription,
  requireTherapist,
  type Measurement,
} from './service-rules';

export { GOAL_LIMITS, MEASUREMENTS, type Measurement } from './service-rules';
export { updateAssignedGoal, type UpdateGoalInput } from './service-edit';
export type SubGoal = repo.SubGoalRow;
export type AssignedGoal = repo.AssignedGoalRow;

export interface AssignGoalInput {
  studentId: StudentId;
  departmentId: DepartmentId;
  membershipId?: MembershipId | null;
  title: string;
  description?: string;
  measurement?: Measurement;
  plannedTrials?: number;
  promptHierarchy?: string[];
  /** Sub-goal (target) titles, in order. */
  subGoals?: string[];
  domain?: string;
  /** A new goal starts in baseline or in treatment (the default). */
  status?: GoalStatus;
  targetsInSequence?: boolean;
  masteryCriterion?: MasteryCriterion | null;
}

export async function assignGoal(ctx: RequestContext, input: AssignGoalInput): Promise<AssignedGoal> {
  const title = checkTitle(input.title, 'title');
  const description = cleanDescription(input.description ?? '');
  const measurement = checkMeasurement(input.measurement ?? 'discrete');
  const plannedTrials = checkPlannedTrials(input.plannedTrials ?? 10);
  const promptHierarchy = checkPromptHierarchy(input.promptHierarchy ?? [...DEFAULT_PROMPT_HIERARCHY]);
  const targets = checkSubGoalTitles(input.subGoals ?? []);
  const masteryCriterion = checkCriterion(input.masteryCriterion ?? null, measurement);
  const status = checkNewGoalStatus(input.status ?? 'in_treatment');
  const { tx } = ctx;
  const organizationId = ctx.org.id;
  if (!(await repo.findStudent(tx, organizationId, input.studentId))) {
    throw notFound('Student');
  }
  if (!(await repo.findDepartment(tx, organizationId, input.departmentId))) {
    throw notFound('Department');
  }
  if (!(await repo.isStudentInDepartment(tx, organizationId, input.departmentId, input.studentId))) {
    throw new AppError('VALIDATION_FAILED', 'The student is not in this department.', {
      department_id: ['Add the student to the department first.'],
    });
  }
  const membershipId = input.membershipId ?? null;
  if (membershipId !== null) {
    await requireTherapist(ctx, membershipId);
  }
  const goal = await repo.goalRows.insert(tx, organizationId, {
    id: newId(),
    studentId: input.studentId,
    departmentId: input.departmentId,
    membershipId,
    title,
    description,
    measurement,
    plannedTrials,
    promptHierarchy,
    domain: checkDomain(input.domain ?? ''),
    status,
    targetsInSequence: input.targetsInSequence ?? false,
    masteryCriterion,
  });
  // Taught in sequence, the first target is taught and the others wait their turn.
  const sequenced = goal.targetsInSequence;
  const subGoals = await repo.subGoalRows.insertMany(
    tx,
    organizationId,
    targets.map((t, position) => ({
      id: newId(),
      goalId: goal.id,
      title: t,
      position,
      status: sequenced && position > 0 ? ('upcoming' as const) : ('active' as const),
    })),
  );
  await ctx.trail.recordAll([
    { action: 'create', entity: 'goal', entityId: goal.id, scope: goalScope(goal), after: audited(goal) },
    ...subGoals.map((s) => subGoalChange('create', s)),
  ]);
  return { ...goal, subGoals };
}

function checkNewGoalStatus(status: GoalStatus): GoalStatus {
  if (status !== 'baseline' && status !== 'in_treatment') {
    throw new AppError('VALIDATION_FAILED', 'A new goal starts in baseline or in treatment.', {
      status: ['A new goal starts in baseline or in treatment.'],
    });
  }
  return status;
}

export async function getAssignedGoal(ctx: RequestContext, goalId: string): Promise<AssignedGoal> {
  const goal = await found('Goal', repo.goalRows.byId(ctx.tx, ctx.org.id, goalId));
  return { ...goal, subGoals: await repo.selectSubGoals(ctx.tx, ctx.org.id, [goal.id]) };
}

/** A student's goals with their targets, for a caller who has checked the student's reach and parts (the student's record). */
export async function goalsOfStudent(ctx: RequestContext, studentId: StudentId): Promise<AssignedGoal[]> {
  return withSubGoals(ctx, await repo.selectGoals(ctx.tx, ctx.org.id, { studentIds: [studentId] }));
}

/**
 * The organization's goals as this member may read them, narrowed to studentIds when given: the
 * goals of the students they reach (lib/access), of those whose goals and data they open.
 */
export async function listReadableGoals(ctx: RequestContext, studentIds: StudentId[] | undefined): Promise<AssignedGoal[]> {
  const reach = studentReach(ctx.org.access);
  let wanted = studentIds;
  if (!reach.every) {
    wanted = wanted ? [...(await reachableStudentIds(ctx, wanted))] : await assignedStudentIds(ctx.tx, ctx.org.id, reach.membershipId);
    if (wanted.length === 0) {
      return [];
    }
  }
  return goalsWithSubGoals(ctx, wanted ? { studentIds: wanted } : {});
}

/** GET organization/{orgId}/assigned-goals/?student_ids: no student ids means every readable student. */
export async function organizationAssignedGoals(
  ctx: RequestContext,
  askedStudentIds: string[],
): Promise<z.input<typeof contract.organizationAssignedGoals.response>> {
  const studentIds = asStudentIds(askedStudentIds);
  const goals = await listReadableGoals(ctx, studentIds.length > 0 ? studentIds : undefined);
  await recordGoalsOpened(ctx, goals, studentIds);
  return { results: goals.map(presentGoal) };
}

/** A therapist's goals in one department (memberships/{id}/departments/{deptId}/assigned-goals/?student_ids). */
export async function listTherapistDepartmentGoals(
  ctx: RequestContext,
  input: { membershipId: MembershipId; departmentId: DepartmentId; studentIds?: StudentId[] },
): Promise<AssignedGoal[]> {
  requireAssignmentsReadable(ctx.org.access, input.membershipId);
  const { tx } = ctx;
  const organizationId = ctx.org.id;
  if (!(await repo.findMembership(tx, organizationId, input.membershipId))) {
    throw notFound('Membership');
  }
  if (!(await repo.findDepartment(tx, organizationId, input.departmentId))) {
    throw notFound('Department');
  }
  let studentIds = await assignedStudentIds(tx, organizationId, input.membershipId, input.departmentId);
  if (input.studentIds !== undefined) {
    const wanted = new Set(input.studentIds);
    studentIds = studentIds.filter((id) => wanted.has(id));
  }
  if (studentIds.length === 0) {
    return [];
  }
  return goalsWithSubGoals(ctx, { studentIds, departmentId: input.departmentId });
}

/** GET memberships/{id}/departments/{deptId}/assigned-goals/?student_ids: no student ids means all of the membership's. */
export async function departmentAssignedGoals(
  ctx: RequestContext,
  membershipId: MembershipId,
  departmentId: DepartmentId,
  askedStudentIds: string[],
): Promise<z.input<typeof contract.departmentAssignedGoals.response>> {
  const studentIds = asStudentIds(askedStudentIds);
  const goals = await listTherapistDepartmentGoals(ctx, { membershipId, departmentId, ...(studentIds.length > 0 ? { studentIds } : {}) });
  await recordGoalsOpened(ctx, goals, studentIds);
  return { results: goals.map(presentGoal) };
}

/** Deletes a goal with its sub-goals (the database cascades; the trail names each one). */
export async function deleteAssignedGoal(ctx: RequestContext, goalId: string): Promise<void> {
  const subGoals = await repo.selectSubGoals(ctx.tx, ctx.org.id, [goalId]);
  const goal = await found('Goal', repo.goalRows.deleteById(ctx.tx, ctx.org.id, goalId));
  await ctx.trail.recordAll([
    ...subGoals.map((s) => subGoalChange('delete', s)),
    { action: 'delete', entity: 'goal', entityId: goalId, scope: goalScope(goal), before: audited(goal) },
  ]);
}

// ---- helpers -----------------------------------------------------------------------------------

/**
 * The goals with their sub-goals, leaving out students whose goals and data the caller's role does
 * not open (the privacy-role template; one statement for the whole list): a list omits, never fails.
 */
async function goalsWithSubGoals(ctx: RequestContext, filter: Parameters<typeof repo.selectGoals>[2]): Promise<AssignedGoal[]> {
  const found = await repo.selectGoals(ctx.tx, ctx.org.id, filter);
  const parts = await partsOfStudents(
    ctx,
    found.map((g) => g.studentId),
  );
  return withSubGoals(
    ctx,
    found.filter((g) => parts.get(g.studentId)?.includes('goals_and_data')),
  );
}

/** Goals with their targets, in one more statement. */
async function withSubGoals(ctx: RequestContext, goals: repo.GoalRow[]): Promise<AssignedGoal[]> {
  const subs = await repo.selectSubGoals(
    ctx.tx,
    ctx.org.id,
    goals.map((g) => g.id),
  );
  return goals.map((g) => ({ ...g, subGoals: subs.filter((s) => s.goalId === g.id) }));
}

/**
 * A call naming its students (the tablet caching its day, a student's page) opens their goals: one
 * trail entry per student it answered, in one insert. A list of everyone's goals names nobody and
 * is not recorded per student.
 */
async function recordGoalsOpened(ctx: RequestContext, goals: AssignedGoal[], named: string[]) {
  if (named.length === 0) {
    return;
  }
  const opened = [...new Set(goals.map((g) => g.studentId))];
  await ctx.trail.recordAll(
    opened.map((studentId) => ({ action: 'read', entity: 'student', entityId: studentId, after: { parts: ['goals_and_data'] } })),
  );
}
