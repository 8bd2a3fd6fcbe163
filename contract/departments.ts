import { z } from 'zod';
import { MemberFields, StudentFields } from './person-fields';
import { atMost, id, orgCode, text } from './fields';
import { departments as route } from './routes';
import { ActiveCounts, BooleanFilter, defineCall, IdParams, listQuery, OrgParams, PageQuery, paginated, Search } from './http';
import { LIMITS } from './limits';
import { defineResource } from './resource';

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

const ListQuery = listQuery({ search: Search });
const DepartmentName = text().trim().min(1, 'Give the department a name.').max(LIMITS.nameMax, atMost(LIMITS.nameMax));

export const Department = z.object({
  id: z.uuid(),
  name: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  members_count: z.number().int(),
  students_count: z.number().int(),
});
export type Department = z.infer<typeof Department>;

export const DepartmentOrdering = z.enum(['name', '-name', 'created_at', '-created_at']);
export type DepartmentOrdering = z.infer<typeof DepartmentOrdering>;

const resource = defineResource({ view: 'departments.view', manage: 'departments.manage', collection: OrgParams, item: IdParams });

export const listDepartments = resource.list(
  route.listDepartments,
  "The organization's departments, with active and inactive counts over all of them",
  paginated(Department).extend(ActiveCounts),
  listQuery({
    search: Search,
    filters: { is_active: BooleanFilter('Only active (true) or inactive (false) departments') },
    ordering: DepartmentOrdering.default('name'),
  }),
);

export const CreateDepartmentBody = z.object({ name: DepartmentName, is_active: z.boolean().default(true) });

const createSummary = 'Create a department (names are unique in the organization regardless of case)';
export const createDepartment = resource.create(route.createDepartment, createSummary, CreateDepartmentBody, Department);

export const getDepartment = resource.get(
  route.getDepartment,
  'One department with its counts (the detail screen opened from a link)',
  Department,
);

const UpdateDepartmentBody = z.object({ name: DepartmentName.optional(), is_active: z.boolean().optional() });
export const updateDepartment = resource.update(
  route.updateDepartment,
  'Rename, enable or disable a department',
  UpdateDepartmentBody,
  Department,
);

export const deleteDepartment = resource.remove(
  route.deleteDepartment,
  'Delete a department that holds no goals and no sessions (else 409: disable it instead)',
);

export const bulkDeleteDepartments = resource.bulkDelete(
  route.bulkDeleteDepartments,
  'Delete departments: those free of goals and sessions go, the others are answered in failed with the reason',
);

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
  ...MemberFields.shape,
  role: z.enum(['therapist', 'staff']),
  status: z.string(),
});
export type DepartmentMember = z.infer<typeof DepartmentMember>;

/** The department's team, its students, and each student's therapists: collections of one department (or department student). */
const team = defineResource({
  view: 'departments.view',
  manage: 'departments.manage',
  collection: IdParams,
  item: IdParams.extend({ memberId: id() }),
});
const students = defineResource({ view: 'departments.view', manage: 'departments.manage', collection: IdParams, item: IdParams });

export const listDepartmentMembers = team.list(
  route.listDepartmentMembers,
  "The department's team",
  paginated(DepartmentMember),
  ListQuery,
);

const MembershipBody = z.object({ membership_id: id() });

const addMemberSummary = 'Add an active member to the team (adding them again answers the existing row)';
export const addDepartmentMember = team.create(route.addDepartmentMember, addMemberSummary, MembershipBody, DepartmentMember);

export const removeDepartmentMember = team.remove(
  route.removeDepartmentMember,
  "Remove a member from the team, with their therapist assignments on the department's students",
);

export const OrganizationMember = z.object({
  ...MemberFields.shape,
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
  ...StudentFields.shape,
  assigned_therapists: z.array(AssignedTherapist),
});
export type DepartmentStudent = z.infer<typeof DepartmentStudent>;

const listStudentsSummary = 'Students of the department, each with their assigned therapists';
export const listDepartmentStudents = students.list(
  route.listDepartmentStudents,
  listStudentsSummary,
  paginated(DepartmentStudent),
  ListQuery,
);

const addStudentSummary = 'Place a student in the department (placing them again answers the existing row)';
export const addDepartmentStudent = students.create(
  route.addDepartmentStudent,
  addStudentSummary,
  z.object({ student_id: id() }),
  DepartmentStudent,
);

export const bulkDeleteDepartmentStudents = students.bulkDelete(
  route.bulkDeleteDepartmentStudents,
  'Take students out of the department (their goals stay); unknown ids are answered in failed',
);

const TherapistIds = z.object({
  assigned_therapist_ids: z.array(id()).max(LIMITS.bulkIds, `At most ${LIMITS.bulkIds} therapists.`).describe('Therapist membership ids'),
});
const setTherapistsSummary = "Set the student's therapists in this department to exactly these therapist memberships";
export const updateDepartmentStudent = students.update(
  route.updateDepartmentStudent,
  setTherapistsSummary,
  TherapistIds,
  DepartmentStudent,
);

export const deleteDepartmentStudent = students.remove(
  route.deleteDepartmentStudent,
  'Take one student out of the department (their goals stay)',
);

const therapistList = z.object({ results: z.array(AssignedTherapist) });
export const listAssignedTherapists = students.list(route.listAssignedTherapists, "The department student's therapists", therapistList);

const assignSummary = "Assign a therapist: the student and their goals enter the therapist's collector";
export const assignTherapist = students.create(route.assignTherapist, assignSummary, MembershipBody, AssignedTherapist);

const unassignSummary = "Unassign a therapist: new points for the student's sessions are refused from now on";
export const unassignTherapist = students.remove(route.unassignTherapist, unassignSummary);
