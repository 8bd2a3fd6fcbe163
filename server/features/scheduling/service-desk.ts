/**
 * The desk's changes to one session:
 * - edit (therapist, student, department, service) and reschedule are for a session that has not
 *   started (transitions.ts), checked for conflicts as a booking is, the session itself excluded
 *   (an edit only when it changes the therapist or the student: the times stay);
 *   a new service brings its price, the times stay (a move is a reschedule);
 * - reschedule keeps the slot it leaves (rescheduled_from_*) and the reason (change_reason): the
 *   tablet tells the therapist what changed, and the activities tell the desk;
 * - cancel moves a scheduled session to cancelled with a reason; one that already holds recorded
 *   data took place and is not cancelled (409); a start from the tablet arriving after the cancel
 *   overtakes it (service-lifecycle.ts);
 * - delete is for a session that never ran (scheduled, cancelled, no-show) and holds no recorded
 *   data; one with data is cancelled instead, so nothing collected disappears.
 * Each change is one trail row (the activities read them back).
 */
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error';
import { asDepartmentId, asMembershipId, asStudentId, type SessionId } from '../../lib/ids';
import type { RequestContext } from '../../lib/request-context';
import type { Therasession } from '../../../contract/scheduling';
import type { updateTherasession } from '../../../contract/scheduling-desk';
import * as repo from './repository';
import { hasRecordedData } from './repository-desk';
import { sessionMoves } from './transitions';
import { presentSession } from './present';
import { getSessionView } from './service';
import { candidateConflicts, checkParties, checkTimes, servicesFor, sessionChange } from './service-booking';
import { checkOverrideAllowed, refuseConflicts, type Override } from './service-conflicts';

const TOOK_PLACE = 'This session has recorded data, so it took place; it can no longer be cancelled.';

async function loadForChange(ctx: RequestContext, sessionId: SessionId) {
  // Held until commit: a start racing a desk change waits, then reads what the desk wrote.
  await repo.lockSession(ctx.tx, ctx.org.id, sessionId);
  const session = await repo.findSession(ctx.tx, ctx.org.id, sessionId);
  if (!session) {
    throw notFound('Session');
  }
  return session;
}

/** The conflicts of the session as it would be, itself excluded: refused unless overridden. */
async function checkNoConflicts(ctx: RequestContext, next: repo.SessionRow, override: Override) {
  const [conflicts] = await candidateConflicts(ctx, [next]);
  refuseConflicts(conflicts!, override);
  return conflicts!.length > 0;
}

/** Writes the patch, records before and after, answers the session as the contract's. */
async function saveChange(
  ctx: RequestContext,
  before: repo.SessionRow,
  patch: Partial<repo.SessionRow>,
  reason?: string,
): Promise<Therasession> {
  const after = (await repo.updateSession(ctx.tx, ctx.org.id, before.id, patch))!;
  await ctx.trail.record(sessionChange('update', before, after, reason));
  return presentSession(await getSessionView(ctx, after.id));
}

export async function editSession(
  ctx: RequestContext,
  sessionId: SessionId,
  body: z.output<typeof updateTherasession.body>,
): Promise<Therasession> {
  if (body.organization_id !== ctx.org.id) {
    throw new AppError('NOT_FOUND', 'Organization not found.');
  }
  checkOverrideAllowed(ctx, body);
  const before = await loadForChange(ctx, sessionId);
  sessionMoves.check(before.status, 'edit');
  const patch: Partial<repo.SessionRow> = {
    ...(body.therapist_id === undefined ? {} : { therapistMembershipId: asMembershipId(body.therapist_id) }),
    ...(body.student_id === undefined ? {} : { studentId: asStudentId(body.student_id) }),
    ...(body.department_id === undefined ? {} : { departmentId: asDepartmentId(body.department_id) }),
  };
  if (body.service_id !== undefined && body.service_id !== before.serviceId) {
    const service = body.service_id === null ? undefined : (await servicesFor(ctx, [body.service_id])).get(body.service_id);
    Object.assign(patch, { serviceId: service?.id ?? null, priceMinor: service?.priceMinor ?? null });
  }
  if (Object.keys(patch).length === 0) {
    // The body named only a service the session already has: nothing to write or record.
    return presentSession(await getSessionView(ctx, before.id));
  }
  const next = { ...before, ...patch };
  await checkParties(ctx, [next]);
  // Times stay, so only a new therapist or student can meet a conflict; a session booked over one
  // (co-treatment) keeps its service editable without a second override.
  const movesPeople = next.therapistMembershipId !== before.therapistMembershipId || next.studentId !== before.studentId;
  const overridden = movesPeople && (await checkNoConflicts(ctx, next, body));
  if (overridden) {
    patch.changeReason = body.override_reason;
  }
  return saveChange(ctx, before, patch, overridden ? body.override_reason : undefined);
}

export async function rescheduleSession(
  ctx: RequestContext,
  sessionId: SessionId,
  body: { startAt: Date; endAt: Date; reason: string } & Partial<Override>,
): Promise<Therasession> {
  const override = { override_conflicts: body.override_conflicts ?? false, override_reason: body.override_reason ?? '' };
  checkOverrideAllowed(ctx, override);
  checkTimes(body.startAt, body.endAt);
  if (body.reason.trim() === '') {
    throw new AppError('VALIDATION_FAILED', 'Give a reason for rescheduling.', { reason: ['Give a reason.'] });
  }
  const before = await loadForChange(ctx, sessionId);
  sessionMoves.check(before.status, 'reschedule');
  await checkNoConflicts(ctx, { ...before, startAt: body.startAt, endAt: body.endAt }, override);
  const reason = body.reason.trim();
  return saveChange(
    ctx,
    before,
    {
      startAt: body.startAt,
      endAt: body.endAt,
      rescheduledFromStartAt: before.startAt,
      rescheduledFromEndAt: before.endAt,
      changeReason: reason,
    },
    reason,
  );
}

export async function cancelSession(ctx: RequestContext, sessionId: SessionId, reason: string): Promise<Therasession> {
  const before = await loadForChange(ctx, sessionId);
  sessionMoves.check(before.status, 'cancel');
  // Points delivered without a start (the API, or a tablet's start still on its way) mean it took place.
  if (await hasRecordedData(ctx.tx, ctx.org.id, sessionId)) {
    throw new AppError('CONFLICT', TOOK_PLACE);
  }
  return saveChange(ctx, before, { status: 'cancelled', changeReason: reason.trim() }, reason.trim());
}

export async function deleteSession(ctx: RequestContext, sessionId: SessionId): Promise<{ ok: true }> {
  const before = await loadForChange(ctx, sessionId);
  if (await hasRecordedData(ctx.tx, ctx.org.id, sessionId)) {
    throw new AppError('CONFLICT', 'This session has recorded data. Cancel it instead.');
  }
  sessionMoves.check(before.status, 'delete');
  await repo.deleteSessionRow(ctx.tx, ctx.org.id, sessionId);
  await ctx.trail.record(sessionChange('delete', before, null));
  return { ok: true };
}
