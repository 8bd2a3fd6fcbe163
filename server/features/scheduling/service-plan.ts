/**
 * Planning sessions in bulk from a weekly pattern ("Tuesdays at 15:00 with Leo, 45 minutes") over a
 * date range:
 * - each slot repeats weekly on its weekday from first_day to last_day, both included (an RRule in
 *   floating wall-clock time); each wall-clock time becomes an instant in the organization's time
 *   zone, so 15:00 stays 15:00 when daylight-saving time starts or ends;
 * - an occurrence on a holiday or closure of the whole organization is skipped and listed in
 *   `skipped`, not planned;
 * - an occurrence that starts before now is in the past: left out and listed in `past_left_out`
 *   unless the body asks to include_past (recording sessions that already happened), so a plan whose
 *   first day is today never books this morning's slot without anyone seeing it; included, each
 *   planned session says `in_past`;
 * - a slot's length is its own, else its service's; a slot with neither is a 400;
 * - dry_run answers the preview: every planned session with what is in its way, nothing written;
 * - otherwise a conflict refuses the whole plan (409 listing them) unless the caller overrides, and
 *   the sessions go in together in the call's one transaction (one insert, one trail insert);
 * - at most 2,000 occurrences per call: a plan is a term, not a decade.
 */
import * as rruleModule from 'rrule';
import { TZDate } from '@date-fns/tz';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { asDepartmentId, asMembershipId, asStudentId, newId, type SessionId } from '../../lib/ids';
import type { RequestContext } from '../../lib/request-context';
import { organizationTimezone } from '../../db/lookups';
import type { bulkTherasessions, PlanSlot } from '../../../contract/scheduling-desk';
import { candidateConflicts, checkParties, insertBooked, invalid, servicesFor, type ScheduleSessionInput } from './service-booking';
import { checkOverrideAllowed, refuseConflicts } from './service-conflicts';
import { closuresOverlapping } from '../calendar';

// rrule ships CommonJS to Node, whose ESM loader hands its exports over as the default export;
// bundlers and vitest hand them over as named exports.
const { RRule, datetime } = (rruleModule as typeof rruleModule & { default?: typeof rruleModule }).default ?? rruleModule;

export const MAX_PLANNED_SESSIONS = 2000;

type PlanBody = z.output<typeof bulkTherasessions.body>;
type PlanAnswer = z.input<typeof bulkTherasessions.response>;

interface Occurrence {
  slot: number;
  startAt: Date;
  endAt: Date;
}

const DAY_MS = 24 * 3600_000;
const dateParts = (day: string) => day.split('-').map(Number) as [number, number, number];

/** The slot's weekly occurrences in [first_day, last_day], as instants in the time zone. */
function occurrencesOf(slot: PlanSlot, index: number, minutes: number, body: PlanBody, timeZone: string): Occurrence[] {
  const [y, m, d] = dateParts(body.first_day);
  const [ly, lm, ld] = dateParts(body.last_day);
  const [hh, mm] = slot.start_time.split(':').map(Number) as [number, number];
  // Floating time: the rule's dates carry the wall-clock time in their UTC fields.
  const rule = new RRule({
    freq: RRule.WEEKLY,
    byweekday: [RRule[slot.weekday]],
    dtstart: datetime(y, m, d, hh, mm),
    until: datetime(ly, lm, ld, 23, 59, 59),
  });
  return rule.all().map((wall) => {
    const local = new TZDate(
      wall.getUTCFullYear(),
      wall.getUTCMonth(),
      wall.getUTCDate(),
      wall.getUTCHours(),
      wall.getUTCMinutes(),
      timeZone,
    );
    const startAt = new Date(local.getTime());
    return { slot: index, startAt, endAt: new Date(startAt.getTime() + minutes * 60_000) };
  });
}

/** The slots' lengths: the slot's own, else its service's. */
function lengthsOf(slots: PlanSlot[], services: Awaited<ReturnType<typeof servicesFor>>): number[] {
  return slots.map((slot, i) => {
    const minutes = slot.duration_minutes ?? (slot.service_id ? services.get(slot.service_id)?.durationMinutes : null);
    if (!minutes) {
      throw invalid(`slots.${i}.duration_minutes`, 'Give the length, or choose a service that has one.');
    }
    return minutes;
  });
}

/** Who a slot's sessions are for, as the request names them. */
const partiesOf = (slot: PlanSlot) => ({
  therapistMembershipId: asMembershipId(slot.therapist_id),
  studentId: asStudentId(slot.student_id),
  departmentId: asDepartmentId(slot.department_id),
});

