/**
 * Booking sessions, one or a term's worth, all or nothing:
 * - end_at is after start_at, and a session lasts at most 12 hours;
 * - the therapist is an active therapist membership, the student has an active enrollment (org
 *   `active`, parent `accepted`), the department (optional) exists, is enabled and holds the student;
 *   ids from another organization are "not found". Each distinct one is checked once per batch;
 * - a service (optional) is this organization's and active; its price is copied onto the session;
 * - nothing may be in the way (service-conflicts.ts) unless the caller may override and gives a reason,
 *   which is kept as the change reason of the sessions booked over a conflict;
 * - a client may bring a session's id (offline-made); an id already taken is a 409;
 * - the rows go in with one insert and their trail rows with one more.
 */
import type { Tx } from '../../db/handles';
import type { Change } from '../../lib/audit-trail';
import { AppError, notFound } from '../../lib/app-error';
import { type DepartmentId, type MembershipId, newId, type OrganizationId, type SessionId, type StudentId } from '../../lib/ids';
import type { RequestContext } from '../../lib/request-context';
import type { ScheduleConflict } from '../../../contract/errors';
import * as repo from './repository';
import * as desk from './repository-desk';
import { checkOverrideAllowed, conflictsOf, refuseConflicts, type Candidate, type Override } from './service-conflicts';

export const MAX_SESSION_MS = 12 * 60 * 60 * 1000;
export const NO_OVERRIDE: Override = { override_conflicts: false, override_reason: '' };

export interface ScheduleSessionInput {
  /** A client-made id (offline clients make ids); a new v7 id when absent. */
  id?: SessionId;
  therapistMembershipId: MembershipId;
  studentId: StudentId;
  departmentId?: DepartmentId | null;
  serviceId?: string | null;
  /** The service's price when booked (servicesFor). */
  priceMinor?: number | null;
  startAt: Date;
  endAt: Date;
}

export const invalid = (field: string, message: string): AppError => new AppError('VALIDATION_FAILED', message, { [field]: [message] });

