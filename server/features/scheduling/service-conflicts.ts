/**
 * What stands in the way of sessions: another live session (not cancelled, not a no-show) of the
 * same therapist or the same student, or a holiday or closure of the whole organization. A student
 * in two sessions at once is a conflict like any other; co-treatment is booked over it with a reason.
 *
 * A batch is checked against the database in one statement, however large (selectConflicts), and
 * its candidates against each other in memory.
 */
import { AppError } from '../../lib/app-error';
import type { MembershipId, SessionId, StudentId } from '../../lib/ids';
import type { RequestContext } from '../../lib/request-context';
import type { z } from 'zod';
import type { ScheduleConflict } from '../../../contract/errors';
import type { ConflictOverride } from '../../../contract/scheduling';
import { lockSchedules, selectConflicts } from './repository-desk';

export interface Candidate {
  /** The session's own id (planned or existing): it is never its own conflict. */
  id: SessionId;
  therapistMembershipId: MembershipId;
  studentId: StudentId;
  startAt: Date;
  endAt: Date;
}

/** Names a batch conflict needs: the candidates' therapists and students by id. */
export interface BatchNames {
  therapist: (membershipId: string) => string;
  student: (studentId: string) => string;
}

const busy = (name: string) => `${name} already has a session at that time.`;

/** Everything in the database in the way of each candidate, in the candidates' order. */
async function storedConflicts(ctx: RequestContext, candidates: Candidate[]): Promise<ScheduleConflict[][]> {
  const found: ScheduleConflict[][] = candidates.map(() => []);
  for (const row of await selectConflicts(ctx.tx, ctx.org.id, candidates)) {
    found[row.idx]!.push({
      kind: row.kind,
      id: row.id,
      label: row.kind === 'closure' ? `The organization is closed then: ${row.name}.` : busy(row.name),
      start_at: new Date(row.start_at).toISOString(),
      end_at: new Date(row.end_at).toISOString(),
    });
  }
  return found;
}

/** Candidates of one batch in each other's way (same therapist or same student, overlapping). */
export function batchConflicts(candidates: Candidate[], names: BatchNames): ScheduleConflict[][] {
  const found: ScheduleConflict[][] = candidates.map(() => []);
  const sweep = (kind: 'therapist' | 'student', keyOf: (c: Candidate) => string, name: (key: string) => string) => {
    const order = candidates.map((_, i) => i).sort((a, b) => candidates[a]!.startAt.getTime() - candidates[b]!.startAt.getTime());
    // Per key, the sessions still running at the current start (sorted by start, so a sweep finds every overlap).
    const open = new Map<string, number[]>();
    for (const i of order) {
      const c = candidates[i]!;
      const key = keyOf(c);
      const running = (open.get(key) ?? []).filter((j) => candidates[j]!.endAt > c.startAt);
      for (const j of running) {
        const other = candidates[j]!;
        const label = busy(name(key));
        found[i]!.push({ kind, id: other.id, label, start_at: other.startAt.toISOString(), end_at: other.endAt.toISOString() });
        found[j]!.push({ kind, id: c.id, label, start_at: c.startAt.toISOString(), end_at: c.endAt.toISOString() });
      }
      open.set(key, [...running, i]);
    }
  };
  sweep('therapist', (c) => c.therapistMembershipId, names.therapist);
  sweep('student', (c) => c.studentId, names.student);
  return found;
}

/** The stored and in-batch conflicts of each candidate. */
export async function conflictsOf(ctx: RequestContext, candidates: Candidate[], names: BatchNames): Promise<ScheduleConflict[][]> {
  await lockSchedules(ctx.tx, ctx.org.id, {
    therapists: candidates.map((c) => c.therapistMembershipId),
    students: candidates.map((c) => c.studentId),
  });
  const stored = await storedConflicts(ctx, candidates);
  const inBatch = candidates.length > 1 ? batchConflicts(candidates, names) : [];
  return stored.map((list, i) => [...list, ...(inBatch[i] ?? [])]);
}

/** Booking over a conflict, as the calls that book parse it. */
export type Override = z.output<typeof ConflictOverride>;

/** Booking over a conflict is for holders of sessions.override (owners hold every key). */
export function checkOverrideAllowed(ctx: RequestContext, override: Override): void {
  const { access } = ctx.org;
  if (override.override_conflicts && !access.isOwner && !access.permissions.has('sessions.override')) {
    throw new AppError('FORBIDDEN', 'Only people allowed to override the schedule can book over a conflict.');
  }
}

/** The 409 listing everything in the way, unless the caller overrides (checked beforehand); the sentence names the first. */
export function refuseConflicts(conflicts: ScheduleConflict[], override: Override): void {
  if (conflicts.length === 0 || override.override_conflicts) {
    return;
  }
  const more = conflicts.length - 1;
  const detail =
    more === 0 ? conflicts[0]!.label : `${conflicts[0]!.label} There ${more === 1 ? 'is 1 more conflict' : `are ${more} more conflicts`}.`;
  throw new AppError('SCHEDULE_CONFLICT', detail, undefined, { conflicts });
}