function checkSize(body: PlanBody) {
  // Each slot happens at least once in every whole week of the range: refuse before expanding a decade.
  const days = Math.round((Date.parse(body.last_day) - Date.parse(body.first_day)) / DAY_MS) + 1;
  if (Math.floor(days / 7) * body.slots.length > MAX_PLANNED_SESSIONS) {
    throw tooMany();
  }
}
const tooMany = () =>
  invalid(
    'slots',
    `A plan makes at most ${MAX_PLANNED_SESSIONS.toLocaleString('en-US')} sessions at once; plan a shorter range or fewer slots.`,
  );

type Candidate = ScheduleSessionInput & { id: SessionId; slot: number };

/** The occurrences that fall on a closure of the whole organization, and the rest. */
async function splitClosures(ctx: RequestContext, occurrences: Occurrence[]) {
  const closures =
    occurrences.length === 0
      ? []
      : await closuresOverlapping(
          ctx.tx,
          ctx.org.id,
          occurrences[0]!.startAt,
          new Date(Math.max(...occurrences.map((o) => o.endAt.getTime()))),
        );
  const closureOf = (o: Occurrence) => closures.find((c) => c.startAt < o.endAt && c.endAt > o.startAt);
  const skipped = occurrences.flatMap((o) => {
    const closure = closureOf(o);
    return closure ? [{ start_at: o.startAt.toISOString(), slot: o.slot, closure: closure.title }] : [];
  });
  return { skipped, open: occurrences.filter((o) => !closureOf(o)) };
}

/** The occurrences to plan, and those left out for starting before now (none when the body includes the past). */
function splitPast(open: Occurrence[], includePast: boolean, now: number) {
  const isPast = (o: Occurrence) => o.startAt.getTime() < now;
  const leftOut = includePast ? [] : open.filter(isPast);
  return {
    planned: includePast ? open : open.filter((o) => !isPast(o)),
    pastLeftOut: leftOut.map((o) => ({ start_at: o.startAt.toISOString(), end_at: o.endAt.toISOString(), slot: o.slot })),
  };
}

function candidatesOf(body: PlanBody, services: Awaited<ReturnType<typeof servicesFor>>, planned: Occurrence[]): Candidate[] {
  return planned.map((o) => {
    const slot = body.slots[o.slot]!;
    const service = slot.service_id ? services.get(slot.service_id) : undefined;
    return {
      id: newId(),
      slot: o.slot,
      ...partiesOf(slot),
      serviceId: service?.id ?? null,
      priceMinor: service?.priceMinor ?? null,
      startAt: o.startAt,
      endAt: o.endAt,
    };
  });
}

export async function planSessions(ctx: RequestContext, body: PlanBody): Promise<PlanAnswer> {
  if (body.organization_id !== ctx.org.id) {
    throw new AppError('NOT_FOUND', 'Organization not found.');
  }
  checkOverrideAllowed(ctx, body);
  checkSize(body);
  const now = Date.now();
  const timeZone = await organizationTimezone(ctx.tx, ctx.org.id);
  const services = await servicesFor(
    ctx,
    body.slots.map((slot) => slot.service_id),
  );
  const lengths = lengthsOf(body.slots, services);
  await checkParties(ctx, body.slots.map(partiesOf));
  const occurrences = body.slots
    .flatMap((slot, i) => occurrencesOf(slot, i, lengths[i]!, body, timeZone))
    .sort((a, b) => a.startAt.getTime() - b.startAt.getTime() || a.slot - b.slot);
  if (occurrences.length > MAX_PLANNED_SESSIONS) {
    throw tooMany();
  }
  const { skipped, open } = await splitClosures(ctx, occurrences);
  const { planned, pastLeftOut } = splitPast(open, body.include_past, now);
  const candidates = candidatesOf(body, services, planned);
  const conflicts = await candidateConflicts(ctx, candidates);
  const answer = {
    time_zone: timeZone,
    count: candidates.length,
    conflict_count: conflicts.filter((list) => list.length > 0).length,
    sessions: candidates.map((c, i) => ({
      start_at: c.startAt.toISOString(),
      end_at: c.endAt.toISOString(),
      slot: c.slot,
      in_past: c.startAt.getTime() < now,
      conflicts: conflicts[i]!,
    })),
    skipped,
    past_left_out: pastLeftOut,
  };
  if (body.dry_run) {
    return { ...answer, created_ids: [] };
  }
  refuseConflicts(conflicts.flat(), body);
  const rows = await insertBooked(ctx, candidates, conflicts, body);
  return { ...answer, created_ids: rows.map((row) => row.id) };
}
