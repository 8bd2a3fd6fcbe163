import { z } from 'zod';
import { atMost, id, orgCode, text } from './fields';
import { departments as route } from './routes';
import { BulkDeleteBody, BulkDeleteResult, defineCall, IdParams, Ok, OrgParams, PageQuery, paginated, Search } from './http';
import { LIMITS } from './limits';

export const AssignedStudent = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  department_ids: z.array(z.uuid()),
});
export const therapistAssignedStudents = defineCall(route.therapistAssignedStudents, {
  summary: 'Students assigned to a therapist membership through departments',
  access: { kind: 'org', permission: 'students.view' },
  params: z.object({ orgCode: orgCode(), id: id() }),
  response: z.object({ results: z.array(AssignedStudent) }),
});

export const therapistAssignedDepartments = defineCall(route.therapistAssignedDepartments, {
  summary: 'Departments a therapist membership belongs to',
  access: { kind: 'org', permission: 'students.view' },
  params: z.object({ orgCode: orgCode(), id: id() }),
  response: z.object({ results: z.array(z.object({ id: z.uuid(), name: z.string() })) }),
});

// ---- the owner's desk: departments, their team, students and assigned therapists -----

const ListQuery = PageQuery.extend({ search: Search });
const DepartmentName = text().trim().min(1, 'Give the department a name.').max(LIMITS.nameMax, atMost(LIMITS.nameMax));

export const Department = z.object({
  id: z.uuid(),
  name: z.string(),
  is_enabled: z.boolean(),
  created_at: z.string(),
  members_count: z.number().int(),
  students_count: z.number().int(),
});
export type Department = z.infer<typeof Department>;

export const DepartmentOrdering = z.enum(['name', '-name', 'created', '-created']);
export type DepartmentOrdering = z.infer<typeof DepartmentOrdering>;

export const listDepartments = defineCall(route.listDepartments, {
  summary: "The organization's departments, with the spec's stats over all of them",
  access: { kind: 'org', permission: 'departments.view' },
  params: OrgParams,
  query: ListQuery.extend({
    is_enabled: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    ordering: DepartmentOrdering.default('name'),
  }),
  response: paginated(Department).extend({
    count_all: z.number().int(),
    count_enabled: z.number().int(),
    count_disabled: z.number().int(),
  }),
});

export const CreateDepartmentBody = z.object({ name: DepartmentName, is_enabled: z.boolean().default(true) });

export const createDepartment = defineCall(route.createDepartment, {
  summary: 'Create a department (names are unique in the organization regardless of case)',
  access: { kind: 'org', permission: 'departments.manage' },
  params: OrgParams,
  body: CreateDepartmentBody,
  response: Department,
  status: 201,
});

export const getDepartment = defineCall(route.getDepartment, {
  summary: 'One department with its counts (the detail screen opened from a link)',
  access: { kind: 'org', permission: 'departments.view' },
  params: IdParams,
  response: Department,
});

export const updateDepartment = defineCall(route.updateDepartment, {
  summary: 'Rename, enable or disable a department',
  access: { kind: 'org', permission: 'departments.manage' },
  params: IdParams,
  body: z.object({ name: DepartmentName.optional(), is_enabled: z.boolean().optional() }),
  response: Department,
});

export const deleteDepartment = defineCall(route.deleteDepartment, {
  summary: 'Delete a department that holds no goals and no sessions (else 409: disable it instead)',
  access: { kind: 'org', permission: 'departments.manage' },
  params: IdParams,
  response: Ok,
});

export const bulkDeleteDepartments = defineCall(route.bulkDeleteDepartments, {
  summary: 'Delete departments: those free of goals and sessions go, the others are answered in failed with the reason',
  access: { kind: 'org', permission: 'departments.manage' },
  params: OrgParams,
  body: BulkDeleteBody,
  response: BulkDeleteResult,
});

const HistoryPerson = z.object({ id: z.uuid(), first_name: z.string(), last_name: z.string() });
export const HistoryEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  user: z.object({ id: z.uuid(), first_name: z.string(), last_name: z.string() }).nullable(),
  call: z.string(),
  action: z.enum(['create', 'update', 'delete', 'read']),
  entity: z.string().describe('department, department_member, department_student or department_student_therapist'),
  entity_id: z.string(),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).describe('Changed fields: { field: [before, after] }'),
  member: HistoryPerson.nullable().describe('The team member (membership) the change concerns, if any'),
  student: HistoryPerson.nullable().describe('The student the change concerns, if any'),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const departmentHistory = defineCall(route.departmentHistory, {
  summary: 'Every change to the department, its team, its students and their therapists, newest first (from the audit trail)',
  access: { kind: 'org', permission: 'audit.view' },
  params: IdParams,
  query: PageQuery,
  response: paginated(HistoryEntry),
});

