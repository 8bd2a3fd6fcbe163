/**
 * What stands in the way of sessions: another live session (not cancelled, not a no-show) of the
 * same therapist or the same student, or a holiday or closure of the whole organization. A student
 * in two sessions at once is a conflict like any other; co-treatment is booked over it with a reason.
 *
 * A batch is checked in one statement, however large: the candidates travel as one JSON parameter
 * and each probes the (organization, therapist, start) and (organization, student, start) indexes.
 * A session lasts at most 12 hours, so a session overlapping a candidate starts at most 12 hours
 * before it: that lower bound keeps each probe a short index range. Candidates of one batch are
 * checked against each other in memory.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/handles';
import { AppError } from '../../lib/app-error';
import type { OrganizationId } from '../../lib/ids';
import type { RequestContext } from '../../lib/request-context';
import type { ScheduleConflict } from '../../../contract/errors';

export interface Candidate {
  /** The session's own id (planned or existing): it is never its own conflict. */
  id: string;
  therapistMembershipId: string;
  studentId: string;
  startAt: Date;
  endAt: Date;
}

/** Names a batch conflict needs: the candidates' therapists and students by id. */
export interface BatchNames {
  therapist: (membershipId: string) => string;
  student: (studentId: string) => string;
}

type ConflictRow = { idx: number; kind: ScheduleConflict['kind']; id: string; label: string; start_at: string; end_at: string };

const busy = (name: string) => `${name} already has a session at that time.`;

/** Everything in the database in the way of each candidate, in the candidates' order. */
export async function storedConflicts(tx: Tx, organizationId: OrganizationId, candidates: Candidate[]): Promise<ScheduleConflict[][]> {
  const found: ScheduleConflict[][] = candidates.map(() => []);
  if (candidates.length === 0) {
    return found;
  }
  const input = JSON.stringify(
    candidates.map((c, idx) => ({
      idx,
      id: c.id,
      therapist_id: c.therapistMembershipId,
      student_id: c.studentId,
      start_at: c.startAt.toISOString(),
      end_at: c.endAt.toISOString(),
    })),
  );
  const rows = rowsOf<ConflictRow>(
    await tx.execute(sql`
    WITH c AS (
      SELECT * FROM jsonb_to_recordset(${input}::jsonb)
        AS c(idx int, id uuid, therapist_id uuid, student_id uuid, start_at timestamptz, end_at timestamptz)
    )
    SELECT c.idx, 'therapist' AS kind, s.id, u.first_name || ' ' || u.last_name AS label,
           to_json(s.start_at) #>> '{}' AS start_at, to_json(s.end_at) #>> '{}' AS end_at
      FROM c
      JOIN therasessions s ON s.organization_id = ${organizationId} AND s.therapist_membership_id = c.therapist_id
       AND s.start_at < c.end_at AND s.start_at > c.start_at - interval '12 hours' AND s.end_at > c.start_at
       AND s.status NOT IN ('cancelled', 'no_show') AND s.id <> c.id
      JOIN memberships m ON m.organization_id = s.organization_id AND m.id = s.therapist_membership_id
      JOIN users u ON u.id = m.user_id
    UNION ALL
    SELECT c.idx, 'student', s.id, st.first_name || ' ' || st.last_name,
           to_json(s.start_at) #>> '{}', to_json(s.end_at) #>> '{}'
      FROM c
      JOIN therasessions s ON s.organization_id = ${organizationId} AND s.student_id = c.student_id
       AND s.start_at < c.end_at AND s.start_at > c.start_at - interval '12 hours' AND s.end_at > c.start_at
       AND s.status NOT IN ('cancelled', 'no_show') AND s.id <> c.id
      JOIN students st ON st.organization_id = s.organization_id AND st.id = s.student_id
    UNION ALL
    SELECT c.idx, 'closure', e.id, e.title, to_json(e.start_at) #>> '{}', to_json(e.end_at) #>> '{}'
      FROM c
      JOIN calendar_events e ON e.organization_id = ${organizationId} AND e.kind IN ('holiday', 'closure') AND e.for_everyone
       AND e.start_at < c.end_at AND e.end_at > c.start_at
    ORDER BY 1, 5`),
  );
  for (const row of rows) {
    found[row.idx]!.push({
      kind: row.kind,
      id: row.id,
      label: row.kind === 'closure' ? `The organization is closed then: ${row.label}.` : busy(row.label),
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
  const stored = await storedConflicts(ctx.tx, ctx.org.id, candidates);
  const inBatch = candidates.length > 1 ? batchConflicts(candidates, names) : [];
  return stored.map((list, i) => [...list, ...(inBatch[i] ?? [])]);
}

export interface Override {
  override_conflicts: boolean;
  override_reason: string;
}

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
