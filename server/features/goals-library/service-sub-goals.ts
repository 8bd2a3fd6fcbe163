import { AppError, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { RequestContext } from '../../lib/request-context';
import * as repo from './repository';
import { subGoalChange, subGoalUpdate } from './present';
import { checkSubGoalTitles, checkTitle } from './service-rules';

// A goal's sub-goals (targets): titles distinct within the goal regardless of case, kept in
// `position` order; a new one goes at the end. Each write is recorded on the trail as sub_goal.

type SubGoal = repo.SubGoalRow;

async function requireGoal(ctx: RequestContext, goalId: string) {
  if (!(await repo.goalRows.byId(ctx.tx, ctx.org.id, goalId))) {
    throw notFound('Goal');
  }
}

export async function addSubGoal(ctx: RequestContext, goalId: string, title: string): Promise<SubGoal> {
  const clean = checkTitle(title, 'title');
  const { tx } = ctx;
  const organizationId = ctx.org.id;
  await requireGoal(ctx, goalId);
  const existing = await repo.selectSubGoals(tx, organizationId, [goalId]);
  checkSubGoalTitles([...existing.map((s) => s.title), clean]);
  const [created] = await repo.insertSubGoals(tx, organizationId, [
    { id: newId(), goalId, title: clean, position: await repo.nextSubGoalPosition(tx, organizationId, goalId) },
  ]);
  await ctx.trail.record(subGoalChange('create', created!));
  return created!;
}

export async function renameSubGoal(ctx: RequestContext, subGoalId: string, title: string): Promise<SubGoal> {
  const clean = checkTitle(title, 'title');
  const { tx } = ctx;
  const organizationId = ctx.org.id;
  const current = await repo.subGoalRows.byId(tx, organizationId, subGoalId);
  if (!current) {
    throw notFound('Sub-goal');
  }
  const siblings = (await repo.selectSubGoals(tx, organizationId, [current.goalId])).filter((s) => s.id !== subGoalId);
  checkSubGoalTitles([...siblings.map((s) => s.title), clean]);
  const updated = (await repo.subGoalRows.update(tx, organizationId, subGoalId, { title: clean }))!;
  await ctx.trail.record(subGoalUpdate(current, updated));
  return updated;
}

export async function removeSubGoal(ctx: RequestContext, subGoalId: string): Promise<void> {
  const removed = await repo.subGoalRows.deleteById(ctx.tx, ctx.org.id, subGoalId);
  if (!removed) {
    throw notFound('Sub-goal');
  }
  await ctx.trail.record(subGoalChange('delete', removed));
}

/** Sets the order of a goal's sub-goals; the list must name each of them exactly once. */
export async function reorderSubGoals(ctx: RequestContext, goalId: string, orderedIds: string[]): Promise<SubGoal[]> {
  const { tx } = ctx;
  const organizationId = ctx.org.id;
  await requireGoal(ctx, goalId);
  const current = await repo.selectSubGoals(tx, organizationId, [goalId]);
  const byId = new Map(current.map((s) => [s.id, s]));
  if (orderedIds.length !== byId.size || new Set(orderedIds).size !== byId.size || orderedIds.some((id) => !byId.has(id))) {
    throw new AppError('VALIDATION_FAILED', 'List every sub-goal of the goal exactly once.', {
      ordered_sub_goal_ids: ['List every sub-goal of the goal exactly once.'],
    });
  }
  for (const [position, id] of orderedIds.entries()) {
    await repo.subGoalRows.update(tx, organizationId, id, { position });
  }
  const reordered = await repo.selectSubGoals(tx, organizationId, [goalId]);
  // Only the sub-goals that moved leave a row: the trail drops updates that change nothing.
  await ctx.trail.recordAll(reordered.map((s) => subGoalUpdate(byId.get(s.id)!, s)));
  return reordered;
}
