import { z } from 'zod';
import { atMost, id, text } from './fields';
import { enrollments as route } from './routes';
import { BooleanFilter, defineCall, IdParams, listQuery, OrgParams, paginated, Search } from './http';
import { LIMITS } from './limits';
import { defineResource } from './resource';
import {
  ContractTemplate,
  CreateContractTemplateBody,
  CreatePrivacyRoleTemplateBody,
  PrivacyRoleTemplate,
  UpdateContractTemplateBody,
  UpdatePrivacyRoleTemplateBody,
} from './enrollment-templates';

export const ORG_STATUSES = ['pending', 'active', 'on_hold', 'discharged'] as const;
export const OrgStatus = z.enum(ORG_STATUSES, 'Choose pending, active, on hold or discharged.');
export type OrgStatus = z.infer<typeof OrgStatus>;
export const PARENT_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export const ParentStatus = z.enum(PARENT_STATUSES, 'Choose pending, accepted, declined or withdrawn.');
export type ParentStatus = z.infer<typeof ParentStatus>;

const Named = z.object({ id: z.uuid(), name: z.string() });

/**
 * An enrollment. Its paperwork (notes, the contract and who is responsible for it) is the family
 * part of the student's record: absent from the answer when the caller's role does not open it.
 */
export const Enrollment = z.object({
  id: z.uuid(),
  student: z.object({ id: z.uuid(), first_name: z.string(), last_name: z.string(), code: z.string() }),
  privacy_and_role_template: Named.nullable(),
  notes: z.string().optional().describe('Absent unless the caller opens the family part'),
  departments: z.array(Named).describe("The student's departments"),
  programs: z.array(Named).describe("This enrollment's programs"),
  contract_template_name: z.string().nullable().optional().describe('The template the contract was issued from, as it was named then'),
  contract_html: z.string().optional().describe('The contract as issued (sanitized HTML); later template edits never change it'),
  contract_start_date: z.iso.date().nullable().optional(),
  contract_responsible_person: z.string().optional(),
  parent_status: ParentStatus,
  has_parent: z
    .boolean()
    .describe(
      "Whether the student is a parent's child: only then does a parent accept, decline or withdraw (parent_status stays accepted otherwise)",
    ),
  org_status: OrgStatus,
  org_status_reason: z.string(),
  is_archived: z.boolean(),
  created_at: z.string(),
});
export type Enrollment = z.infer<typeof Enrollment>;

const Notes = text().trim().max(LIMITS.noteMax, atMost(LIMITS.noteMax));
const PersonName = text().trim().min(1, 'Required.').max(LIMITS.nameMax, atMost(LIMITS.nameMax));
const Ids = z.array(id()).max(100, 'Choose at most 100.');

/** What an enrollment holds besides its student; PUT replaces all of it. */
const EnrollmentFields = z.object({
  privacy_and_role_template: id().nullable().default(null),
  notes: Notes.default(''),
  departments: Ids.default([]),
  programs: Ids.default([]),
  contract_template: id()
    .nullable()
    .default(null)
    .describe('Issue the contract from this template now (its text is then fixed); null keeps the contract as it is'),
  contract_start_date: z.iso.date('Use a date like 2027-01-31.').nullable().default(null),
  contract_responsible_person: text().trim().max(LIMITS.nameMax, atMost(LIMITS.nameMax)).default(''),
});

/** Who is enrolled: an existing student, a new one created with the enrollment, or a parent's child. */
export const StudentChoice = z.union(
  [
    z.object({ id: id().describe('An existing student of the organization') }).strict(),
    z.object({ first_name: PersonName, last_name: PersonName }).strict().describe('A new student, created with the enrollment'),
    z.object({ child_id: id() }).strict().describe("A parent's child, made a student of the organization"),
  ],
  'Choose one student: an existing one, a new one with a first and last name, or a child.',
);
export type StudentChoice = z.input<typeof StudentChoice>;

export const CreateEnrollmentBody = EnrollmentFields.extend({
  student: StudentChoice,
  org_status: z.enum(['pending', 'active'], 'A new enrollment starts pending or active.').default('active'),
});
export type CreateEnrollmentBody = z.input<typeof CreateEnrollmentBody>;
export const UpdateEnrollmentBody = EnrollmentFields;
export type UpdateEnrollmentBody = z.input<typeof UpdateEnrollmentBody>;

