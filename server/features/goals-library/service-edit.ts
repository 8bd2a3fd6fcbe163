/**
 * Changing a goal: what it is called (title, description, domain), how it is taught (planned trials,
 * prompting, targets in sequence, its mastery criterion), its status and its responsible therapist.
 * - A status change follows the goal's moves (transitions.ts); marking a goal mastered by hand sets
 *   when (now, no session: the revision keeps who did it), and leaving mastered clears it.
 * - A criterion must fit the goal's measurement (service-rules.ts), also when the measurement changes.
 * - Every change is on the trail; a change of teaching writes one revision (service-revisions.ts).
 */
import type { GoalStatus, MasteryCriterion } from '../../../contract/mastery';
import type { MembershipId } from '../../lib/ids';
import type { RequestContext } from '../../lib/request-context';
import { found } from '../../lib/collection';
import * as repo from './repository';
import { audited, goalScope } from './present';
import { goalStatusMoves } from './transitions';
import { goalUpdateRevision, recordGoalRevision } from './service-revisions';
import {
  checkCriterion,
  checkDomain,
  checkMeasurement,
  checkPlannedTrials,
  checkPromptHierarchy,
  checkTitle,
  cleanDescription,
  requireTherapist,
  type Measurement,
} from './service-rules';

export interface UpdateGoalInput {
  title?: string;
  description?: string;
  measurement?: Measurement;
  plannedTrials?: number;
  promptHierarchy?: string[];
  membershipId?: MembershipId | null;
  domain?: string;
  status?: GoalStatus;
  targetsInSequence?: boolean;
  masteryCriterion?: MasteryCriterion | null;
}

type GoalSet = Partial<Omit<repo.GoalInsert, 'id' | 'studentId' | 'departmentId'>>;

/** The columns a patch sets, each value checked (400 on its field). */
function checkedPatch(patch: UpdateGoalInput, before: repo.GoalRow): GoalSet {
  const measurement = patch.measurement !== undefined ? checkMeasurement(patch.measurement) : before.measurement;
  const criterionNamed = patch.masteryCriterion !== undefined || patch.measurement !== undefined;
  return {
    ...(patch.title !== undefined ? { title: checkTitle(patch.title, 'title') } : {}),
    ...(patch.description !== undefined ? { description: cleanDescription(patch.description) } : {}),
    ...(patch.measurement !== undefined ? { measurement } : {}),
    ...(patch.plannedTrials !== undefined ? { plannedTrials: checkPlannedTrials(patch.plannedTrials) } : {}),
    ...(patch.promptHierarchy !== undefined ? { promptHierarchy: checkPromptHierarchy(patch.promptHierarchy) } : {}),
    ...(patch.membershipId !== undefined ? { membershipId: patch.membershipId } : {}),
    ...(patch.domain !== undefined ? { domain: checkDomain(patch.domain) } : {}),
    ...(patch.targetsInSequence !== undefined ? { targetsInSequence: patch.targetsInSequence } : {}),
    ...(criterionNamed
      ? {
          masteryCriterion: checkCriterion(
            patch.masteryCriterion !== undefined ? patch.masteryCriterion : before.masteryCriterion,
            measurement,
          ),
        }
      : {}),
  };
}

/** A status move, checked, with when the goal was mastered set or cleared. */
function statusPatch(next: GoalStatus | undefined, before: repo.GoalRow): GoalSet {
  if (next === undefined || next === before.status) {
    return {};
  }
  goalStatusMoves.check(before.status, next);
  if (next === 'mastered') {
    return { status: next, masteredAt: new Date(), masteredSessionId: null };
  }
  return { status: next, ...(before.status === 'mastered' ? { masteredAt: null, masteredSessionId: null } : {}) };
}

export async function updateAssignedGoal(ctx: RequestContext, goalId: string, patch: UpdateGoalInput): Promise<repo.AssignedGoalRow> {
  const { tx } = ctx;
  const organizationId = ctx.org.id;
  const before = await found('Goal', repo.goalRows.byId(tx, organizationId, goalId));
  const set = { ...checkedPatch(patch, before), ...statusPatch(patch.status, before) };
  if (patch.membershipId) {
    await requireTherapist(ctx, patch.membershipId);
  }
  const after = Object.keys(set).length > 0 ? await found('Goal', repo.goalRows.update(tx, organizationId, goalId, set)) : before;
  await ctx.trail.record({
    action: 'update',
    entity: 'goal',
    entityId: goalId,
    scope: goalScope(after),
    before: audited(before),
    after: audited(after),
  });
  const revision = goalUpdateRevision(before, after);
  if (revision) {
    await recordGoalRevision(ctx, revision);
  }
  return { ...after, subGoals: await repo.selectSubGoals(tx, organizationId, [goalId]) };
}
