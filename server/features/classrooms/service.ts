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
 * - List answers carry the spec's stats: count_all, count_enabled, count_disabled over all of the
 *   organization's classrooms (not the search or filter); `count` is the filtered total. Search matches
 *   the name, grade level or room; ordering name, -name, created, -created, grade_level, -grade_level
 *   (default name).
 * - Classroom students are seats (separate records, spec §3). A student sits in one classroom at a
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
import { newId, type OrganizationId } from '../../lib/ids';
import { inTenant, type TenantScope, type Tx } from '../../db/handles';
import { AppError, notFound } from '../../lib/app-error';
import type { AuditTrail, Change } from '../../lib/audit-trail';
import * as repo from './repository';

export type Classroom = repo.ClassroomRow;
export interface BulkOutcome {
  deleted: string[];
  failed: { id: string; code: 'NOT_FOUND'; detail: string }[];
}
export interface ClassroomInput {
  name: string;
  gradeLevel?: string | undefined;
  room?: string | undefined;
  capacity?: number | null | undefined;
  isEnabled?: boolean | undefined;
  homeroomMembershipId?: string | null | undefined;
}

type Trail = AuditTrail | undefined;

const nameTaken = () =>
  new AppError('CONFLICT', 'A classroom with this name already exists.', { name: ['A classroom with this name already exists.'] });

// ---- what the trail keeps of each entity -----------------------------------------------------

const classroomFields = (c: repo.ClassroomFields) => ({
  name: c.name,
  grade_level: c.gradeLevel,
  room: c.room,
  capacity: c.capacity,
  is_enabled: c.isEnabled,
  homeroom_membership_id: c.homeroomMembershipId,
});

const seatChange = (action: 'create' | 'delete', s: { id: string; classroomId: string; studentId: string }): Change => ({
  action,
  entity: 'classroom_student',
  entityId: s.id,
  scope: { classroom: s.classroomId, student: s.studentId },
  ...(action === 'create' ? { after: { student_id: s.studentId } } : { before: { student_id: s.studentId } }),
});

// ---- classrooms ------------------------------------------------------------------------------

export async function createClassroom(
  db: TenantScope,
  organizationId: OrganizationId,
  input: ClassroomInput,
  trail?: Trail,
): Promise<Classroom> {
  const name = input.name.trim();
  return inTenant(db, organizationId, async (tx) => {
    if (await repo.findClassroomByName(tx, organizationId, name)) {
      throw nameTaken();
    }
    const homeroomMembershipId = input.homeroomMembershipId ?? null;
    if (homeroomMembershipId) {
      await requireHomeroomTherapist(tx, organizationId, homeroomMembershipId);
    }
    const created = await repo.insertClassroom(tx, organizationId, {
      id: newId(),
      name,
      gradeLevel: input.gradeLevel?.trim() ?? '',
      room: input.room?.trim() ?? '',
      capacity: input.capacity ?? null,
      isEnabled: input.isEnabled ?? true,
      homeroomMembershipId,
    });
    if (!created) {
      throw nameTaken();
    }
    await trail?.record({ action: 'create', entity: 'classroom', entityId: created.id, after: classroomFields(created) });
    return created;
  });
}

export async function updateClassroom(
  db: TenantScope,
  organizationId: OrganizationId,
  classroomId: string,
  patch: Partial<ClassroomInput>,
  trail?: Trail,
): Promise<Classroom> {
  return inTenant(db, organizationId, async (tx) => {
    const current = await requireClassroom(tx, organizationId, classroomId, true);
    const name = patch.name?.trim();
    if (name !== undefined && name.toLowerCase() !== current.name.toLowerCase()) {
      if (await repo.findClassroomByName(tx, organizationId, name)) {
        throw nameTaken();
      }
    }
    if (patch.homeroomMembershipId) {
      await requireHomeroomTherapist(tx, organizationId, patch.homeroomMembershipId);
    }
    if (patch.capacity !== undefined && patch.capacity !== null) {
      const seated = await repo.countSeats(tx, organizationId, classroomId);
      if (seated > patch.capacity) {
        const detail = `${current.name} has ${seated} students: its capacity can't be below that. Take students out first.`;
        throw new AppError('CONFLICT', detail, { capacity: [detail] });
      }
    }
    const updated =
      (await repo.updateClassroomRow(tx, organizationId, classroomId, {
        ...(name !== undefined ? { name } : {}),
        ...(patch.gradeLevel !== undefined ? { gradeLevel: patch.gradeLevel.trim() } : {}),
        ...(patch.room !== undefined ? { room: patch.room.trim() } : {}),
        ...(patch.capacity !== undefined ? { capacity: patch.capacity } : {}),
        ...(patch.isEnabled !== undefined ? { isEnabled: patch.isEnabled } : {}),
        ...(patch.homeroomMembershipId !== undefined ? { homeroomMembershipId: patch.homeroomMembershipId } : {}),
      })) ?? current;
    await trail?.record({
      action: 'update',
      entity: 'classroom',
      entityId: classroomId,
      before: classroomFields(current),
      after: classroomFields(updated),
    });
    return updated;
  });
}