export const SetOrgStatusBody = z.object({
  new_status: OrgStatus,
  reason: text().trim().min(1, 'Give a reason for the status change.').max(LIMITS.noteMax, atMost(LIMITS.noteMax)),
});
export type SetOrgStatusBody = z.input<typeof SetOrgStatusBody>;

export const ENROLLMENT_ORDERINGS = ['student', '-student', 'created_at', '-created_at'] as const;
export const EnrollmentOrdering = z.enum(ENROLLMENT_ORDERINGS);
export type EnrollmentOrdering = z.infer<typeof EnrollmentOrdering>;

export const ListEnrollmentsQuery = listQuery({
  search: Search.describe("Part of the student's first or last name or code, any case"),
  filters: {
    org_status: OrgStatus.optional(),
    parent_status: ParentStatus.optional(),
    archived: BooleanFilter('Archived enrollments (true) or the open ones (false, also when left out)'),
  },
  ordering: EnrollmentOrdering.default('student'),
});

const ItemParams = OrgParams.extend(IdParams.shape);
const enrollment = defineResource({ view: 'students.view', manage: 'students.manage', collection: OrgParams, item: ItemParams });
const manageItem = { kind: 'org', permission: 'students.manage' } as const;

export const listEnrollments = enrollment.list(
  route.listEnrollments,
  "The organization's enrollments, a page at a time",
  paginated(Enrollment),
  ListEnrollmentsQuery,
);
export const createEnrollment = enrollment.create(route.createEnrollment, 'Enroll a student', CreateEnrollmentBody, Enrollment);
export const getEnrollment = enrollment.get(route.getEnrollment, 'One enrollment', Enrollment);
export const updateEnrollment = enrollment.update(
  route.updateEnrollment,
  "Replace an enrollment's fields",
  UpdateEnrollmentBody,
  Enrollment,
);
export const deleteEnrollment = enrollment.remove(route.deleteEnrollment, 'Delete an enrollment');
export const setEnrollmentOrgStatus = defineCall(route.setEnrollmentOrgStatus, {
  summary: "Change the organization's status of an enrollment, with a reason",
  access: manageItem,
  params: ItemParams,
  body: SetOrgStatusBody,
  response: Enrollment,
});
export const archiveEnrollment = defineCall(route.archiveEnrollment, {
  summary: 'File an enrollment away',
  access: manageItem,
  params: ItemParams,
  response: Enrollment,
});
export const unarchiveEnrollment = defineCall(route.unarchiveEnrollment, {
  summary: 'Bring an archived enrollment back (refused while the student has another open one)',
  access: manageItem,
  params: ItemParams,
  response: Enrollment,
});

const templates = defineResource({ view: 'students.manage', manage: 'students.manage', collection: OrgParams, item: ItemParams });
const TemplateQuery = listQuery({ search: Search });

export const listContractTemplates = templates.list(
  route.listContractTemplates,
  "The organization's contract templates, by name",
  paginated(ContractTemplate),
  TemplateQuery,
);
export const createContractTemplate = templates.create(
  route.createContractTemplate,
  'Add a contract template (its HTML is sanitized)',
  CreateContractTemplateBody,
  ContractTemplate,
);
export const updateContractTemplate = templates.update(
  route.updateContractTemplate,
  'Change a contract template; contracts already issued keep their text',
  UpdateContractTemplateBody,
  ContractTemplate,
);
export const deleteContractTemplate = templates.remove(route.deleteContractTemplate, 'Delete a contract template');

export const listPrivacyRoleTemplates = templates.list(
  route.listPrivacyRoleTemplates,
  "The organization's privacy-role templates, by name, with the organization's roles (the matrix's rows)",
  paginated(PrivacyRoleTemplate).extend({
    roles: z.array(Named).describe("Every role of the organization by name: what a template's matrix chooses from"),
  }),
  TemplateQuery,
);
export const createPrivacyRoleTemplate = templates.create(
  route.createPrivacyRoleTemplate,
  'Add a privacy-role template',
  CreatePrivacyRoleTemplateBody,
  PrivacyRoleTemplate,
);
export const getPrivacyRoleTemplate = templates.get(route.getPrivacyRoleTemplate, 'One privacy-role template', PrivacyRoleTemplate);
export const updatePrivacyRoleTemplate = templates.update(
  route.updatePrivacyRoleTemplate,
  'Change a privacy-role template',
  UpdatePrivacyRoleTemplateBody,
  PrivacyRoleTemplate,
);
export const deletePrivacyRoleTemplate = templates.remove(
  route.deletePrivacyRoleTemplate,
  'Delete a privacy-role template (refused while in use)',
);
