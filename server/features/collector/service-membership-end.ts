/**
 * What a therapist recorded before their membership ended still counts when the device syncs
 * later; anything after the end is refused (409 MEMBERSHIP_ENDED, nothing of the call stored; the
 * outbox then sends the batch's points one by one, so the earlier ones land and the refused ones
 * go to needs-attention with the sentence).
 *
 * When a tap happened is the device's word (recorded_at), and a device clock can be wrong, so the
 * device clock is never the only witness:
 * - the session must be the former member's own and must have been planned to start before the
 *   end (the organization's schedule, kept on the server): a session of the days after the end is
 *   refused whole, whatever the device's clock says;
 * - within a session that began before the end, recorded_at is the only record of when each tap
 *   happened, so it decides: a point at or after the end is refused. A clock running behind can
 *   only pull a tap back into that one session, never into sessions after the end.
 * A former member whose end time was never recorded (a row older than the end column) is treated
 * as ended before anything: nothing is accepted.
 */
import type { RequestContext } from '../../lib/request-context';
import type { SessionId } from '../../lib/ids';
import { AppError } from '../../lib/app-error';
import { sessionSlotStart } from './repository-membership-end';

/** "November 26, 2026 at 2:05 PM": when the membership ended, as a person reads it on the device. */
const ENDED_AT = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

export async function requireMembershipAt(
  ctx: RequestContext,
  sessionId: SessionId,
  stamps: { recorded_at: string }[],
  field: 'points' | 'keys',
): Promise<void> {
  const endedAt = ctx.org.access.membershipEndedAt;
  if (endedAt === undefined) {
    return;
  }
  const end = endedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  const since = endedAt ? ` on ${ENDED_AT.format(endedAt)} UTC` : '';
  const slotStart = await sessionSlotStart(ctx.tx, ctx.org.id, sessionId);
  const sessionAfterEnd = !slotStart || slotStart.getTime() >= end;
  const detail = sessionAfterEnd
    ? `Your membership in this organization ended${since}, before this session was planned: its data is not accepted.`
    : `Your membership in this organization ended${since}: data recorded after that is not accepted.`;
  const errors: Record<string, string[]> = {};
  stamps.forEach((s, i) => {
    if (sessionAfterEnd || Date.parse(s.recorded_at) >= end) {
      errors[`${field}.${i}.recorded_at`] = [detail];
    }
  });
  if (Object.keys(errors).length > 0) {
    throw new AppError('MEMBERSHIP_ENDED', detail, errors);
  }
}
