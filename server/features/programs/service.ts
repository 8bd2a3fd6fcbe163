/**
 * Programs: named groups of students an organization runs.
 *
 * Rules:
 * - Every call is bound to one organization and runs in its tenant transaction; ids of another
 *   organization's rows are "not found" (never reveal existence).
 * - A program has a name (trimmed, required, unique in its organization regardless of case) and a
 *   description ('' when not given). The list answers count_all (all of the organization's programs,
 *   whatever the search) and `count` (the filtered total); search matches the name; ordering name,
 *   -name, created, -created (default name). programs-full answers every program at once (no page:
 *   an organization has tens of programs, the enrollment form and pickers need them all), each with
 *   the departments its students are placed in.
 * - A program's students are enrollments (spec: students/manage/ {enrollment_id}). Only an active,
 *   unarchived enrollment joins a program: an archived one, or one pending, on hold or discharged, is
 *   refused with 409 and the reason (the app shows it under 'Unable to add student'). Adding an
 *   enrollment already in the program answers the existing row. Candidates (candidate-enrollments)
 *   are exactly the enrollments that adding would accept. Removing an enrollment that is not in the
 *   program is 404 "The enrollment is not in this program." (shown under 'Unable to remove student').
 *   An enrollment that later goes on hold or is discharged stays in its programs: that is history the
 *   owner changes by removing it, not something that happens behind their back.
 * - Reading a program, its students, departments and team needs programs.view; the candidates list
 *   needs programs.manage, like adding (it lists enrollments that are not the program's: it exists
 *   only to add from).
 * - Deleting a student or an enrollment takes its program links with it (database cascade, not
 *   recorded link by link here: the enrollment's deletion is the event).
 * - Departments of a program: the departments its students are placed in (department_students), each
 *   with how many of the program's students are there.
 * - The program's team (members): active *therapist* memberships on the team of one of the
 *   program's departments, each once, with the program's departments they are on. Search matches name
 *   and e-mail; department_id narrows to one department; ordering name, -name, joined, -joined; `size`
 *   is the spec's page size (page_size works too; size wins). employment_type and location_type are
 *   not recorded anywhere in Thera: a non-empty value is a 400 field error saying so (never silently
 *   ignored, which would show an unfiltered team as if it were filtered); empty is accepted.
 * - Deleting a program is allowed with students in it: the links go with it (the enrollments stay,
 *   a link holds no data of its own) and each one is recorded in the trail. Bulk delete is one
 *   transaction that deletes every program it finds and answers unknown ids in `failed` (NOT_FOUND),
 *   the departments' answer shape.
 * - Every change is recorded in the organization's audit trail in the same transaction: entity
 *   program, and program_student scoped `{ program, enrollment, student }`.
 */
import { newId, type OrganizationId } from '../../lib/ids';
import { inTenant, type TenantScope, type Tx } from '../../db/handles';
import { AppError, notFound } from '../../lib/app-error';
import type { AuditTrail, Change } from '../../lib/audit-trail';
import * as repo from './repository';

export type Program = repo.ProgramRow;
export interface BulkOutcome {
  deleted: string[];
  failed: { id: string; code: 'NOT_FOUND'; detail: string }[];
}

type Trail = AuditTrail | undefined;

const nameTaken = () =>
  new AppError('CONFLICT', 'A program with this name already exists.', { name: ['A program with this name already exists.'] });

const STATUS_WORDS: Record<string, string> = { pending: 'pending', on_hold: 'on hold', discharged: 'discharged' };

// ---- what the trail keeps of each entity -----------------------------------------------------

const programFields = (p: Pick<Program, 'name' | 'description'>) => ({ name: p.name, description: p.description });

const linkChange = (
  action: 'create' | 'delete',
  l: { id: string; programId: string; enrollmentId: string; studentId: string },
): Change => ({
  action,
  entity: 'program_student',
  entityId: l.id,
  scope: { program: l.programId, enrollment: l.enrollmentId, student: l.studentId },
  ...(action === 'create' ? { after: { enrollment_id: l.enrollmentId } } : { before: { enrollment_id: l.enrollmentId } }),
});

// ---- programs ----------------------------------------------------------------------------------

export async function createProgram(
  db: TenantScope,
  organizationId: OrganizationId,
  input: { name: string; description?: string | undefined },
  trail?: Trail,
): Promise<Program> {
  const name = input.name.trim();
  return inTenant(db, organizationId, async (tx) => {
    if (await repo.findProgramByName(tx, organizationId, name)) {
      throw nameTaken();
    }
    const created = await repo.insertProgram(tx, organizationId, { id: newId(), name, description: input.description?.trim() ?? '' });
    if (!created) {
      throw nameTaken();
    }
    await trail?.record({ action: 'create', entity: 'program', entityId: created.id, after: programFields(created) });
    return created;
  });
}

