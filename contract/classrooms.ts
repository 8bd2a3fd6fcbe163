import { z } from 'zod';
import { atMost, id, range, text, wholeNumber } from './fields';
import { classrooms as route } from './routes';
import { BulkDeleteBody, BulkDeleteResult, defineCall, IdParams, Ok, OrgParams, PageQuery, paginated, Search } from './http';
import { LIMITS } from './limits';

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
  is_enabled: z.boolean(),
  homeroom: Homeroom.nullable().describe('The homeroom therapist membership, if any'),
  students_count: z.number().int(),
  created_at: z.string(),
});
export type Classroom = z.infer<typeof Classroom>;

export const ClassroomOrdering = z.enum(['name', '-name', 'created', '-created', 'grade_level', '-grade_level']);
export type ClassroomOrdering = z.infer<typeof ClassroomOrdering>;

export const ListClassroomsQuery = PageQuery.extend({
  search: Search.describe('Matches the name, grade level or room, case-insensitively'),
  is_enabled: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  ordering: ClassroomOrdering.default('name'),
});

export const listClassrooms = defineCall(route.listClassrooms, {
  summary: "The organization's classrooms, with the spec's stats over all of them",
  access: { kind: 'org', permission: 'classrooms.view' },
  params: OrgParams,
  query: ListClassroomsQuery,
  response: paginated(Classroom).extend({
    count_all: z.number().int(),
    count_enabled: z.number().int(),
    count_disabled: z.number().int(),
  }),
});

export const CreateClassroomBody = z.object({
  name: ClassroomName,
  grade_level: ShortText.default(''),
  room: ShortText.default(''),
  capacity: Capacity.default(null),
  is_enabled: z.boolean().default(true),
  homeroom_membership_id: id().nullable().default(null).describe('An active therapist membership'),
});

export const createClassroom = defineCall(route.createClassroom, {
  summary: 'Create a classroom (names are unique in the organization regardless of case)',
  access: { kind: 'org', permission: 'classrooms.manage' },
  params: OrgParams,
  body: CreateClassroomBody,
  response: Classroom,
  status: 201,
});

export const getClassroom = defineCall(route.getClassroom, {
  summary: 'One classroom',
  access: { kind: 'org', permission: 'classrooms.view' },
  params: ClassroomParams,
  response: Classroom,
});

export const UpdateClassroomBody = z.object({
  name: ClassroomName.optional(),
  grade_level: ShortText.optional(),
  room: ShortText.optional(),
  capacity: Capacity.optional(),
  is_enabled: z.boolean().optional(),
  homeroom_membership_id: id().nullable().optional(),
});

export const updateClassroom = defineCall(route.updateClassroom, {
  summary: 'Change a classroom (capacity can not go below the students it holds: 409)',
  access: { kind: 'org', permission: 'classrooms.manage' },
  params: ClassroomParams,
  body: UpdateClassroomBody,
  response: Classroom,
});

export const deleteClassroom = defineCall(route.deleteClassroom, {
  summary: 'Delete a classroom; its students are taken out of it (they stay enrolled)',
  access: { kind: 'org', permission: 'classrooms.manage' },
  params: ClassroomParams,
  response: Ok,
});

export const bulkDeleteClassrooms = defineCall(route.bulkDeleteClassrooms, {
  summary: 'Delete classrooms; unknown ids are answered in failed with the reason',
  access: { kind: 'org', permission: 'classrooms.manage' },
  params: OrgParams,
  body: BulkDeleteBody,
  response: BulkDeleteResult,
});

export const ClassroomStudent = z.object({
  id: z.uuid().describe('The seat (DELETE classrooms/students/{id}/)'),
  classroom_id: z.uuid(),
  student_id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  code: z.string(),
  created_at: z.string(),
});

export const ClassroomStudentsQuery = PageQuery.extend({ search: Search.describe('Matches the name or code, case-insensitively') });

export const listClassroomStudents = defineCall(route.listClassroomStudents, {
  summary: 'Students of the classroom',
  access: { kind: 'org', permission: 'classrooms.view' },
  params: IdParams,
  query: ClassroomStudentsQuery,
  response: paginated(ClassroomStudent),
});

export const addClassroomStudent = defineCall(route.addClassroomStudent, {
  summary: 'Seat a student in the classroom (409 when it is full or the student sits in another classroom)',
  access: { kind: 'org', permission: 'classrooms.manage' },
  params: IdParams,
  body: z.object({ student_id: id() }),
  response: ClassroomStudent,
  status: 201,
});

export const removeClassroomStudent = defineCall(route.removeClassroomStudent, {
  summary: 'Take a student out of their classroom',
  access: { kind: 'org', permission: 'classrooms.manage' },
  params: IdParams,
  response: Ok,
});
