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
 *   off the therapist's Today; the collector refuses new points for them (collector/service.ts).
 */
import { inTenant, type TenantScope, type Tx } from '../../db/handles';
import { AppError, notFound } from '../../lib/app-error';
import { newId, type OrganizationId } from '../../lib/ids';
import type { OrgAccess } from '../../plugins/auth';
import * as repo from './repository';
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

export async function scheduleSession(db: TenantScope, organizationId: OrganizationId, input: ScheduleSessionInput): Promise<Therasession> {
  checkTimes(input.startAt, input.endAt);
  return inTenant(db, organizationId, (tx) => insertChecked(tx, organizationId, input));
}

/** Schedules a session in the caller's organization; a payload naming another organization is "not found". */
export async function scheduleSessionIn(
  db: TenantScope,
  organizationId: OrganizationId,
  namedOrganizationId: string,
  input: ScheduleSessionInput,
): Promise<Therasession> {
  if (namedOrganizationId !== organizationId) {
    throw new AppError('NOT_FOUND', 'Organization not found.');
  }
  return scheduleSession(db, organizationId, input);
}

/** Creates several sessions in one transaction: all of them, or none (spec: therasessions bulk). */
export async function scheduleSessions(
  db: TenantScope,
  organizationId: OrganizationId,
  inputs: ScheduleSessionInput[],
): Promise<Therasession[]> {
  inputs.forEach((input) => checkTimes(input.startAt, input.endAt));
  return inTenant(db, organizationId, async (tx) => {
    const created: Therasession[] = [];
    for (const input of inputs) {
      created.push(await insertChecked(tx, organizationId, input));
    }
    return created;
  });
}

export async function getSession(db: TenantScope, organizationId: OrganizationId, sessionId: string): Promise<Therasession> {
  return inTenant(db, organizationId, async (tx) => {
    const row = await repo.findSession(tx, organizationId, sessionId);
    if (!row) {
      throw notFound('Session');
    }
    return row;
  });
}

/** One session with its student, department and therapist's name. */
export async function getSessionView(db: TenantScope, organizationId: OrganizationId, sessionId: string): Promise<SessionListItem> {
  return inTenant(db, organizationId, async (tx) => {
    const [row] = await repo.selectSessions(tx, organizationId, { id: sessionId }, { limit: 1, offset: 0 });
    if (!row) {
      throw notFound('Session');
    }
    return row;
  });
}

/**
 * A page of the sessions this member may see, overlapping [from, to): therapists see their own;
 * owners and staff (sessions.manage) see everyone's, or one therapist's when asked.
 */
export async function listSessionPage(
  tx: Tx,
  org: OrgAccess,
  input: { therapistMembershipId?: string | undefined; from?: Date | undefined; to?: Date | undefined; page: number; pageSize: number },
): Promise<{ count: number; results: SessionListItem[] }> {
  const seesAll = org.isOwner || org.permissions.has('sessions.manage');
  // Asking for another therapist's sessions without seeing everyone's is refused, not quietly
  // answered with one's own: the caller would take them for the other therapist's.
  if (!seesAll && input.therapistMembershipId !== undefined && input.therapistMembershipId !== org.membershipId) {
    throw new AppError('FORBIDDEN', "Only people who manage the schedule can list another therapist's sessions.");
  }
  const therapistMembershipId = seesAll ? input.therapistMembershipId : (org.membershipId ?? undefined);
  const filter: SessionFilter = {
    ...(therapistMembershipId ? { therapistMembershipId } : {}),
    ...(input.from ? { from: input.from } : {}),
    ...(input.to ? { to: input.to } : {}),
    ...(seesAll ? {} : { assignedUnlessStarted: true }),
  };
  const count = await repo.countSessions(tx, org.organizationId, filter);
  const results = await repo.selectSessions(tx, org.organizationId, filter, {
    limit: input.pageSize,
    offset: (input.page - 1) * input.pageSize,
  });
  return { count, results };
}

/** Sessions of the organization, optionally of one therapist or student, overlapping [from, to). */
export async function listSessions(
  db: TenantScope,
  organizationId: OrganizationId,
  filter: SessionFilter = {},
): Promise<SessionListItem[]> {
  return inTenant(db, organizationId, (tx) => repo.selectSessions(tx, organizationId, filter));
}

/** One calendar day (YYYY-MM-DD, default today) in the organization's time zone. */
export async function listSessionsForDay(
  db: TenantScope,
  organizationId: OrganizationId,
  input: { date?: string; therapistMembershipId?: string } = {},
): Promise<{ date: string; timezone: string; sessions: SessionListItem[] }> {
  return inTenant(db, organizationId, async (tx) => {
    const timezone = await organizationTimezone(tx, organizationId);
    const date = input.date ?? localDate(timezone);
    if (!isIsoDate(date)) {
      throw new AppError('VALIDATION_FAILED', 'Give the date as YYYY-MM-DD.', { date: ['Give the date as YYYY-MM-DD.'] });
    }
    const sessions = await repo.selectSessions(tx, organizationId, {
      from: zonedTimeToUtc(date, '00:00', timezone),
      to: zonedTimeToUtc(addDays(date, 1), '00:00', timezone),
      ...(input.therapistMembershipId ? { therapistMembershipId: input.therapistMembershipId } : {}),
    });
    return { date, timezone, sessions };
  });
}

export async function rescheduleSession(
  db: TenantScope,
  organizationId: OrganizationId,
  sessionId: string,
  input: { startAt: Date; endAt: Date; reason: string },
): Promise<Therasession> {
  checkTimes(input.startAt, input.endAt);
  if (input.reason.trim() === '') {
    throw new AppError('VALIDATION_FAILED', 'Give a reason for rescheduling.', { reason: ['Required.'] });
  }
  return inTenant(db, organizationId, async (tx) => {
    const current = await requireScheduled(tx, organizationId, sessionId);
    if (await repo.findOverlappingSession(tx, organizationId, current.therapistMembershipId, input.startAt, input.endAt, sessionId)) {
      throw doubleBooked();
    }
    return (await repo.updateSessionTimes(tx, organizationId, sessionId, input.startAt, input.endAt))!;
  });
}

export async function deleteSession(db: TenantScope, organizationId: OrganizationId, sessionId: string): Promise<void> {
  await inTenant(db, organizationId, async (tx) => {
    await requireScheduled(tx, organizationId, sessionId);
    await repo.deleteSessionRow(tx, organizationId, sessionId);
  });
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
