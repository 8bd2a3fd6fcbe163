import { z } from 'zod';
import { StudentFields } from './person-fields';
import { atMost, id, range, text, wholeNumber } from './fields';
import { classrooms as route } from './routes';
import { ActiveCounts, BooleanFilter, IdParams, listQuery, OrgParams, paginated, Search } from './http';
import { LIMITS } from './limits';
import { defineResource } from './resource';

// ---- the owner's desk: classrooms and their students ----

const ClassroomParams = OrgParams.extend({ id: id() });

const ClassroomName = text().trim().min(1, 'Give the classroom a name.').max(LIMITS.nameMax, atMost(LIMITS.nameMax));
const ShortText = text().trim().max(LIMITS.nameMax, atMost(LIMITS.nameMax));
const Capacity = wholeNumber(
  1,
  LIMITS.capacityMax,
  `Capacity is a whole number of students ${range(1, LIMITS.capacityMax)}, or empty for no limit.`,
).nullable();

export const Homeroom = z.object({ membership_id: z.uuid(), first_name: z.string(), last_name: z.string() });

export const Classroom = z.object({
  id: z.uuid(),
  name: z.string(),
  grade_level: z.string(),
  room: z.string(),
  capacity: z.number().int().nullable().describe('Most students it takes; null: no limit'),
  is_active: z.boolean(),
  homeroom: Homeroom.nullable().describe('The homeroom therapist membership, if any'),
  students_count: z.number().int(),
  created_at: z.string(),
});
export type Classroom = z.infer<typeof Classroom>;

export const ClassroomOrdering = z.enum(['name', '-name', 'created_at', '-created_at', 'grade_level', '-grade_level']);
export type ClassroomOrdering = z.infer<typeof ClassroomOrdering>;

export const ListClassroomsQuery = listQuery({
  search: Search.describe('Matches the name, grade level or room, case-insensitively'),
  filters: { is_active: BooleanFilter('Only active (true) or inactive (false) classrooms') },
  ordering: ClassroomOrdering.default('name'),
});

const resource = defineResource({ view: 'classrooms.view', manage: 'classrooms.manage', collection: OrgParams, item: ClassroomParams });

export const listClassrooms = resource.list(
  route.listClassrooms,
  "The organization's classrooms, with active and inactive counts over all of them",
  paginated(Classroom).extend(ActiveCounts),
  ListClassroomsQuery,
);

export const CreateClassroomBody = z.object({
  name: ClassroomName,
  grade_level: ShortText.default(''),
  room: ShortText.default(''),
  capacity: Capacity.default(null),
  is_active: z.boolean().default(true),
  homeroom_membership_id: id().nullable().default(null).describe('An active therapist membership'),
});

const createSummary = 'Create a classroom (names are unique in the organization regardless of case)';
export const createClassroom = resource.create(route.createClassroom, createSummary, CreateClassroomBody, Classroom);

export const getClassroom = resource.get(route.getClassroom, 'One classroom', Classroom);

export const UpdateClassroomBody = z.object({
  name: ClassroomName.optional(),
  grade_level: ShortText.optional(),
  room: ShortText.optional(),
  capacity: Capacity.optional(),
  is_active: z.boolean().optional(),
  homeroom_membership_id: id().nullable().optional(),
});

const updateSummary = 'Change a classroom (capacity can not go below the students it holds: 409)';
export const updateClassroom = resource.update(route.updateClassroom, updateSummary, UpdateClassroomBody, Classroom);

export const deleteClassroom = resource.remove(
  route.deleteClassroom,
  'Delete a classroom; its students are taken out of it (they stay enrolled)',
);

export const bulkDeleteClassrooms = resource.bulkDelete(
  route.bulkDeleteClassrooms,
  'Delete classrooms; unknown ids are answered in failed with the reason',
);

export const ClassroomStudent = z.object({
  id: z.uuid().describe('The seat (DELETE classrooms/students/{id}/)'),
  classroom_id: z.uuid(),
  ...StudentFields.shape,
  created_at: z.string(),
});

export const ClassroomStudentsQuery = listQuery({ search: Search.describe('Matches the name or code, case-insensitively') });

/** A classroom's seats: students of one classroom, each seat deleted by its own id. */
const seats = defineResource({ view: 'classrooms.view', manage: 'classrooms.manage', collection: IdParams, item: IdParams });

export const listClassroomStudents = seats.list(
  route.listClassroomStudents,
  'Students of the classroom',
  paginated(ClassroomStudent),
  ClassroomStudentsQuery,
);

const seatSummary = 'Seat a student in the classroom (409 when it is full or the student sits in another classroom)';
export const addClassroomStudent = seats.create(route.addClassroomStudent, seatSummary, z.object({ student_id: id() }), ClassroomStudent);

export const removeClassroomStudent = seats.remove(route.removeClassroomStudent, 'Take a student out of their classroom');
