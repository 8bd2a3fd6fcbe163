/**
 * A classroom's students: seating them and taking them out. The rules are in service.ts.
 */
import type { z } from 'zod';
import { newId, type StudentId } from '../../lib/ids';
import { AppError, notFound } from '../../lib/app-error';
import type { RequestContext } from '../../lib/request-context';
import { readPage } from '../../lib/pagination';
import { listedRow, ONE_ROW } from '../../lib/collection';
import type { ClassroomStudent, ClassroomStudentsQuery } from '../../../contract/classrooms';
import { studentReach } from '../../lib/access';
import * as repo from './repository-students';
import { requireClassroom } from './service';
import { presentClassroomStudent, seatChange } from './present';

type Seat = z.input<typeof ClassroomStudent>;

export async function listClassroomStudents(ctx: RequestContext, classroomId: string, query: z.output<typeof ClassroomStudentsQuery>) {
  await requireClassroom(ctx, classroomId);
  const filter = { parentId: classroomId, search: query.search, reach: studentReach(ctx.org.access) };
  return readPage(ctx.url, query, (window) => repo.pageClassroomStudents(ctx.tx, ctx.org.id, filter, window), presentClassroomStudent);
}

/** One seat as the list shows it. */
async function readSeat(ctx: RequestContext, seatId: string): Promise<Seat> {
  const rows = repo.pageClassroomStudents(ctx.tx, ctx.org.id, { id: seatId, reach: studentReach(ctx.org.access) }, ONE_ROW);
  return presentClassroomStudent(await listedRow('Classroom student', rows));
}

const sitsElsewhere = (classroomName: string) =>
  new AppError('CONFLICT', `The student already sits in ${classroomName}: take them out of it first.`);

/** Seats a student; answers the seat (an existing one in this classroom is answered as it is). */
export async function addClassroomStudent(ctx: RequestContext, classroomId: string, studentId: StudentId): Promise<Seat> {
  const { tx, trail } = ctx;
  const classroom = await requireClassroom(ctx, classroomId, true);
  if (!(await repo.findStudent(tx, ctx.org.id, studentId))) {
    throw notFound('Student');
  }
  const seat = await repo.findSeatOfStudent(tx, ctx.org.id, studentId);
  if (seat?.classroomId === classroomId) {
    return readSeat(ctx, seat.id);
  }
  if (seat) {
    throw sitsElsewhere(seat.classroomName);
  }
  if (!classroom.isActive) {
    throw new AppError('CONFLICT', `${classroom.name} is disabled: it takes no new students. Enable it first.`);
  }
  if (classroom.capacity !== null) {
    const seated = await repo.countSeats(tx, ctx.org.id, classroomId);
    if (seated >= classroom.capacity) {
      throw new AppError('CONFLICT', `${classroom.name} is full: ${seated} of ${classroom.capacity} seats are taken.`);
    }
  }
  const created = await repo.seatRows.insertOnce(tx, ctx.org.id, { id: newId(), classroomId, studentId });
  if (!created) {
    // Seated by a concurrent call between the look-up and the insert: answer as if it came first.
    const now = await repo.findSeatOfStudent(tx, ctx.org.id, studentId);
    if (now?.classroomId === classroomId) {
      return readSeat(ctx, now.id);
    }
    throw sitsElsewhere(now?.classroomName ?? 'another classroom');
  }
  await trail.record(seatChange('create', created));
  return readSeat(ctx, created.id);
}

/** Takes a student out of their classroom (the seat's own id). */
export async function removeClassroomStudent(ctx: RequestContext, seatId: string): Promise<{ ok: true }> {
  const removed = await repo.seatRows.deleteById(ctx.tx, ctx.org.id, seatId);
  if (!removed) {
    throw notFound('Classroom student');
  }
  await ctx.trail.record(seatChange('delete', removed));
  return { ok: true };
}