/** Deletes the classrooms it finds, with their seats (each recorded); unknown ids are answered in `failed`. */
export async function deleteClassrooms(
  db: TenantScope,
  organizationId: OrganizationId,
  classroomIds: string[],
  trail?: Trail,
): Promise<BulkOutcome> {
  const ids = [...new Set(classroomIds)];
  return inTenant(db, organizationId, async (tx) => {
    const found = await repo.findClassrooms(tx, organizationId, ids);
    const byId = new Map(found.map((c) => [c.id, c]));
    const present = ids.filter((id) => byId.has(id));
    if (present.length > 0) {
      const seats = trail ? await repo.selectSeatsOf(tx, organizationId, present) : [];
      await repo.deleteClassroomRows(tx, organizationId, present);
      await trail?.recordAll([
        ...seats.map((s) => seatChange('delete', s)),
        ...present.map((id): Change => ({ action: 'delete', entity: 'classroom', entityId: id, before: classroomFields(byId.get(id)!) })),
      ]);
    }
    return {
      deleted: present,
      failed: ids.filter((id) => !byId.has(id)).map((id) => ({ id, code: 'NOT_FOUND' as const, detail: 'Classroom not found.' })),
    };
  });
}

export async function deleteClassroom(db: TenantScope, organizationId: OrganizationId, classroomId: string, trail?: Trail) {
  const { failed } = await deleteClassrooms(db, organizationId, [classroomId], trail);
  if (failed.length > 0) {
    throw notFound('Classroom');
  }
}

// ---- seats -------------------------------------------------------------------------------------

/** Seats a student; answers the seat (an existing one in this classroom is answered as it is). */
export async function addClassroomStudent(
  db: TenantScope,
  organizationId: OrganizationId,
  classroomId: string,
  studentId: string,
  trail?: Trail,
): Promise<repo.ClassroomStudentRow | { id: string }> {
  return inTenant(db, organizationId, async (tx) => {
    const classroom = await requireClassroom(tx, organizationId, classroomId, true);
    if (!(await repo.findStudent(tx, organizationId, studentId))) {
      throw notFound('Student');
    }
    const seat = await repo.findSeatOfStudent(tx, organizationId, studentId);
    if (seat?.classroomId === classroomId) {
      return { id: seat.id };
    }
    if (seat) {
      throw new AppError('CONFLICT', `The student already sits in ${seat.classroomName}: take them out of it first.`);
    }
    if (!classroom.isEnabled) {
      throw new AppError('CONFLICT', `${classroom.name} is disabled: it takes no new students. Enable it first.`);
    }
    if (classroom.capacity !== null) {
      const seated = await repo.countSeats(tx, organizationId, classroomId);
      if (seated >= classroom.capacity) {
        throw new AppError('CONFLICT', `${classroom.name} is full: ${seated} of ${classroom.capacity} seats are taken.`);
      }
    }
    const created = await repo.insertSeat(tx, organizationId, { id: newId(), classroomId, studentId });
    if (!created) {
      // Seated by a concurrent call between the look-up and the insert: answer as if it came first.
      const now = await repo.findSeatOfStudent(tx, organizationId, studentId);
      if (now?.classroomId === classroomId) {
        return { id: now.id };
      }
      throw new AppError(
        'CONFLICT',
        `The student already sits in ${now?.classroomName ?? 'another classroom'}: take them out of it first.`,
      );
    }
    await trail?.record(seatChange('create', created));
    return created;
  });
}

/** Takes a student out of their classroom (spec: DELETE classrooms/students/{id}/). */
export async function removeClassroomStudent(db: TenantScope, organizationId: OrganizationId, seatId: string, trail?: Trail) {
  await inTenant(db, organizationId, async (tx) => {
    const removed = await repo.deleteSeatRow(tx, organizationId, seatId);
    if (!removed) {
      throw notFound('Classroom student');
    }
    await trail?.record(seatChange('delete', removed));
  });
}

// ---- helpers -----------------------------------------------------------------------------------

export async function requireClassroom(tx: Tx, organizationId: OrganizationId, classroomId: string, lock = false) {
  const row = await repo.findClassroom(tx, organizationId, classroomId, lock);
  if (!row) {
    throw notFound('Classroom');
  }
  return row;
}

async function requireHomeroomTherapist(tx: Tx, organizationId: OrganizationId, membershipId: string) {
  const field = 'homeroom_membership_id';
  const membership = await repo.findMembership(tx, organizationId, membershipId);
  if (!membership) {
    throw notFound('Membership');
  }
  if (membership.status !== 'active' || membership.role !== 'therapist') {
    const detail = 'The homeroom teacher must be an active therapist of the organization.';
    throw new AppError('VALIDATION_FAILED', detail, { [field]: [detail] });
  }
}
