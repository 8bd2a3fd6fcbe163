/**
 * Classrooms: rooms with a capacity, a homeroom teacher and their students.
 *
 * Rules:
 * - Every call is bound to one organization and runs in its tenant transaction; ids of another
 *   organization's rows are "not found" (never reveal existence).
 * - A classroom has a name (trimmed, required, unique in its organization regardless of case), an
 *   optional grade level and room (free text, '' when not given), an optional capacity (1..10,000;
 *   null: no limit), is_enabled, and an optional homeroom therapist: an active *therapist* membership
 *   of the organization (a staff member or an inactive membership is a field error, another
 *   organization's membership is not found). Setting it to null clears it.
 * - List answers carry their stats: count_all, count_enabled, count_disabled over all of the
 *   organization's classrooms (not the search or filter); `count` is the filtered total. Search matches
 *   the name, grade level or room; ordering name, -name, created, -created, grade_level, -grade_level
 *   (default name).
 * - Classroom students are seats, records of their own. A student sits in one classroom at a
 *   time: a school's class is where the child is, and two classes would leave "which class is Mia in?"
 *   without an answer. Seating a student who sits elsewhere answers 409 naming that classroom (take
 *   them out of it first); seating them again in the same classroom answers the existing seat.
 * - Capacity: a seat over capacity is refused with 409 and the reason ("Room 4 is full: 12 of 12
 *   seats are taken."). The classroom row is locked while seating, so two owners adding the last seat
 *   at once can't both get it. Lowering the capacity below the students already seated is refused
 *   (409 with a field error on capacity): nobody is taken out behind the owner's back.
 * - Disabling vs deleting: a disabled classroom keeps its students and its history but takes no new
 *   students (409); it is for a class that is paused or over for the year. Deleting is for mistakes
 *   and classrooms that are gone: it is allowed with students in it, the seats go with it (the
 *   students stay enrolled, nothing they did is lost: a seat holds no data of its own), and each seat
 *   taken out is recorded in the trail.
 * - Bulk delete is one transaction that deletes every classroom it finds and answers unknown ids in
 *   `failed` (code NOT_FOUND), the same answer shape as departments. Nothing is written for a failed id.
 * - A seat has no field of its own to change, so there is no PATCH of classroom students: moving a
 *   student is taking them out and seating them elsewhere.
 * - Every change is recorded in the organization's audit trail in the same transaction: entity
 *   classroom, and classroom_student scoped `{ classroom, student }` so both the classroom's and the
 *   student's history list it.
 */
import type { z } from 'zod';
import { newId } from '../../lib/ids';
import { AppError, notFound } from '../../lib/app-error';
import type { Change } from '../../lib/audit-trail';
import type { RequestContext } from '../../lib/request-context';
import { bulkDelete, deleteOne } from '../../lib/bulk-delete';
import { enabledStats, pageAnswer, pageRequestOf, windowOf } from '../../lib/pagination';
import type { BulkDeleteResult } from '../../../contract/http';
import type { Classroom, CreateClassroomBody, ListClassroomsQuery, UpdateClassroomBody } from '../../../contract/classrooms';
import * as repo from './repository';
import { countSeats, selectSeatsOf } from './repository-students';
import { audited, presentClassroom, seatChange } from './present';

const nameTaken = () =>
  new AppError('CONFLICT', 'A classroom with this name already exists.', { name: ['A classroom with this name already exists.'] });

// ---- reading -----------------------------------------------------------------------------------

export async function listClassrooms(ctx: RequestContext, query: z.output<typeof ListClassroomsQuery>) {
  const filter = { search: query.search, isEnabled: query.is_enabled };
  const rows = await repo.pageClassrooms(ctx.tx, ctx.org.id, filter, query.ordering, windowOf(pageRequestOf(query)));
  const counts = await repo.classroomCounts(ctx.tx, ctx.org.id, filter);
  return {
    ...pageAnswer(ctx.url, query, { count: counts.count, rows }, presentClassroom),
    ...enabledStats(counts),
  };
}

/** One classroom as the list shows it; another organization's id is not found. */
export async function getClassroom(ctx: RequestContext, classroomId: string): Promise<Classroom> {
  const [row] = await repo.pageClassrooms(ctx.tx, ctx.org.id, { id: classroomId }, 'name', { limit: 1, offset: 0 });
  if (!row) {
    throw notFound('Classroom');
  }
  return presentClassroom(row);
}

