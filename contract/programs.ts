import { z } from 'zod';
import { MemberFields, StudentFields } from './person-fields';
import { atMost, id, text } from './fields';
import { programs as route } from './routes';
import { defineCall, IdParams, listQuery, OrgParams, paginated, Search } from './http';
import { LIMITS } from './limits';
import { defineResource } from './resource';

// ---- the owner's desk: programs, their students, departments and team ----

const ProgramName = text().trim().min(1, 'Give the program a name.').max(LIMITS.nameMax, atMost(LIMITS.nameMax));
const Description = text().trim().max(LIMITS.noteMax, atMost(LIMITS.noteMax));

export const Program = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  students_count: z.number().int(),
  created_at: z.string(),
});
export type Program = z.infer<typeof Program>;

export const ProgramOrdering = z.enum(['name', '-name', 'created_at', '-created_at']);
export type ProgramOrdering = z.infer<typeof ProgramOrdering>;

export const ListProgramsQuery = listQuery({ search: Search, ordering: ProgramOrdering.default('name') });

const resource = defineResource({ view: 'programs.view', manage: 'programs.manage', collection: OrgParams, item: IdParams });

const ProgramList = paginated(Program).extend({ count_all: z.number().int() });
export const listPrograms = resource.list(
  route.listPrograms,
  "The organization's programs, with count_all over all of them",
  ProgramList,
  ListProgramsQuery,
);

export const ProgramFull = Program.extend({
  departments: z.array(z.object({ id: z.uuid(), name: z.string() })).describe("Departments the program's students are placed in"),
});

export const ListProgramsFullQuery = z.object({ search: Search });

export const listProgramsFull = defineCall(route.listProgramsFull, {
  summary: 'Every program at once, by name, with its departments (for pickers and the enrollment form)',
  access: { kind: 'org', permission: 'programs.view' },
  params: OrgParams,
  query: ListProgramsFullQuery,
  response: z.object({ count_all: z.number().int(), results: z.array(ProgramFull) }),
});

export const CreateProgramBody = z.object({ name: ProgramName, description: Description.default('') });

const createSummary = 'Create a program (names are unique in the organization regardless of case)';
export const createProgram = resource.create(route.createProgram, createSummary, CreateProgramBody, Program);

export const UpdateProgramBody = z.object({ name: ProgramName.optional(), description: Description.optional() });

export const updateProgram = resource.update(route.updateProgram, 'Rename a program or change its description', UpdateProgramBody, Program);

export const deleteProgram = resource.remove(route.deleteProgram, 'Delete a program; its students leave it (their enrollments stay)');

export const bulkDeletePrograms = resource.bulkDelete(
  route.bulkDeletePrograms,
  'Delete programs; unknown ids are answered in failed with the reason',
);

export const EnrollmentSummary = z.object({
  enrollment_id: z.uuid(),
  ...StudentFields.shape,
  org_status: z.string(),
});

export const ProgramStudent = EnrollmentSummary.extend({
  id: z.uuid().describe('The program student row'),
  program_id: z.uuid(),
  added_at: z.string(),
});

export const ProgramStudentsQuery = listQuery({ search: Search.describe("Matches the student's name or code, case-insensitively") });

/** The program's students: enrollments of one program. */
const students = defineResource({ view: 'programs.view', manage: 'programs.manage', collection: IdParams, item: IdParams });

const listStudentsSummary = "The program's students (their enrollments), by name";
export const listProgramStudents = students.list(
  route.listProgramStudents,
  listStudentsSummary,
  paginated(ProgramStudent),
  ProgramStudentsQuery,
);

export const listCandidateEnrollments = defineCall(route.listCandidateEnrollments, {
  summary: 'Active enrollments not yet in the program, to add from',
  access: { kind: 'org', permission: 'programs.manage' },
  params: IdParams,
  query: ProgramStudentsQuery,
  response: paginated(EnrollmentSummary),
});

const addSummary = 'Add an active enrollment to the program (adding it again answers the existing row; 409 with the reason otherwise)';
export const addProgramStudent = students.create(route.addProgramStudent, addSummary, z.object({ enrollment_id: id() }), ProgramStudent);

const EnrollmentParams = IdParams.extend({ enrollmentId: id() });
export const removeProgramStudent = students.remove(route.removeProgramStudent, 'Take an enrollment out of the program', EnrollmentParams);

export const ProgramDepartment = z.object({
  id: z.uuid(),
  name: z.string(),
  is_active: z.boolean(),
  students_count: z.number().int().describe("The program's students placed in it"),
});

const departmentList = z.object({ results: z.array(ProgramDepartment) });
export const listProgramDepartments = students.list(
  route.listProgramDepartments,
  "Departments the program's students are placed in, by name",
  departmentList,
);

/** Not recorded anywhere in Thera: a value can't be honoured, so it is refused rather than ignored. */
const Unrecorded = (what: string) =>
  z
    .string()
    .optional()
    .refine((v) => v === undefined || v.trim() === '', `Thera does not record ${what}: leave this filter empty.`)
    .describe(`Accepted empty only: Thera does not record ${what}`);

export const ProgramMember = z.object({
  ...MemberFields.shape,
  email: z.string(),
  department_ids: z.array(z.uuid()).describe("The program's departments whose team they are on"),
});

export const ProgramMemberOrdering = z.enum(['name', '-name', 'joined', '-joined']);
export type ProgramMemberOrdering = z.infer<typeof ProgramMemberOrdering>;

export const ListProgramMembersQuery = listQuery({
  search: Search.describe('Matches the name or e-mail, case-insensitively'),
  filters: {
    size: z.coerce.number().int().min(1).max(100).optional().describe('Page size (page_size works too; size wins)'),
    department_id: id().optional(),
    employment_type: Unrecorded('employment types'),
    location_type: Unrecorded('location types'),
  },
  ordering: ProgramMemberOrdering.default('name'),
});

const teamSummary = "The program's team: active therapists on the teams of the departments its students are placed in";
export const listProgramMembers = students.list(route.listProgramMembers, teamSummary, paginated(ProgramMember), ListProgramMembersQuery);