export async function updateProgram(
  db: TenantScope,
  organizationId: OrganizationId,
  programId: string,
  patch: { name?: string | undefined; description?: string | undefined },
  trail?: Trail,
): Promise<Program> {
  return inTenant(db, organizationId, async (tx) => {
    const current = await requireProgram(tx, organizationId, programId);
    const name = patch.name?.trim();
    if (name !== undefined && name.toLowerCase() !== current.name.toLowerCase()) {
      if (await repo.findProgramByName(tx, organizationId, name)) {
        throw nameTaken();
      }
    }
    const updated =
      (await repo.updateProgramRow(tx, organizationId, programId, {
        ...(name !== undefined ? { name } : {}),
        ...(patch.description !== undefined ? { description: patch.description.trim() } : {}),
      })) ?? current;
    await trail?.record({
      action: 'update',
      entity: 'program',
      entityId: programId,
      before: programFields(current),
      after: programFields(updated),
    });
    return updated;
  });
}

/** Deletes the programs it finds, with their student links (each recorded); unknown ids are answered in `failed`. */
export async function deletePrograms(
  db: TenantScope,
  organizationId: OrganizationId,
  programIds: string[],
  trail?: Trail,
): Promise<BulkOutcome> {
  const ids = [...new Set(programIds)];
  return inTenant(db, organizationId, async (tx) => {
    const byId = new Map((await repo.findPrograms(tx, organizationId, ids)).map((p) => [p.id, p]));
    const present = ids.filter((id) => byId.has(id));
    if (present.length > 0) {
      const links = trail ? await repo.selectProgramStudentsOf(tx, organizationId, present) : [];
      await repo.deleteProgramRows(tx, organizationId, present);
      await trail?.recordAll([
        ...links.map((l) => linkChange('delete', l)),
        ...present.map((id): Change => ({ action: 'delete', entity: 'program', entityId: id, before: programFields(byId.get(id)!) })),
      ]);
    }
    return {
      deleted: present,
      failed: ids.filter((id) => !byId.has(id)).map((id) => ({ id, code: 'NOT_FOUND' as const, detail: 'Program not found.' })),
    };
  });
}

export async function deleteProgram(db: TenantScope, organizationId: OrganizationId, programId: string, trail?: Trail) {
  const { failed } = await deletePrograms(db, organizationId, [programId], trail);
  if (failed.length > 0) {
    throw notFound('Program');
  }
}

// ---- students ------------------------------------------------------------------------------

/** Adds an active enrollment to the program; answers the link (an existing one as it is). */
export async function addProgramStudent(
  db: TenantScope,
  organizationId: OrganizationId,
  programId: string,
  enrollmentId: string,
  trail?: Trail,
): Promise<{ id: string }> {
  return inTenant(db, organizationId, async (tx) => {
    await requireProgram(tx, organizationId, programId);
    const enrollment = await repo.findEnrollment(tx, organizationId, enrollmentId);
    if (!enrollment) {
      throw notFound('Enrollment');
    }
    const existing = await repo.findProgramStudent(tx, organizationId, programId, enrollmentId);
    if (existing) {
      return existing;
    }
    if (enrollment.isArchived) {
      throw new AppError('CONFLICT', 'The enrollment is archived: unarchive it before adding the student to a program.');
    }
    if (enrollment.orgStatus !== 'active') {
      const status = STATUS_WORDS[enrollment.orgStatus] ?? enrollment.orgStatus;
      throw new AppError('CONFLICT', `The enrollment is ${status}: only an active enrollment can join a program.`);
    }
    const created = await repo.insertProgramStudent(tx, organizationId, { id: newId(), programId, enrollmentId });
    if (!created) {
      // Added by a concurrent call between the look-up and the insert.
      return (await repo.findProgramStudent(tx, organizationId, programId, enrollmentId))!;
    }
    await trail?.record(linkChange('create', { ...created, studentId: enrollment.studentId }));
    return created;
  });
}

export async function removeProgramStudent(
  db: TenantScope,
  organizationId: OrganizationId,
  programId: string,
  enrollmentId: string,
  trail?: Trail,
): Promise<void> {
  await inTenant(db, organizationId, async (tx) => {
    await requireProgram(tx, organizationId, programId);
    const enrollment = await repo.findEnrollment(tx, organizationId, enrollmentId);
    const removed = enrollment ? await repo.deleteProgramStudentRow(tx, organizationId, programId, enrollmentId) : undefined;
    if (!enrollment || !removed) {
      throw new AppError('NOT_FOUND', 'The enrollment is not in this program.');
    }
    await trail?.record(linkChange('delete', { ...removed, studentId: enrollment.studentId }));
  });
}

// ---- helpers -----------------------------------------------------------------------------------

export async function requireProgram(tx: Tx, organizationId: OrganizationId, programId: string) {
  const row = await repo.findProgram(tx, organizationId, programId);
  if (!row) {
    throw notFound('Program');
  }
  return row;
}