/** The classroom, or 404; `lock` holds it until the transaction ends (seating against its capacity). */
export async function requireClassroom(ctx: RequestContext, classroomId: string, lock = false) {
  const row = await repo.classroomRows.byId(ctx.tx, ctx.org.id, classroomId, lock);
  if (!row) {
    throw notFound('Classroom');
  }
  return row;
}

// ---- writing -----------------------------------------------------------------------------------

export async function createClassroom(ctx: RequestContext, body: z.output<typeof CreateClassroomBody>): Promise<Classroom> {
  const { tx, trail } = ctx;
  if (await repo.classroomRows.byName(tx, ctx.org.id, body.name)) {
    throw nameTaken();
  }
  if (body.homeroom_membership_id) {
    await requireHomeroomTherapist(ctx, body.homeroom_membership_id);
  }
  const created = await repo.classroomRows.insertOnce(tx, ctx.org.id, {
    id: newId(),
    name: body.name,
    gradeLevel: body.grade_level,
    room: body.room,
    capacity: body.capacity,
    isEnabled: body.is_enabled,
    homeroomMembershipId: body.homeroom_membership_id,
  });
  if (!created) {
    throw nameTaken();
  }
  await trail.record({ action: 'create', entity: 'classroom', entityId: created.id, after: audited(created) });
  return getClassroom(ctx, created.id);
}

export async function updateClassroom(
  ctx: RequestContext,
  classroomId: string,
  body: z.output<typeof UpdateClassroomBody>,
): Promise<Classroom> {
  const { tx, trail } = ctx;
  const current = await requireClassroom(ctx, classroomId, true);
  if (body.name !== undefined && body.name.toLowerCase() !== current.name.toLowerCase()) {
    if (await repo.classroomRows.byName(tx, ctx.org.id, body.name)) {
      throw nameTaken();
    }
  }
  if (body.homeroom_membership_id) {
    await requireHomeroomTherapist(ctx, body.homeroom_membership_id);
  }
  if (body.capacity !== undefined && body.capacity !== null) {
    const seated = await countSeats(tx, ctx.org.id, classroomId);
    if (seated > body.capacity) {
      const detail = `${current.name} has ${seated} students: its capacity can't be below that. Take students out first.`;
      throw new AppError('CONFLICT', detail, { capacity: [detail] });
    }
  }
  const updated =
    (await repo.classroomRows.update(tx, ctx.org.id, classroomId, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.grade_level !== undefined ? { gradeLevel: body.grade_level } : {}),
      ...(body.room !== undefined ? { room: body.room } : {}),
      ...(body.capacity !== undefined ? { capacity: body.capacity } : {}),
      ...(body.is_enabled !== undefined ? { isEnabled: body.is_enabled } : {}),
      ...(body.homeroom_membership_id !== undefined ? { homeroomMembershipId: body.homeroom_membership_id } : {}),
    })) ?? current;
  await trail.record({ action: 'update', entity: 'classroom', entityId: classroomId, before: audited(current), after: audited(updated) });
  return getClassroom(ctx, classroomId);
}

/** Deletes the classrooms it finds, with their seats (each recorded); unknown ids are answered in `failed`. */
export async function bulkDeleteClassrooms(ctx: RequestContext, classroomIds: string[]): Promise<BulkDeleteResult> {
  return bulkDelete(ctx, classroomIds, {
    rows: repo.classroomRows,
    entity: 'classroom',
    label: 'Classroom',
    audited,
    dependents: async (found) => (await selectSeatsOf(ctx.tx, ctx.org.id, found)).map((s) => seatChange('delete', s)),
  });
}

export async function deleteClassroom(ctx: RequestContext, classroomId: string): Promise<{ ok: true }> {
  return deleteOne('Classroom', bulkDeleteClassrooms(ctx, [classroomId]));
}

// ---- rules -------------------------------------------------------------------------------------

async function requireHomeroomTherapist(ctx: RequestContext, membershipId: string) {
  const membership = await repo.findMembership(ctx.tx, ctx.org.id, membershipId);
  if (!membership) {
    throw notFound('Membership');
  }
  if (membership.status !== 'active' || membership.role !== 'therapist') {
    const detail = 'The homeroom teacher must be an active therapist of the organization.';
    throw new AppError('VALIDATION_FAILED', detail, { homeroom_membership_id: [detail] });
  }
}
