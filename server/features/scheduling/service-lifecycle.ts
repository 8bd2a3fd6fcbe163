/**
 * Session start and end:
 * - start shifts start_at to the tap time by default (shift_to_now, default true), keeping the
 *   planned length; the planned start is kept in planned_start_at (null while start_at is the plan); the tap time is the device's client_now when it is plausible (not more than
 *   5 minutes ahead of the server, not older than 7 days), else the server's clock;
 * - a started session can't start again, an ended one that ran can't start or end again (409);
 * - a start overtakes the office's change it did not know of (docs/scheduling.md, "The office's
 *   change meets the tablet"): a session cancelled or marked a no-show before it ever started
 *   starts anyway (it took place: the tablet has a start and data for it), and a session moved
 *   after the start's tap starts at the tap; either way overtaken_change says which change was
 *   overtaken, and the start's trail row says it in the session's activities;
 * - a session that never started can still end as cancelled or no-show, not as completed or ended early;
 * - note and overtime reason arrive trimmed (contract);
 * - device times are kept as sent (client_started_at, client_ended_at) beside the server's receipt
 *   times (start_received_at, ended_at) and flagged when implausible (client_time_flag): an end before
 *   the start, a time more than 5 minutes ahead of receipt or more than 7 days behind it. Reports and
 *   lists never order by a device time: start_at/started_at already fall back to the receipt time
 *   when the tap time is implausible, and ended_at is the receipt time.
 */
import type { RequestContext } from '../../lib/request-context';
import type { SessionId } from '../../lib/ids';
import { sessionMoves } from './transitions';
import { loadSessionFor } from '../collector';
import type { EndAction, Therasession } from '../../../contract/scheduling';
import { presentSession } from './present';
import { getSessionView } from './service';
import { lockSession, updateSessionRow } from './repository';
import { sessionTrail } from './repository-desk';

const MAX_AHEAD_MS = 5 * 60_000;
const MAX_BEHIND_MS = 7 * 24 * 3600_000;

type TimeFlag = 'end_before_start' | 'ahead' | 'behind';

/** 'ahead' or 'behind' when a device time can't be the tap time, else null. */
export function clientTimeFlag(clientTime: Date, receivedAt: Date): TimeFlag | null {
  if (clientTime.getTime() > receivedAt.getTime() + MAX_AHEAD_MS) {
    return 'ahead';
  }
  return clientTime.getTime() < receivedAt.getTime() - MAX_BEHIND_MS ? 'behind' : null;
}

export function tapTime(clientNow: string | undefined, now = Date.now()): Date {
  const t = clientNow ? Date.parse(clientNow) : NaN;
  return Number.isFinite(t) && t <= now + MAX_AHEAD_MS && t >= now - MAX_BEHIND_MS ? new Date(t) : new Date(now);
}

/** One trail row per start or end (the session's activities): the status it leaves and the time of the move. */
function recordLifecycle(
  ctx: RequestContext,
  session: { id: string; status: string; studentId: string; therapistMembershipId: string },
  after: { status: string; started_at?: Date; ended_at?: Date; overtaken_change?: Overtaken; moved_to?: Date },
) {
  return ctx.trail.record({
    action: 'update',
    entity: 'therasession',
    entityId: session.id,
    scope: { student: session.studentId, membership: session.therapistMembershipId },
    before: { status: session.status },
    after,
  });
}

type Overtaken = 'called_off' | 'moved';
type StartingSession = Awaited<ReturnType<typeof loadSessionFor>>;

/**
 * Which change of the office this start overtakes, if any: a session called off (cancelled or a
 * no-show) that never ran, or one the office moved after the start was tapped (the trail row of the
 * move is later than the tap, so the tablet could not have known of it).
 */
async function overtakenBy(ctx: RequestContext, session: StartingSession, startedAt: Date): Promise<Overtaken | null> {
  if (session.status === 'cancelled' || session.status === 'no_show') {
    return 'called_off';
  }
  if (!session.rescheduledFromStartAt) {
    return null;
  }
  const moves = (await sessionTrail(ctx.tx, ctx.org.id, session.id)).filter((row) => row.changes.rescheduled_from_start_at !== undefined);
  const lastMove = moves.at(-1);
  return lastMove && lastMove.at.getTime() > startedAt.getTime() ? 'moved' : null;
}

export async function startSession(
  ctx: RequestContext,
  id: SessionId,
  body: { shift_to_now: boolean; client_now?: string | undefined },
): Promise<Therasession> {
  // A start or end racing this one (another key, another tab) waits for the commit, then reads the
  // committed status and gets its 409 instead of applying a second time.
  await lockSession(ctx.tx, ctx.org.id, id);
  const session = await loadSessionFor(ctx, id);
  sessionMoves.check(session.status, session.startedAt ? 'start' : 'startNeverRun');
  const receivedAt = new Date();
  const startedAt = tapTime(body.client_now, receivedAt.getTime());
  const clientStartedAt = body.client_now ? new Date(Date.parse(body.client_now)) : null;
  const length = session.endAt.getTime() - session.startAt.getTime();
  const overtaken = await overtakenBy(ctx, session, startedAt);
  await recordLifecycle(ctx, session, {
    status: 'in_progress',
    started_at: startedAt,
    ...(overtaken ? { overtaken_change: overtaken } : {}),
    ...(overtaken === 'moved' ? { moved_to: session.startAt } : {}),
  });
  await updateSessionRow(ctx.tx, ctx.org.id, id, {
    status: 'in_progress',
    startedAt,
    clientStartedAt,
    startReceivedAt: receivedAt,
    clientTimeFlag: clientStartedAt ? clientTimeFlag(clientStartedAt, receivedAt) : null,
    ...(overtaken ? { overtakenChange: overtaken } : {}),
    // The planned slot stays known: lists keep ordering and labelling the session by it.
    ...(body.shift_to_now
      ? { startAt: startedAt, endAt: new Date(startedAt.getTime() + length), plannedStartAt: session.plannedStartAt ?? session.startAt }
      : {}),
  });
  return presentSession(await getSessionView(ctx, id));
}

export async function endSession(
  ctx: RequestContext,
  id: SessionId,
  body: { action: EndAction; note: string; overtime_reason: string; client_now: string },
): Promise<Therasession> {
  await lockSession(ctx.tx, ctx.org.id, id);
  const session = await loadSessionFor(ctx, id);
  sessionMoves.check(session.status, body.action === 'completed' || body.action === 'ended_early' ? 'finish' : 'end');
  const receivedAt = new Date();
  const clientEndedAt = new Date(Date.parse(body.client_now));
  const startTime = session.clientStartedAt ?? session.startedAt;
  const endFlag: TimeFlag | null = startTime && clientEndedAt < startTime ? 'end_before_start' : clientTimeFlag(clientEndedAt, receivedAt);
  await recordLifecycle(ctx, session, { status: body.action, ended_at: receivedAt });
  await updateSessionRow(ctx.tx, ctx.org.id, id, {
    status: body.action,
    endedAt: receivedAt,
    clientEndedAt,
    clientTimeFlag: endFlag ?? session.clientTimeFlag,
    endNote: body.note,
    overtimeReason: body.overtime_reason,
  });
  return presentSession(await getSessionView(ctx, id));
}
