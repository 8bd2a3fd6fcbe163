/**
 * A session's activities: a view of the audit trail (entity `therasession`), oldest first. What
 * happened is read from the fields a row changed, not from the call that wrote it, so the seed's and
 * the collector's rows read the same as the desk's. Times in the sentences are the organization's
 * wall-clock times. A therapist reads the activities of their own sessions, as they list them.
 */
import type { RequestContext } from '../../lib/request-context';
import type { SessionId } from '../../lib/ids';
import type { SessionActivity } from '../../../contract/scheduling-desk';
import { organizationTimezone } from '../../db/lookups';
import { loadSessionFor } from '../collector';
import { sessionTrail } from './repository-desk';

type Changes = Record<string, [unknown, unknown]>;
type Kind = SessionActivity['kind'];

const ENDINGS: Record<string, string> = {
  completed: 'completed',
  no_show: 'a no-show',
  ended_early: 'ended early',
  cancelled: 'cancelled',
};

const FIELDS: Record<string, string> = {
  therapist_id: 'therapist',
  student_id: 'student',
  department_id: 'department',
  service_id: 'service',
};

function kindOf(action: string, changes: Changes): Kind | null {
  if (action === 'create') {
    return 'created';
  }
  if (action !== 'update') {
    return null;
  }
  const status = changes.status?.[1];
  if (status === 'in_progress') {
    return 'started';
  }
  if (status === 'cancelled' && changes.started_at === undefined && changes.ended_at === undefined) {
    return 'cancelled';
  }
  if (typeof status === 'string') {
    return 'ended';
  }
  return changes.rescheduled_from_start_at !== undefined ? 'rescheduled' : 'edited';
}

/** Formats instants as the organization's wall-clock times ("Tue, Mar 3, 3:00 PM – 3:45 PM"). */
function clock(timeZone: string) {
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  const date = (value: unknown) => new Date(String(value));
  return {
    day: (value: unknown) => day.format(date(value)),
    range: (start: unknown, end: unknown) => day.formatRange(date(start), date(end)),
    time: (value: unknown) => time.format(date(value)),
  };
}

const withReason = (sentence: string, reason: unknown) =>
  typeof reason === 'string' && reason !== '' ? `${sentence}: ${reason}` : `${sentence}.`;

/**
 * A start that overtook the office's change says so, for the office and the therapist alike: the
 * session took place, whatever the office had done to it meanwhile.
 */
function startedSentence(by: string, time: string, changes: Changes, c: ReturnType<typeof clock>): string {
  const overtaken = changes.overtaken_change?.[1];
  if (overtaken === 'called_off') {
    const was = changes.status?.[0] === 'no_show' ? 'marked it a no-show' : 'cancelled it';
    return `${by} started the session on the tablet at ${time}, after the office had ${was}: the session took place, and its data is kept.`;
  }
  if (overtaken === 'moved') {
    return `Moved by the office to ${c.day(changes.moved_to?.[1])} while started on the tablet at ${time}: the session took place at the tablet's start.`;
  }
  return `${by} started the session at ${time}.`;
}

function sentenceOf(kind: Kind, by: string, changes: Changes, at: Date, c: ReturnType<typeof clock>): string {
  const now = (field: string) => changes[field]?.[1];
  const was = (field: string) => changes[field]?.[0];
  const reason = now('reason') ?? now('change_reason');
  switch (kind) {
    case 'created': {
      const booked = `${by} booked the session for ${c.range(now('start_at'), now('end_at'))}`;
      return now('change_reason') ? withReason(`${booked}, over a conflict`, now('change_reason')) : `${booked}.`;
    }
    case 'rescheduled':
      return withReason(
        `${by} moved the session from ${c.range(was('start_at'), was('end_at'))} to ${c.range(now('start_at'), now('end_at'))}`,
        reason,
      );
    case 'cancelled':
      return withReason(`${by} cancelled the session`, reason);
    case 'started':
      return startedSentence(by, c.time(now('started_at') ?? at), changes, c);
    case 'ended':
      return `${by} ended the session (${ENDINGS[String(now('status'))] ?? String(now('status'))}) at ${c.time(now('ended_at') ?? at)}.`;
    case 'edited': {
      const fields = Object.keys(changes).flatMap((key) => (FIELDS[key] ? [FIELDS[key]] : []));
      const what = fields.length === 0 ? 'the session' : `the ${fields.join(', ')}`;
      return reason ? withReason(`${by} changed ${what}, over a conflict`, reason) : `${by} changed ${what}.`;
    }
  }
}

export async function sessionActivities(ctx: RequestContext, sessionId: SessionId): Promise<{ results: SessionActivity[] }> {
  await loadSessionFor(ctx, sessionId);
  const [rows, timeZone] = await Promise.all([sessionTrail(ctx.tx, ctx.org.id, sessionId), organizationTimezone(ctx.tx, ctx.org.id)]);
  const c = clock(timeZone);
  return {
    results: rows.flatMap((row) => {
      const kind = kindOf(row.action, row.changes);
      if (!kind) {
        return [];
      }
      return [
        {
          id: String(row.id),
          at: row.at.toISOString(),
          kind,
          by: row.by,
          acting_as: row.actingAs,
          sentence: sentenceOf(kind, row.by, row.changes, row.at, c),
          changes: row.changes,
        },
      ];
    }),
  };
}
