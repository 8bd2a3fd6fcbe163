/**
 * Giving a student goals from the desk (the calls under organization/{orgId}/assigned-goals/), on top
 * of the goal rules in service.ts and service-sub-goals.ts:
 * - the caller holds goals.manage (the route checks it); a goal or target of another organization,
 *   or another organization's student or department, answers 404;
 * - writing a student's goals opens their record's goals and data, so the student's privacy-role
 *   template is asked exactly as the reads ask it: 403 RECORD_PART_CLOSED when it closes that part;
 * - recorded data never vanishes: a goal (or a target) with any data point recorded for it cannot be
 *   deleted, and a goal's measurement cannot change once points of the old kind exist (409);
 * - every write is on the call's trail (the rule functions record it).
 */
import type { z } from 'zod';
import type * as contract from '../../../contract/goals-library';
import { AppError, notFound } from '../../lib/app-error';
import { asDepartmentId, asMembershipId, asStudentId, type StudentId } from '../../lib/ids';
import type { RequestContext } from '../../lib/request-context';
import { found } from '../../lib/collection';
import { patchOf } from '../../lib/row-patch';
import { partsOfStudents, requirePart, requireStudent } from '../../lib/access';
import * as repo from './repository';
import { presentGoal } from './present';
import { assignGoal, getAssignedGoal, updateAssignedGoal, deleteAssignedGoal } from './service';
import { addSubGoal, removeSubGoal } from './service-sub-goals';

type Answer<C extends { response: z.ZodType }> = z.input<C['response']>;
const OK = { ok: true } as const;

/** The goal's fields a body may name, as the goal rules name them. */
const GOAL_FIELDS = { description: 'description', measurement: 'measurement', planned_trials: 'plannedTrials' } as const;

/**
 * 404 for a student the caller does not reach, 403 when the student's template (or, without one, the
 * caller's keys) keeps their goals and data closed.
 */
async function requireGoalsOpen(ctx: RequestContext, studentId: StudentId) {
  await requireStudent(ctx, studentId);
  requirePart((await partsOfStudents(ctx, [studentId])).get(studentId) ?? [], 'goals_and_data');
}

/** The goal, when it is the organization's (404 otherwise) and the caller opens its student's goals. */
async function writableGoal(ctx: RequestContext, goalId: string) {
  const goal = await found('Goal', repo.goalRows.byId(ctx.tx, ctx.org.id, goalId));
  await requireGoalsOpen(ctx, goal.studentId);
  return goal;
}

export async function createAssignedGoal(
  ctx: RequestContext,
  body: z.output<typeof contract.createAssignedGoal.body>,
): Promise<Answer<typeof contract.createAssignedGoal>> {
  const studentId = asStudentId(body.student_id);
  if (!(await repo.findStudent(ctx.tx, ctx.org.id, studentId))) {
    throw notFound('Student');
  }
  await requireGoalsOpen(ctx, studentId);
  const goal = await assignGoal(ctx, {
    studentId,
    departmentId: asDepartmentId(body.department_id),
    membershipId: asMembershipId(body.membership_id) ?? null,
    title: body.title,
    ...patchOf(body, { ...GOAL_FIELDS, prompt_hierarchy: 'promptHierarchy', sub_goals: 'subGoals' }),
  });
  return presentGoal(goal);
}

export async function changeAssignedGoal(
  ctx: RequestContext,
  goalId: string,
  body: z.output<typeof contract.updateAssignedGoal.body>,
): Promise<Answer<typeof contract.updateAssignedGoal>> {
  const goal = await writableGoal(ctx, goalId);
  if (body.measurement !== undefined && body.measurement !== goal.measurement && (await repo.hasRecordedPoints(ctx.tx, ctx.org.id, goal))) {
    throw new AppError(
      'CONFLICT',
      'This goal already has recorded data, so how it is measured cannot change. Add a new goal for the other measurement.',
    );
  }
  const updated = await updateAssignedGoal(
    ctx,
    goalId,
    patchOf(body, { title: 'title', mastery_criterion: 'masteryCriterion', ...GOAL_FIELDS }),
  );
  return presentGoal(updated);
}

export async function removeAssignedGoal(ctx: RequestContext, goalId: string): Promise<Answer<typeof contract.deleteAssignedGoal>> {
  const goal = await writableGoal(ctx, goalId);
  if (await repo.hasRecordedPoints(ctx.tx, ctx.org.id, goal)) {
    throw new AppError('CONFLICT', 'This goal already has recorded data, so it cannot be deleted: the data would lose its goal.');
  }
  await deleteAssignedGoal(ctx, goalId);
  return OK;
}

export async function addGoalTarget(ctx: RequestContext, goalId: string, title: string): Promise<Answer<typeof contract.addSubGoal>> {
  await writableGoal(ctx, goalId);
  await addSubGoal(ctx, goalId, title);
  return presentGoal(await getAssignedGoal(ctx, goalId));
}

export async function removeGoalTarget(
  ctx: RequestContext,
  goalId: string,
  subGoalId: string,
): Promise<Answer<typeof contract.removeSubGoal>> {
  const goal = await writableGoal(ctx, goalId);
  const target = await repo.subGoalRows.byId(ctx.tx, ctx.org.id, subGoalId);
  if (!target || target.goalId !== goal.id) {
    throw notFound('Target');
  }
  if (await repo.hasRecordedPoints(ctx.tx, ctx.org.id, goal, subGoalId)) {
    throw new AppError('CONFLICT', 'This target already has recorded data, so it cannot be removed: the data would lose its target.');
  }
  await removeSubGoal(ctx, subGoalId);
  return OK;
}