export const DepartmentMember = z.object({
  id: z.uuid().describe('The team row (DELETE departments/{id}/members/{memberId}/)'),
  department_id: z.uuid(),
  membership_id: z.uuid(),
  user_id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(['therapist', 'staff']),
  status: z.string(),
});
export type DepartmentMember = z.infer<typeof DepartmentMember>;

export const listDepartmentMembers = defineCall(route.listDepartmentMembers, {
  summary: "The department's team",
  access: { kind: 'org', permission: 'departments.view' },
  params: IdParams,
  query: ListQuery,
  response: paginated(DepartmentMember),
});

const MembershipBody = z.object({ membership_id: id() });

export const addDepartmentMember = defineCall(route.addDepartmentMember, {
  summary: 'Add an active member to the team (adding them again answers the existing row)',
  access: { kind: 'org', permission: 'departments.manage' },
  params: IdParams,
  body: MembershipBody,
  response: DepartmentMember,
  status: 201,
});

export const removeDepartmentMember = defineCall(route.removeDepartmentMember, {
  summary: "Remove a member from the team, with their therapist assignments on the department's students",
  access: { kind: 'org', permission: 'departments.manage' },
  params: IdParams.extend({ memberId: id() }),
  response: Ok,
});

export const OrganizationMember = z.object({
  membership_id: z.uuid(),
  user_id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(['therapist', 'staff']),
  role_id: z.uuid().nullable().describe('The organization role the member holds (roles screen), null if none'),
});
export type OrganizationMember = z.infer<typeof OrganizationMember>;

export const listOrganizationMembers = defineCall(route.listOrganizationMembers, {
  summary: "The organization's active members, to pick a team member or a student's therapist from",
  access: { kind: 'org', permission: 'departments.manage' },
  params: OrgParams,
  query: ListQuery.extend({ role: z.enum(['therapist', 'staff']).optional() }),
  response: paginated(OrganizationMember),
});

export const AssignedTherapist = z.object({
  id: z.uuid().describe('The assignment (DELETE department-students-therapists/{id}/)'),
  department_student: z.uuid(),
  membership_id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
});
export type AssignedTherapist = z.infer<typeof AssignedTherapist>;

export const DepartmentStudent = z.object({
  id: z.uuid(),
  department_id: z.uuid(),
  student_id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  code: z.string(),
  assigned_therapists: z.array(AssignedTherapist),
});
export type DepartmentStudent = z.infer<typeof DepartmentStudent>;

export const listDepartmentStudents = defineCall(route.listDepartmentStudents, {
  summary: 'Students of the department, each with their assigned therapists',
  access: { kind: 'org', permission: 'departments.view' },
  params: IdParams,
  query: ListQuery,
  response: paginated(DepartmentStudent),
});

export const addDepartmentStudent = defineCall(route.addDepartmentStudent, {
  summary: 'Place a student in the department (placing them again answers the existing row)',
  access: { kind: 'org', permission: 'departments.manage' },
  params: IdParams,
  body: z.object({ student_id: id() }),
  response: DepartmentStudent,
  status: 201,
});

export const bulkDeleteDepartmentStudents = defineCall(route.bulkDeleteDepartmentStudents, {
  summary: 'Take students out of the department (their goals stay); unknown ids are answered in failed',
  access: { kind: 'org', permission: 'departments.manage' },
  params: IdParams,
  body: BulkDeleteBody,
  response: BulkDeleteResult,
});

export const updateDepartmentStudent = defineCall(route.updateDepartmentStudent, {
  summary: "Set the student's therapists in this department to exactly these therapist memberships",
  access: { kind: 'org', permission: 'departments.manage' },
  params: IdParams,
  body: z.object({
    assigned_therapist_ids: z.array(id()).max(LIMITS.bulkIds, `At most ${LIMITS.bulkIds} therapists.`).describe('Therapist membership ids'),
  }),
  response: DepartmentStudent,
});

export const deleteDepartmentStudent = defineCall(route.deleteDepartmentStudent, {
  summary: 'Take one student out of the department (their goals stay)',
  access: { kind: 'org', permission: 'departments.manage' },
  params: IdParams,
  response: Ok,
});

export const listAssignedTherapists = defineCall(route.listAssignedTherapists, {
  summary: "The department student's therapists",
  access: { kind: 'org', permission: 'departments.view' },
  params: IdParams,
  response: z.object({ results: z.array(AssignedTherapist) }),
});

export const assignTherapist = defineCall(route.assignTherapist, {
  summary: "Assign a therapist: the student and their goals enter the therapist's collector",
  access: { kind: 'org', permission: 'departments.manage' },
  params: IdParams,
  body: MembershipBody,
  response: AssignedTherapist,
  status: 201,
});

export const unassignTherapist = defineCall(route.unassignTherapist, {
  summary: "Unassign a therapist: new points for the student's sessions are refused from now on",
  access: { kind: 'org', permission: 'departments.manage' },
  params: IdParams,
  response: Ok,
});
