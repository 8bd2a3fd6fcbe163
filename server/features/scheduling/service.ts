/**
 * Session scheduling: therasessions.
 * Starting and ending a session (and the collector behind it) are the collector feature's.
 *
 * Rules:
 * - A session joins an active *therapist* membership and a student of the same organization; ids
 *   from another organization are "not found".
 * - The student must be active: its open enrollment is org `active` and parent `accepted`.
 * - The department is optional; when given it exists, is enabled and holds the student.
 * - Booking (one session or many, all or nothing) follows service-booking.ts: times, parties, the service,
 *   and no conflict (service-conflicts.ts: a therapist or a student in two sessions at once, or a session
 *   over a closure) unless the caller holds sessions.override and says why.
 * - A session with a service lasts the service's length unless an end is given, and keeps the
 *   service's price as it was when booked.
 * - Edit, reschedule, cancel and delete are the desk's (service-desk.ts).
 * - Lists return sessions that overlap [from, to), in start order, with the student's and the
 *   therapist's names, a page and its count in one statement.
 * - A therapist's own list (no sessions.manage) leaves out the sessions not started yet whose student
 *   is no longer assigned to them (departments' therapist assignments): unassigning takes the student
 *   off the therapist's Today; the collector refuses new points for them (collector/service-batches.ts).
 */
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error';
import { asDepartmentId, asMembershipId, asSessionId, asStudentId, type MembershipId, type SessionId } from '../../lib/ids';
import type { RequestContext } from '../../lib/request-context';
import { readPage } from '../../lib/pagination';
import { sessionListTherapist, sessionReach } from '../../lib/access';
import type { createTherasession, listTherasessions, Therasession as TherasessionAnswer } from '../../../contract/scheduling';
import type { Page } from '../../lib/pagination';
import * as repo from './repository';
import { presentSession } from './present';
import { bookSessions, invalid, servicesFor, type ScheduleSessionInput } from './service-booking';

export type { ScheduleSessionInput } from './service-booking';
export { MAX_SESSION_MS } from './service-booking';
export type Therasession = repo.SessionRow;
export type SessionStatus = repo.SessionStatus;
export type SessionListItem = Awaited<ReturnType<typeof repo.selectSessions>>[number];
export type SessionFilter = repo.SessionFilter;

/**
 * Schedules a session in the caller's organization; a payload naming another organization is "not
 * found". With a service, the end defaults to the service's length and its price is kept.
 */
export async function createSession(ctx: RequestContext, body: z.output<typeof createTherasession.body>): Promise<TherasessionAnswer> {
  if (body.organization_id !== ctx.org.id) {
    throw new AppError('NOT_FOUND', 'Organization not found.');
  }
  const service = body.service_id ? (await servicesFor(ctx, [body.service_id])).get(body.service_id) : undefined;
  const startAt = new Date(body.start_at);
  let endAt: Date;
  if (body.end_at !== undefined) {
    endAt = new Date(body.end_at);
  } else if (service?.durationMinutes) {
    endAt = new Date(startAt.getTime() + service.durationMinutes * 60_000);
  } else {
    throw invalid('end_at', service ? `${service.name} has no set length; give an end time.` : 'Give an end time, or choose a service.');
  }
  const [created] = await bookSessions(
    ctx,
    [
      {
        ...(body.id ? { id: asSessionId(body.id) } : {}),
        therapistMembershipId: asMembershipId(body.therapist_id),
        studentId: asStudentId(body.student_id),
        departmentId: asDepartmentId(body.department_id),
        serviceId: service?.id ?? null,
        priceMinor: service?.priceMinor ?? null,
        startAt,
        endAt,
      },
    ],
    body,
  );
  return presentSession(await getSessionView(ctx, created!.id));
}

/** Creates several sessions in the caller's transaction: all of them, or none (conflicts inside the batch too). */
export async function scheduleSessions(ctx: RequestContext, inputs: ScheduleSessionInput[]): Promise<Therasession[]> {
  return bookSessions(ctx, inputs);
}

/** One session with its student, department and therapist's name. */
export async function getSessionView(ctx: RequestContext, sessionId: SessionId): Promise<SessionListItem> {
  const [row] = await repo.selectSessions(ctx.tx, ctx.org.id, { id: sessionId }, { limit: 1, offset: 0 });
  if (!row) {
    throw notFound('Session');
  }
  return row;
}

/**
 * A page of the sessions this member may see, overlapping [from, to): therapists see their own;
 * owners and staff (sessions.manage) see everyone's, or one therapist's when asked.
 */
export async function listSessionPage(
  ctx: RequestContext,
  query: z.output<typeof listTherasessions.query>,
): Promise<Page<TherasessionAnswer>> {
  const seesAll = sessionReach(ctx.org.access).every;
  const { membershipId: therapistMembershipId, ok } = sessionListTherapist(ctx.org.access, query.therapist_id);
  if (!ok) {
    throw new AppError('FORBIDDEN', "Only people who manage the schedule can list another therapist's sessions.");
  }
  const filter: SessionFilter = {
    ...(therapistMembershipId ? { therapistMembershipId } : {}),
    ...(query.from ? { from: new Date(query.from) } : {}),
    ...(query.to ? { to: new Date(query.to) } : {}),
    ...(query.student_id ? { studentId: asStudentId(query.student_id) } : {}),
    ...(query.department_id ? { departmentId: asDepartmentId(query.department_id) } : {}),
    ...(query.status ? { statuses: [query.status] } : {}),
    ...(seesAll ? {} : { assignedUnlessStarted: true }),
  };
  return readPage(ctx.url, query, (window) => repo.selectSessions(ctx.tx, ctx.org.id, filter, window), presentSession);
}
