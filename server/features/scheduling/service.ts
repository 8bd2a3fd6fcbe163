/**
 * Session scheduling: therasessions.
 * Starting and ending a session (and the collector behind it) are the collector feature's.
 *
 * Rules:
 * - A session joins an active *therapist* membership and a student of the same organization; ids
 *   from another organization are "not found".
 * - The student must be active: its open enrollment is org `active` and parent `accepted`.
 * - The department is optional; when given it exists, is enabled and holds the student.
 * - end_at is after start_at, and a session lasts at most 12 hours.
 * - A therapist is never double-booked: a session overlapping another of the same therapist that is
 *   not cancelled or no-show is a 409. (A student may be in two sessions at once: co-treatment.)
 * - A client may bring the session's id (offline-made); an id already taken is a 409.
 * - Bulk creation is all-or-nothing and checks overlaps inside the batch too.
 * - Only a `scheduled` session can be rescheduled or deleted; once started it holds collected data.
 *   Reschedule requires a reason, which is not stored: the schema has no column for it.
 * - Lists return sessions that overlap [from, to), in start order, with the student's and the
 *   therapist's names. "A day" is the organization's calendar day in its time zone.
 * - A therapist's own list (no sessions.manage) leaves out the sessions not started yet whose student
 *   is no longer assigned to them (departments' therapist assignments): unassigning takes the student
 *   off the therapist's Today; the collector refuses new points for them (collector/service-batches.ts).
 */
import type { z } from 'zod';
import type { Tx } from '../../db/handles';
import { AppError, notFound } from '../../lib/app-error';
import { asSessionId, newId, type MembershipId, type OrganizationId, type SessionId } from '../../lib/ids';
import type { RequestContext } from '../../lib/request-context';
import { pageAnswer } from '../../lib/pagination';
import type { OrgAccess } from '../../plugins/auth';
import type { createTherasession, listTherasessions, Therasession as TherasessionAnswer } from '../../../contract/scheduling';
import type { Page } from '../../lib/pagination';
import * as repo from './repository';
import { presentSession } from './present';
import { addDays, localDate, zonedTimeToUtc } from '../../lib/time-zones';
import { organizationTimezone } from '../../db/lookups';

export type Therasession = repo.SessionRow;
export type SessionStatus = repo.SessionStatus;
export type SessionListItem = Awaited<ReturnType<typeof repo.selectSessions>>[number];
export type SessionFilter = repo.SessionFilter;

export const MAX_SESSION_MS = 12 * 60 * 60 * 1000;

export interface ScheduleSessionInput {
  /** A client-made id (spec: offline clients make ids); a new v7 id when absent. */
  id?: string;
  therapistMembershipId: string;
  studentId: string;
  departmentId?: string | null;
  startAt: Date;
  endAt: Date;
}

/** Who sees every session of the organization (owners, sessions.manage); anyone else sees their own. */
const seesEverySession = (org: OrgAccess) => org.isOwner || org.permissions.has('sessions.manage');

export async function scheduleSession(ctx: RequestContext, input: ScheduleSessionInput): Promise<Therasession> {
  checkTimes(input.startAt, input.endAt);
  return insertChecked(ctx.tx, ctx.org.id, input);
}

/** Schedules a session in the caller's organization; a payload naming another organization is "not found". */
export async function createSession(ctx: RequestContext, body: z.output<typeof createTherasession.body>): Promise<TherasessionAnswer> {
  if (body.organization_id !== ctx.org.id) {
    throw new AppError('NOT_FOUND', 'Organization not found.');
  }
  if (body.end_at === undefined) {
    throw invalid('end_at', 'Give an end time.');
  }
  const created = await scheduleSession(ctx, {
    ...(body.id ? { id: body.id } : {}),
    therapistMembershipId: body.therapist_id,
    studentId: body.student_id,
    departmentId: body.department_id,
    startAt: new Date(body.start_at),
    endAt: new Date(body.end_at),
  });
  return presentSession(await getSessionView(ctx, asSessionId(created.id)));
}

/** Creates several sessions in the caller's transaction: all of them, or none (spec: therasessions bulk). */
export async function scheduleSessions(ctx: RequestContext, inputs: ScheduleSessionInput[]): Promise<Therasession[]> {
  inputs.forEach((input) => checkTimes(input.startAt, input.endAt));
  const created: Therasession[] = [];
  for (const input of inputs) {
    created.push(await insertChecked(ctx.tx, ctx.org.id, input));
  }
  return created;
}

