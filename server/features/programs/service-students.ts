/**
 * A program's students: enrollments that join and leave it, and the enrollments that could join.
 * The rules are in service.ts.
 */
import type { z } from 'zod';
import { newId } from '../../lib/ids';
import { AppError, notFound } from '../../lib/app-error';
import type { RequestContext } from '../../lib/request-context';
import { readPage } from '../../lib/pagination';
import { listedRow, ONE_ROW } from '../../lib/collection';
import type { ProgramStudent, ProgramStudentsQuery } from '../../../contract/programs';
import { studentReach } from '../../lib/access';
import * as repo from './repository-students';
import { requireProgram } from './service';
import { linkChange, presentEnrollment, presentProgramStudent } from './present';

const STATUS_WORDS: Record<string, string> = { pending: 'pending', on_hold: 'on hold', discharged: 'discharged' };

export async function listProgramStudents(ctx: RequestContext, programId: string, query: z.output<typeof ProgramStudentsQuery>) {
  await requireProgram(ctx, programId);
  const filter = { programId, search: query.search, reach: studentReach(ctx.org.access) };
  return readPage(ctx.url, query, (window) => repo.pageProgramStudents(ctx.tx, ctx.org.id, filter, window), presentProgramStudent);
}

/** Exactly the enrollments that adding would accept: active, unarchived, not in the program yet. */
export async function listCandidateEnrollments(ctx: RequestContext, programId: string, query: z.output<typeof ProgramStudentsQuery>) {
  await requireProgram(ctx, programId);
  return readPage(
    ctx.url,
    query,
    (window) => repo.pageCandidateEnrollments(ctx.tx, ctx.org.id, programId, query.search, window),
    presentEnrollment,
  );
}

/** One program student as the list shows it. */
async function readProgramStudent(ctx: RequestContext, programId: string, enrollmentId: string) {
  const rows = repo.pageProgramStudents(ctx.tx, ctx.org.id, { programId, enrollmentId, reach: studentReach(ctx.org.access) }, ONE_ROW);
  return presentProgramStudent(await listedRow('Program student', rows));
}

/** Adds an active enrollment to the program; answers the link (an existing one as it is). */
export async function addProgramStudent(
  ctx: RequestContext,
  programId: string,
  enrollmentId: string,
): Promise<z.input<typeof ProgramStudent>> {
  const { tx, trail } = ctx;
  await requireProgram(ctx, programId);
  const enrollment = await repo.findEnrollment(tx, ctx.org.id, enrollmentId);
  if (!enrollment) {
    throw notFound('Enrollment');
  }
  if (await repo.findProgramStudent(tx, ctx.org.id, programId, enrollmentId)) {
    return readProgramStudent(ctx, programId, enrollmentId);
  }
  if (enrollment.isArchived) {
    throw new AppError('CONFLICT', 'The enrollment is archived: unarchive it before adding the student to a program.');
  }
  if (enrollment.orgStatus !== 'active') {
    const status = STATUS_WORDS[enrollment.orgStatus] ?? enrollment.orgStatus;
    throw new AppError('CONFLICT', `The enrollment is ${status}: only an active enrollment can join a program.`);
  }
  const created = await repo.programStudentRows.insertOnce(tx, ctx.org.id, { id: newId(), programId, enrollmentId });
  // No row: a concurrent call added it between the look-up and the insert, and its link is the answer.
  if (created) {
    await trail.record(linkChange('create', { ...created, studentId: enrollment.studentId }));
  }
  return readProgramStudent(ctx, programId, enrollmentId);
}

export async function removeProgramStudent(ctx: RequestContext, programId: string, enrollmentId: string): Promise<{ ok: true }> {
  const { tx, trail } = ctx;
  await requireProgram(ctx, programId);
  const enrollment = await repo.findEnrollment(tx, ctx.org.id, enrollmentId);
  const removed = enrollment ? await repo.deleteProgramStudentRow(tx, ctx.org.id, programId, enrollmentId) : undefined;
  if (!enrollment || !removed) {
    throw new AppError('NOT_FOUND', 'The enrollment is not in this program.');
  }
  await trail.record(linkChange('delete', { ...removed, studentId: enrollment.studentId }));
  return { ok: true };
}
