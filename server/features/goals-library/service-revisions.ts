/**
 * A goal's history of teaching changes (`goal_revisions`), the source of a graph's phase lines. Every
 * goal write that changes how the goal is taught (its targets, prompting, planned trials, mastery
 * criterion or status) writes one row in the same transaction, through `recordGoalRevision`: the goal
 * calls here, and the mastery evaluation when a session's data meets a criterion. A write that changes
 * only what the goal is called (title, description, domain) is not a teaching change and writes none;
 * neither does a goal's creation, which is where its graph starts.
 */
import { type GoalStatus, type PhaseChange, type TargetStatus } from '../../../contract/mastery';
import { describeCriterion } from '../../../contract/mastery-measures';
import type { SessionId, UserId } from '../../lib/ids';
import { newId } from '../../lib/ids';
import type { RequestContext } from '../../lib/request-context';
import * as repo from './repository';

export interface GoalRevision {
  goalId: string;
  /** What kinds of teaching changed (a graph labels its phase line by them). */
  kinds: PhaseChange[];
  /** { field: [before, after] }, in the contract's field names. */
  changes: Record<string, [unknown, unknown]>;
  /** A short sentence for the phase line: 'Target "blue" added', 'Planned trials 10 → 12'. */
  label: string;
  /** Who made it: the caller when left out; null for the server's own evaluation. */
  changedBy?: UserId | null;
  /** The session whose data caused it (a mastery), else left out. */
  sessionId?: SessionId | null;
  /** When it took effect: now when left out. */
  changedAt?: Date;
}

/** Writes one revision of a goal in the caller's transaction; a revision naming no kind writes nothing. */
export async function recordGoalRevision(ctx: RequestContext, revision: GoalRevision): Promise<repo.RevisionRow | undefined> {
  return (await recordGoalRevisions(ctx, [revision]))[0];
}

/** Writes revisions in one statement, in the caller's transaction (a mastery's: its targets and its goal). */
export async function recordGoalRevisions(ctx: RequestContext, revisions: GoalRevision[]): Promise<repo.RevisionRow[]> {
  const rows = revisions
    .filter((revision) => revision.kinds.length > 0)
    .map((revision) => ({
      id: newId(),
      goalId: revision.goalId,
      kinds: [...new Set(revision.kinds)],
      changes: revision.changes,
      label: revision.label,
      changedBy: revision.changedBy === undefined ? ctx.actor : revision.changedBy,
      sessionId: revision.sessionId ?? null,
      ...(revision.changedAt ? { changedAt: revision.changedAt } : {}),
    }));
  return repo.revisionRows.insertMany(ctx.tx, ctx.org.id, rows);
}

// ---- what a write changed, in words --------------------------------------------------------------

/** A change of one field, as a revision's part: its kind, its [before, after] and its sentence. */
type Part = { kind: PhaseChange; field: string; before: unknown; after: unknown; label: string };

const STATUS_LABELS: Record<GoalStatus, string> = {
  baseline: 'Baseline',
  in_treatment: 'In treatment',
  mastered: 'Mastered (marked by hand)',
  on_hold: 'On hold',
  discontinued: 'Discontinued',
};

const TARGET_STATUS_LABELS: Record<TargetStatus, string> = { upcoming: 'upcoming', active: 'started', maintenance: 'in maintenance' };

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Parts joined into one revision (one row per write, every kind it changed); null when nothing of teaching changed. */
function revisionOf(goalId: string, parts: Part[]): GoalRevision | null {
  if (parts.length === 0) {
    return null;
  }
  return {
    goalId,
    kinds: parts.map((p) => p.kind),
    changes: Object.fromEntries(parts.map((p) => [p.field, [p.before, p.after]])),
    label: parts.map((p) => p.label).join('; '),
  };
}

/** What a goal's update changed of its teaching: planned trials, prompting, criterion, status, sequencing. */
export function goalUpdateRevision(before: repo.GoalRow, after: repo.GoalRow): GoalRevision | null {
  const parts: Part[] = [];
  const part = (kind: PhaseChange, field: string, b: unknown, a: unknown, label: string) => {
    if (!same(b, a)) {
      parts.push({ kind, field, before: b, after: a, label });
    }
  };
  part(
    'planned_trials',
    'planned_trials',
    before.plannedTrials,
    after.plannedTrials,
    `Planned trials ${before.plannedTrials} → ${after.plannedTrials}`,
  );
  part('prompting', 'prompt_hierarchy', before.promptHierarchy, after.promptHierarchy, 'Prompting changed');
  const criterion = after.masteryCriterion;
  part(
    'criterion',
    'mastery_criterion',
    before.masteryCriterion,
    criterion,
    criterion ? `Criterion: ${describeCriterion(criterion)}` : 'Criterion removed',
  );
  const sequence = after.targetsInSequence ? 'Targets taught in sequence' : 'Targets taught together';
  part('targets', 'targets_in_sequence', before.targetsInSequence, after.targetsInSequence, sequence);
  part('status', 'status', before.status, after.status, STATUS_LABELS[after.status]);
  return revisionOf(after.id, parts);
}

type TargetFacts = Pick<repo.SubGoalRow, 'id' | 'title' | 'position' | 'status'>;
const targetFacts = (t: TargetFacts | null) => (t ? { id: t.id, title: t.title, position: t.position, status: t.status } : null);

/** A target added, removed, renamed, moved or set to another status, as a revision of kind targets. */
export function targetRevision(goalId: string, before: TargetFacts | null, after: TargetFacts | null): GoalRevision | null {
  const named = after ?? before;
  if (!named) {
    return null;
  }
  const words: string[] = [];
  if (!before) {
    words.push(`Target "${named.title}" added`);
  } else if (!after) {
    words.push(`Target "${named.title}" removed`);
  } else {
    if (before.title !== after.title) {
      words.push(`Target "${before.title}" renamed "${after.title}"`);
    }
    if (before.position !== after.position) {
      words.push(`Target "${after.title}" moved to place ${after.position + 1}`);
    }
    if (before.status !== after.status) {
      words.push(`Target "${after.title}" ${TARGET_STATUS_LABELS[after.status]}`);
    }
  }
  if (words.length === 0) {
    return null;
  }
  return { goalId, kinds: ['targets'], changes: { target: [targetFacts(before), targetFacts(after)] }, label: words.join('; ') };
}