export function checkTimes(startAt: Date, endAt: Date): void {
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

type Parties = Pick<ScheduleSessionInput, 'therapistMembershipId' | 'studentId' | 'departmentId'>;

/** The therapist, the student and the department of every input, each distinct one (or pair) checked once. */
export async function checkParties(ctx: RequestContext, inputs: Parties[]): Promise<void> {
  const { tx } = ctx;
  const organizationId = ctx.org.id;
  for (const therapistId of new Set(inputs.map((i) => i.therapistMembershipId))) {
    const membership = await repo.findMembership(tx, organizationId, therapistId);
    if (!membership) {
      throw notFound('Therapist');
    }
    if (membership.role !== 'therapist' || membership.status !== 'active') {
      throw invalid('therapist_id', 'Choose an active therapist.');
    }
  }
  for (const studentId of new Set(inputs.map((i) => i.studentId))) {
    const student = await repo.findStudentWithOpenEnrollment(tx, organizationId, studentId);
    if (!student) {
      throw notFound('Student');
    }
    if (!student.enrollment || student.enrollment.orgStatus !== 'active' || student.enrollment.parentStatus !== 'accepted') {
      throw invalid('student_id', 'The student has no active enrollment.');
    }
  }
  const placements = new Map(inputs.filter((i) => i.departmentId).map((i) => [`${i.departmentId}/${i.studentId}`, i]));
  const checkedDepartments = new Set<string>();
  for (const { departmentId, studentId } of placements.values()) {
    if (!checkedDepartments.has(departmentId!)) {
      const department = await repo.findDepartment(tx, organizationId, departmentId!);
      if (!department) {
        throw notFound('Department');
      }
      if (!department.isActive) {
        throw invalid('department_id', 'The department is disabled.');
      }
      checkedDepartments.add(departmentId!);
    }
    if (!(await repo.isStudentInDepartment(tx, organizationId, departmentId!, studentId))) {
      throw invalid('department_id', 'The student is not in this department.');
    }
  }
}

export type ServiceTerms = Awaited<ReturnType<typeof desk.findServices>>[number];

/** The services named, by id: another organization's (or a missing one) is not found, an inactive one can't be booked. */
export async function servicesFor(ctx: RequestContext, ids: (string | null | undefined)[]) {
  const { tx } = ctx;
  const organizationId = ctx.org.id;
  const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  const found = new Map((await desk.findServices(tx, organizationId, wanted)).map((s) => [s.id, s]));
  for (const id of wanted) {
    const service = found.get(id);
    if (!service) {
      throw notFound('Service');
    }
    if (!service.isActive) {
      throw invalid('service_id', `${service.name} is no longer offered; choose an active service.`);
    }
  }
  return found;
}

/** What is in the way of each candidate, in the database and in the batch itself. */
export async function candidateConflicts(ctx: RequestContext, candidates: Candidate[]): Promise<ScheduleConflict[][]> {
  const { tx } = ctx;
  const organizationId = ctx.org.id;
  const [therapists, pupils] =
    candidates.length > 1
      ? await Promise.all([
          desk.therapistNames(tx, organizationId, [...new Set(candidates.map((c) => c.therapistMembershipId))]),
          desk.studentNames(tx, organizationId, [...new Set(candidates.map((c) => c.studentId))]),
        ])
      : [new Map<string, string>(), new Map<string, string>()];
  return conflictsOf(ctx, candidates, {
    therapist: (id) => therapists.get(id) ?? 'The therapist',
    student: (id) => pupils.get(id) ?? 'The student',
  });
}

/** Books every input or none: checks, conflicts (refused unless overridden), one insert, one trail insert. */
export async function bookSessions(
  ctx: RequestContext,
  inputs: ScheduleSessionInput[],
  override: Override = NO_OVERRIDE,
): Promise<repo.SessionRow[]> {
  checkOverrideAllowed(ctx, override);
  inputs.forEach((input) => checkTimes(input.startAt, input.endAt));
  const { tx } = ctx;
  const organizationId = ctx.org.id;
  await checkParties(ctx, inputs);
  const clientIds = inputs.flatMap((input) => (input.id === undefined ? [] : [input.id]));
  if (new Set(clientIds).size < clientIds.length || (await desk.takenSessionIds(tx, organizationId, clientIds)).length > 0) {
    throw new AppError('CONFLICT', 'A session with this id already exists.');
  }
  const candidates = inputs.map((input): Candidate & ScheduleSessionInput => ({ ...input, id: input.id ?? newId() }));
  const conflicts = await candidateConflicts(ctx, candidates);
  refuseConflicts(conflicts.flat(), override);
  return insertBooked(ctx, candidates, conflicts, override);
}

/** Writes checked candidates with one insert and their trail with one more; answers them in order. */
export async function insertBooked(
  ctx: RequestContext,
  candidates: (ScheduleSessionInput & { id: SessionId })[],
  conflicts: ScheduleConflict[][],
  override: Override,
): Promise<repo.SessionRow[]> {
  const rows = await desk.insertSessions(
    ctx.tx,
    ctx.org.id,
    candidates.map((c, i) => ({
      id: c.id,
      therapistMembershipId: c.therapistMembershipId,
      studentId: c.studentId,
      departmentId: c.departmentId ?? null,
      serviceId: c.serviceId ?? null,
      priceMinor: c.priceMinor ?? null,
      startAt: c.startAt,
      endAt: c.endAt,
      changeReason: (conflicts[i]?.length ?? 0) > 0 ? override.override_reason : '',
    })),
  );
  await ctx.trail.recordAll(rows.map((row) => sessionChange('create', null, row)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return candidates.map((c) => byId.get(c.id)!);
}

/** What the trail keeps of a session. */
export const auditedSession = (s: repo.SessionRow): Record<string, unknown> => ({
  therapist_id: s.therapistMembershipId,
  student_id: s.studentId,
  department_id: s.departmentId,
  service_id: s.serviceId,
  price_minor: s.priceMinor,
  start_at: s.startAt,
  end_at: s.endAt,
  status: s.status,
  rescheduled_from_start_at: s.rescheduledFromStartAt,
  rescheduled_from_end_at: s.rescheduledFromEndAt,
  change_reason: s.changeReason,
});

/** A session's trail row; scoped to its student and therapist so their histories can show it. */
export function sessionChange(
  action: Change['action'],
  before: repo.SessionRow | null,
  after: repo.SessionRow | null,
  reason?: string,
): Change {
  const row = (after ?? before)!;
  return {
    action,
    entity: 'therasession',
    entityId: row.id,
    scope: { student: row.studentId, membership: row.therapistMembershipId },
    before: before ? auditedSession(before) : null,
    // The reason of this change, kept even when it repeats the last one (the trail keeps changed fields only).
    after: after ? { ...auditedSession(after), ...(reason ? { reason } : {}) } : null,
  };
}
