import { AppError, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { RequestContext } from '../../lib/request-context';
import * as repo from './repository';
import { subGoalChange, subGoalUpdate } from './present';
import { checkSubGoalTitles, checkTitle } from './service-rules';
import { recordGoalRevision, targetRevision } from './service-revisions';
import type { TargetStatus } from '../../../contract/mastery';

// A goal's sub-goals (targets): titles distinct within the goal regardless of case, kept in
// `position` order; a new one goes at the end. Each write is recorded on the trail as sub_goal, and
// as a revision of the goal's targets (a phase line on its graph).

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
  const [created] = await repo.subGoalRows.insertMany(tx, organizationId, [
    { id: newId(), goalId, title: clean, position: await repo.nextSubGoalPosition(tx, organizationId, goalId) },
  ]);
  await ctx.trail.record(subGoalChange('create', created!));
  await revise(ctx, goalId, null, created!);
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
  await revise(ctx, current.goalId, current, updated);
  return updated;
}

export async function removeSubGoal(ctx: RequestContext, subGoalId: string): Promise<void> {
  const removed = await repo.subGoalRows.deleteById(ctx.tx, ctx.org.id, subGoalId);
  if (!removed) {
    throw notFound('Sub-goal');
  }
  await ctx.trail.record(subGoalChange('delete', removed));
  await revise(ctx, removed.goalId, removed, null);
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
  if (reordered.some((s) => byId.get(s.id)!.position !== s.position)) {
    const order = (list: SubGoal[]) => [...list].sort((x, y) => x.position - y.position).map((s) => s.title);
    await recordGoalRevision(ctx, {
      goalId,
      kinds: ['targets'],
      changes: { targets: [order(current), order(reordered)] },
      label: 'Targets reordered',
    });
  }
  return reordered;
}

export interface TargetChange {
  title?: string;
  /** Its new place, from 0; past the last, it goes last. */
  position?: number;
  status?: TargetStatus;
}

/**
 * A target renamed, moved among its goal's targets (the others close up around it) or set to a status
 * by hand. Set to maintenance by hand, it counts as mastered now (no session); set back, it is not.
 */
export async function changeSubGoal(ctx: RequestContext, goalId: string, subGoalId: string, change: TargetChange): Promise<SubGoal> {
  const { tx } = ctx;
  const organizationId = ctx.org.id;
  const siblings = await repo.selectSubGoals(tx, organizationId, [goalId]);
  const current = siblings.find((s) => s.id === subGoalId);
  if (!current) {
    throw notFound('Target');
  }
  const title = change.title === undefined ? current.title : checkTitle(change.title, 'title');
  checkSubGoalTitles([...siblings.filter((s) => s.id !== subGoalId).map((s) => s.title), title]);
  const order = siblings.filter((s) => s.id !== subGoalId);
  order.splice(Math.min(change.position ?? siblings.indexOf(current), order.length), 0, current);
  for (const [position, s] of order.entries()) {
    if (s.id !== subGoalId && s.position !== position) {
      await repo.subGoalRows.update(tx, organizationId, s.id, { position });
    }
  }
  const status = change.status ?? current.status;
  const mastery =
    status === current.status
      ? {}
      : status === 'maintenance'
        ? { masteredAt: new Date(), masteredSessionId: null }
        : { masteredAt: null, masteredSessionId: null };
  const updated = (await repo.subGoalRows.update(tx, organizationId, subGoalId, {
    title,
    position: order.indexOf(current),
    status,
    ...mastery,
  }))!;
  await ctx.trail.record(subGoalUpdate(current, updated));
  await revise(ctx, goalId, current, updated);
  return updated;
}

async function revise(ctx: RequestContext, goalId: string, before: SubGoal | null, after: SubGoal | null) {
  const revision = targetRevision(goalId, before, after);
  if (revision) {
    await recordGoalRevision(ctx, revision);
  }
}
