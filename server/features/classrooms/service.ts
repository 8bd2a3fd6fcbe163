/**
 * Classrooms: rooms with a capacity, a homeroom teacher and their students.
 *
 * Rules:
 * - Every call is bound to one organization and runs in its tenant transaction; ids of another
 *   organization's rows are "not found" (never reveal existence).
 * - A classroom has a name (trimmed, required, unique in its organization regardless of case), an
 *   optional grade level and room (free text, '' when not given), an optional capacity (1..10,000;
 *   null: no limit), is_active, and an optional homeroom therapist: an active *therapist* membership
 *   of the organization (a staff member or an inactive membership is a field error, another
 *   organization's membership is not found). Setting it to null clears it.
 * - List answers carry their stats: count_all, count_active, count_inactive over all of the
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
import { asMembershipId, type MembershipId, newId } from '../../lib/ids';
import { AppError, notFound } from '../../lib/app-error';
import type { RequestContext } from '../../lib/request-context';
import { collection, collectionPage, listedRow, ONE_ROW } from '../../lib/collection';
import { activeStats } from '../../lib/pagination';
import { patchOf } from '../../lib/row-patch';
import type { Classroom, CreateClassroomBody, ListClassroomsQuery, UpdateClassroomBody } from '../../../contract/classrooms';
import * as repo from './repository';
import { countSeats, selectSeatsOf } from './repository-students';
import { audited, presentClassroom, seatChange, UNIQUE_CONSTRAINTS } from './present';

const classroomCollection = collection({
  rows: repo.classroomRows,
  entity: 'classroom',
  label: 'Classroom',
  audited,
  nameTaken: UNIQUE_CONSTRAINTS.classrooms_name_uq,
  // A classroom's seats go with it, each recorded.
  dependents: async (ctx, found) => (await selectSeatsOf(ctx.tx, ctx.org.id, found)).map((s) => seatChange('delete', s)),
});

/** The column each field of a classroom's body sets. */
const COLUMNS = {
  name: 'name',
  grade_level: 'gradeLevel',
  room: 'room',
  capacity: 'capacity',
  is_active: 'isActive',
  homeroom_membership_id: 'homeroomMembershipId',
} as const;

// ---- reading -----------------------------------------------------------------------------------

export async function listClassrooms(ctx: RequestContext, query: z.output<typeof ListClassroomsQuery>) {
  const filter = { search: query.search, isActive: query.is_active };
  return collectionPage(ctx, query, {
    rows: (window) => repo.pageClassrooms(ctx.tx, ctx.org.id, filter, query.ordering, window),
    present: presentClassroom,
    stats: async () => activeStats(await repo.classroomCounts(ctx.tx, ctx.org.id)),
  });
}

/** One classroom as the list shows it; another organization's id is not found. */
export async function getClassroom(ctx: RequestContext, classroomId: string): Promise<Classroom> {
  return presentClassroom(await listedRow('Classroom', repo.pageClassrooms(ctx.tx, ctx.org.id, { id: classroomId }, 'name', ONE_ROW)));
}

/** The classroom, or 404; `lock` holds it until the transaction ends (seating against its capacity). */
export const requireClassroom = classroomCollection.require;

// ---- writing -----------------------------------------------------------------------------------

export async function createClassroom(ctx: RequestContext, body: z.output<typeof CreateClassroomBody>): Promise<Classroom> {
  await classroomCollection.checkName(ctx, body.name);
  const homeroomMembershipId = asMembershipId(body.homeroom_membership_id);
  if (homeroomMembershipId) {
    await requireHomeroomTherapist(ctx, homeroomMembershipId);
  }
  const created = await classroomCollection.create(ctx, {
    id: newId(),
    name: body.name,
    gradeLevel: body.grade_level,
    room: body.room,
    capacity: body.capacity,
    isActive: body.is_active,
    homeroomMembershipId,
  });
  return getClassroom(ctx, created.id);
}

export async function updateClassroom(
  ctx: RequestContext,
  classroomId: string,
  body: z.output<typeof UpdateClassroomBody>,
): Promise<Classroom> {
  const current = await requireClassroom(ctx, classroomId, true);
  await classroomCollection.checkName(ctx, body.name, current);
  const homeroomMembershipId = asMembershipId(body.homeroom_membership_id);
  if (homeroomMembershipId) {
    await requireHomeroomTherapist(ctx, homeroomMembershipId);
  }
  if (body.capacity !== undefined && body.capacity !== null) {
    const seated = await countSeats(ctx.tx, ctx.org.id, classroomId);
    if (seated > body.capacity) {
      const detail = `${current.name} has ${seated} students: its capacity can't be below that. Take students out first.`;
      throw new AppError('CONFLICT', detail, { capacity: [detail] });
    }
  }
  await classroomCollection.update(ctx, current, patchOf({ ...body, homeroom_membership_id: homeroomMembershipId }, COLUMNS));
  return getClassroom(ctx, classroomId);
}

/** Deletes the classrooms it finds, with their seats (each recorded); unknown ids are answered in `failed`. */
export const bulkDeleteClassrooms = classroomCollection.bulkDelete;

/** Deletes one classroom with its seats, or 404. */
export const deleteClassroom = classroomCollection.deleteOne;

// ---- rules -------------------------------------------------------------------------------------

async function requireHomeroomTherapist(ctx: RequestContext, membershipId: MembershipId) {
  const membership = await repo.findMembership(ctx.tx, ctx.org.id, membershipId);
  if (!membership) {
    throw notFound('Membership');
  }
  if (membership.status !== 'active' || membership.role !== 'therapist') {
    const detail = 'The homeroom teacher must be an active therapist of the organization.';
    throw new AppError('VALIDATION_FAILED', detail, { homeroom_membership_id: [detail] });
  }
}
