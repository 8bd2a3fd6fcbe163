/**
 * Students and enrollments.
 *
 * Rules:
 * - A student belongs to one organization. It is a parent's child (childId), a STU user (userId)
 *   or a record the organization keeps by itself; a child or STU user is a student of an
 *   organization at most once (409 otherwise).
 * - Every student gets a short code, unique in its organization (no 0/O/1/I/L, typed by parents).
 * - A student has at most one open (not archived) enrollment; enrolling again while one is open
 *   is a 409. Unarchiving an enrollment while another is open is a 409 as well.
 * - Statuses (decided here): org_status one of ORG_STATUSES, changed
 *   with a required reason; parent_status one of PARENT_STATUSES, changed by the parent through the
 *   family feature with an optional reason. A new enrollment is org `active`; its parent_status
 *   starts `pending` when the student is a parent's child (the parent accepts it from their side:
 *   consent for a child's records), and `accepted` for a STU user or a record the organization keeps.
 * - A student is "active" (may be scheduled) when its open enrollment is org `active` and parent
 *   `accepted` — see isActiveEnrollment.
 * - Ids of another organization's students or enrollments are "not found".
 */
import { randomInt } from 'node:crypto';
import type { Tx } from '../../db/handles';
import { AppError, notFound } from '../../lib/app-error';
import { newId, type OrganizationId, type StudentId, type UserId } from '../../lib/ids';
import type { RequestContext } from '../../lib/request-context';
import { found, listedRow } from '../../lib/collection';
import { ORG_STATUSES, type OrgStatus } from '../../db/schema/enrollments';
import * as repo from './repository';
import { orgStatusMoves } from './transitions';

export type Student = repo.StudentRow;
export type Enrollment = repo.EnrollmentRow;
export type EnrollmentWithStudent = { enrollment: Enrollment; student: Student };

export const isActiveEnrollment = (e: Pick<Enrollment, 'orgStatus' | 'parentStatus' | 'isArchived'>): boolean =>
  !e.isArchived && e.orgStatus === 'active' && e.parentStatus === 'accepted';

const STUDENT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const STUDENT_CODE_LENGTH = 8;
function newStudentCode(): string {
  let code = '';
  for (let i = 0; i < STUDENT_CODE_LENGTH; i += 1) {
    code += STUDENT_CODE_ALPHABET[randomInt(STUDENT_CODE_ALPHABET.length)];
  }
  return code;
}

export interface CreateStudentInput {
  firstName?: string;
  lastName?: string;
  /** A parent's child: names default to the child's. */
  childId?: string;
  /** A STU user: names default to the user's. */
  userId?: UserId;
}

export async function createStudent(ctx: RequestContext, input: CreateStudentInput): Promise<Student> {
  return insertStudentChecked(ctx.tx, ctx.org.id, input);
}

export async function getStudent(ctx: RequestContext, studentId: StudentId): Promise<Student> {
  return found('Student', repo.findStudent(ctx.tx, ctx.org.id, studentId));
}

export async function getStudentByCode(ctx: RequestContext, code: string): Promise<Student> {
  return found('Student', repo.findStudentByCode(ctx.tx, ctx.org.id, code.trim().toUpperCase()));
}

/** Students of the organization by name, optionally filtered by a name or code fragment. */
export async function listStudents(ctx: RequestContext, filter: { search?: string } = {}): Promise<Student[]> {
  return repo.selectStudents(ctx.tx, ctx.org.id, filter);
}

// ---- enrollments -------------------------------------------------------------------------------

export async function enrollStudent(ctx: RequestContext, input: { studentId: StudentId; notes?: string }): Promise<Enrollment> {
  const student = await getStudent(ctx, input.studentId);
  return insertEnrollmentChecked(ctx.tx, ctx.org.id, student, input.notes ?? '');
}

/** Enrolls a parent's child: makes the child a student of the organization (or reuses that student) and opens an enrollment. */
export async function enrollChild(ctx: RequestContext, input: { childId: string; notes?: string }): Promise<EnrollmentWithStudent> {
  const { tx } = ctx;
  const organizationId = ctx.org.id;
  const student =
    (await repo.findStudentByChild(tx, organizationId, input.childId)) ??
    (await insertStudentChecked(tx, organizationId, { childId: input.childId }));
  const enrollment = await insertEnrollmentChecked(tx, organizationId, student, input.notes ?? '');
  return { enrollment, student };
}

export async function listEnrollments(
  ctx: RequestContext,
  filter: { isArchived?: boolean; studentId?: StudentId } = {},
): Promise<EnrollmentWithStudent[]> {
  return repo.selectEnrollments(ctx.tx, ctx.org.id, filter);
}

export async function getEnrollment(ctx: RequestContext, enrollmentId: string): Promise<EnrollmentWithStudent> {
  return listedRow('Enrollment', repo.selectEnrollments(ctx.tx, ctx.org.id, { id: enrollmentId }));
}

export async function updateEnrollmentNotes(ctx: RequestContext, enrollmentId: string, notes: string): Promise<Enrollment> {
  return found('Enrollment', repo.enrollmentRows.update(ctx.tx, ctx.org.id, enrollmentId, { notes: notes.trim() }));
}