export async function getSession(ctx: RequestContext, sessionId: SessionId): Promise<Therasession> {
  const row = await repo.findSession(ctx.tx, ctx.org.id, sessionId);
  if (!row) {
    throw notFound('Session');
  }
  return row;
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
  const { access } = ctx.org;
  const seesAll = seesEverySession(access);
  // Asking for another therapist's sessions without seeing everyone's is refused, not quietly
  // answered with one's own: the caller would take them for the other therapist's.
  if (!seesAll && query.therapist_id !== undefined && query.therapist_id !== access.membershipId) {
    throw new AppError('FORBIDDEN', "Only people who manage the schedule can list another therapist's sessions.");
  }
  const therapistMembershipId = seesAll ? query.therapist_id : (access.membershipId ?? undefined);
  const filter: SessionFilter = {
    ...(therapistMembershipId ? { therapistMembershipId } : {}),
    ...(query.from ? { from: new Date(query.from) } : {}),
    ...(query.to ? { to: new Date(query.to) } : {}),
    ...(seesAll ? {} : { assignedUnlessStarted: true }),
  };
  const count = await repo.countSessions(ctx.tx, ctx.org.id, filter);
  const rows = await repo.selectSessions(ctx.tx, ctx.org.id, filter, {
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return pageAnswer(ctx.url, query, { count, rows }, presentSession);
}

/** Sessions of the organization, optionally of one therapist or student, overlapping [from, to). */
export async function listSessions(ctx: RequestContext, filter: SessionFilter = {}): Promise<SessionListItem[]> {
  return repo.selectSessions(ctx.tx, ctx.org.id, filter);
}

/** One calendar day (YYYY-MM-DD, default today) in the organization's time zone. */
export async function listSessionsForDay(
  ctx: RequestContext,
  input: { date?: string; therapistMembershipId?: MembershipId } = {},
): Promise<{ date: string; timezone: string; sessions: SessionListItem[] }> {
  const organizationId = ctx.org.id;
  const timezone = await organizationTimezone(ctx.tx, organizationId);
  const date = input.date ?? localDate(timezone);
  if (!isIsoDate(date)) {
    throw new AppError('VALIDATION_FAILED', 'Give the date as YYYY-MM-DD.', { date: ['Give the date as YYYY-MM-DD.'] });
  }
  const sessions = await repo.selectSessions(ctx.tx, organizationId, {
    from: zonedTimeToUtc(date, '00:00', timezone),
    to: zonedTimeToUtc(addDays(date, 1), '00:00', timezone),
    ...(input.therapistMembershipId ? { therapistMembershipId: input.therapistMembershipId } : {}),
  });
  return { date, timezone, sessions };
}

export async function rescheduleSession(
  ctx: RequestContext,
  sessionId: SessionId,
  input: { startAt: Date; endAt: Date; reason: string },
): Promise<Therasession> {
  checkTimes(input.startAt, input.endAt);
  if (input.reason.trim() === '') {
    throw new AppError('VALIDATION_FAILED', 'Give a reason for rescheduling.', { reason: ['Required.'] });
  }
  const { tx } = ctx;
  const organizationId = ctx.org.id;
  const current = await requireScheduled(tx, organizationId, sessionId);
  if (await repo.findOverlappingSession(tx, organizationId, current.therapistMembershipId, input.startAt, input.endAt, sessionId)) {
    throw doubleBooked();
  }
  return (await repo.updateSessionTimes(tx, organizationId, sessionId, input.startAt, input.endAt))!;
}

export async function deleteSession(ctx: RequestContext, sessionId: SessionId): Promise<void> {
  await requireScheduled(ctx.tx, ctx.org.id, sessionId);
  await repo.deleteSessionRow(ctx.tx, ctx.org.id, sessionId);
}

const isIsoDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && addDays(value, 0) === value;

// ---- helpers -----------------------------------------------------------------------------------

const invalid = (field: string, message: string) => new AppError('VALIDATION_FAILED', message, { [field]: [message] });
const doubleBooked = () => new AppError('CONFLICT', 'The therapist already has a session at that time.');

function checkTimes(startAt: Date, endAt: Date) {
  if (Number.isNaN(startAt.getTime())) {
    throw invalid('start_at', 'Enter a valid start time.');
  }
  if (Number.isNaN(endAt.getTime())) {
    throw invalid('end_at', 'Enter a valid end time.');
  }
  if (endAt.getTime() <= startAt.getTime()) {
    throw invalid('end_at', 'The session must end after it starts.');
  }
  if (endAt.getTime() - startAt.getTime() > MAX_SESSION_MS) {
    throw invalid('end_at', 'A session lasts at most 12 hours.');
  }
}

async function insertChecked(tx: Tx, organizationId: OrganizationId, input: ScheduleSessionInput): Promise<Therasession> {
  const membership = await repo.findMembership(tx, organizationId, input.therapistMembershipId);
  if (!membership) {
    throw notFound('Therapist');
  }
  if (membership.role !== 'therapist' || membership.status !== 'active') {
    throw invalid('therapist_id', 'Choose an active therapist.');
  }
  const student = await repo.findStudentWithOpenEnrollment(tx, organizationId, input.studentId);
  if (!student) {
    throw notFound('Student');
  }
  if (!student.enrollment || student.enrollment.orgStatus !== 'active' || student.enrollment.parentStatus !== 'accepted') {
    throw invalid('student_id', 'The student has no active enrollment.');
  }
  const departmentId = input.departmentId ?? null;
  if (departmentId !== null) {
    const department = await repo.findDepartment(tx, organizationId, departmentId);
    if (!department) {
      throw notFound('Department');
    }
    if (!department.isEnabled) {
      throw invalid('department_id', 'The department is disabled.');
    }
    if (!(await repo.isStudentInDepartment(tx, organizationId, departmentId, input.studentId))) {
      throw invalid('department_id', 'The student is not in this department.');
    }
  }
  if (await repo.findOverlappingSession(tx, organizationId, input.therapistMembershipId, input.startAt, input.endAt)) {
    throw doubleBooked();
  }
  if (input.id !== undefined && (await repo.findSession(tx, organizationId, input.id))) {
    throw new AppError('CONFLICT', 'A session with this id already exists.');
  }
  return repo.insertSession(tx, organizationId, {
    id: input.id ?? newId(),
    therapistMembershipId: input.therapistMembershipId,
    studentId: input.studentId,
    departmentId,
    startAt: input.startAt,
    endAt: input.endAt,
  });
}

async function requireScheduled(tx: Tx, organizationId: OrganizationId, sessionId: string) {
  const current = await repo.findSession(tx, organizationId, sessionId);
  if (!current) {
    throw notFound('Session');
  }
  if (current.status !== 'scheduled') {
    throw new AppError('ALREADY_STARTED', 'Only a session that has not started can be changed.');
  }
  return current;
}