/** org_status changes with new_status and a reason (required), along the moves of transitions.ts. */
export async function setEnrollmentOrgStatus(
  ctx: RequestContext,
  enrollmentId: string,
  input: { newStatus: OrgStatus; reason: string },
): Promise<Enrollment> {
  const reason = input.reason.trim();
  if (!(ORG_STATUSES as readonly string[]).includes(input.newStatus)) {
    throw new AppError('VALIDATION_FAILED', 'Unknown status.', { new_status: [`Use one of: ${ORG_STATUSES.join(', ')}.`] });
  }
  if (reason === '') {
    throw new AppError('VALIDATION_FAILED', 'Give a reason for the status change.', { reason: ['Required.'] });
  }
  const current = await found('Enrollment', repo.enrollmentRows.byId(ctx.tx, ctx.org.id, enrollmentId));
  orgStatusMoves.check(current.orgStatus as OrgStatus, input.newStatus);
  return setEnrollment(ctx, enrollmentId, { orgStatus: input.newStatus, orgStatusReason: reason });
}

/** Writes the fields onto the enrollment, or 404. */
async function setEnrollment(ctx: RequestContext, enrollmentId: string, fields: Partial<Enrollment>): Promise<Enrollment> {
  return found('Enrollment', repo.enrollmentRows.update(ctx.tx, ctx.org.id, enrollmentId, fields));
}

export async function archiveEnrollment(ctx: RequestContext, enrollmentId: string): Promise<Enrollment> {
  return setEnrollment(ctx, enrollmentId, { isArchived: true });
}

export async function unarchiveEnrollment(ctx: RequestContext, enrollmentId: string): Promise<Enrollment> {
  const current = await found('Enrollment', repo.enrollmentRows.byId(ctx.tx, ctx.org.id, enrollmentId));
  if (!current.isArchived) {
    return current;
  }
  if (await repo.findOpenEnrollment(ctx.tx, ctx.org.id, current.studentId)) {
    throw new AppError('CONFLICT', 'The student already has an open enrollment.');
  }
  return setEnrollment(ctx, enrollmentId, { isArchived: false });
}

export async function deleteEnrollment(ctx: RequestContext, enrollmentId: string): Promise<void> {
  await found('Enrollment', repo.enrollmentRows.deleteById(ctx.tx, ctx.org.id, enrollmentId));
}

/** Whether the student may be scheduled now: its open enrollment is active on both sides. */
export async function isStudentActive(ctx: RequestContext, studentId: StudentId): Promise<boolean> {
  const { tx } = ctx;
  const organizationId = ctx.org.id;
  const open = await repo.findOpenEnrollment(tx, organizationId, studentId);
  return open !== undefined && isActiveEnrollment(open);
}

// ---- helpers -----------------------------------------------------------------------------------

async function insertStudentChecked(tx: Tx, organizationId: OrganizationId, input: CreateStudentInput): Promise<Student> {
  let firstName = input.firstName?.trim();
  let lastName = input.lastName?.trim();
  if (input.childId) {
    const child = await repo.findChild(tx, input.childId);
    if (!child) {
      throw notFound('Child');
    }
    if (await repo.findStudentByChild(tx, organizationId, input.childId)) {
      throw new AppError('CONFLICT', 'This child is already a student of the organization.');
    }
    firstName ||= child.firstName;
    lastName ||= child.lastName;
  }
  if (input.userId) {
    const user = await repo.findUser(tx, input.userId);
    if (!user || user.userType !== 'STU') {
      throw notFound('Student account');
    }
    if (await repo.findStudentByUser(tx, organizationId, input.userId)) {
      throw new AppError('CONFLICT', 'This student account is already a student of the organization.');
    }
    firstName ||= user.firstName;
    lastName ||= user.lastName;
  }
  if (!firstName || !lastName) {
    throw new AppError('VALIDATION_FAILED', 'A student needs a first and last name.', {
      ...(!firstName ? { first_name: ['Required.'] } : {}),
      ...(!lastName ? { last_name: ['Required.'] } : {}),
    });
  }
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const created = await repo.insertStudent(tx, organizationId, {
      id: newId(),
      firstName,
      lastName,
      code: newStudentCode(),
      childId: input.childId ?? null,
      userId: input.userId ?? null,
    });
    if (created) {
      return created;
    }
  }
  throw new AppError('CONFLICT', 'Could not allocate a student code; try again.');
}

async function insertEnrollmentChecked(tx: Tx, organizationId: OrganizationId, student: Student, notes: string): Promise<Enrollment> {
  if (await repo.findOpenEnrollment(tx, organizationId, student.id)) {
    throw new AppError('CONFLICT', 'The student already has an open enrollment.');
  }
  return repo.enrollmentRows.insert(tx, organizationId, {
    id: newId(),
    studentId: student.id,
    notes: notes.trim(),
    orgStatus: 'active',
    parentStatus: student.childId ? 'pending' : 'accepted',
  });
}
