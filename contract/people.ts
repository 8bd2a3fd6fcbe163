import { z } from 'zod';
import { MemberFields } from './person-fields';
import { atMost, text } from './fields';
import { people as route } from './routes';
import { LIMITS } from './limits';
import { defineCallGroup, OrgParams, PageQuery, paginated } from './http';

export const PeopleOrdering = z.enum(['name', '-name', 'joined', '-joined']);
export type PeopleOrdering = z.infer<typeof PeopleOrdering>;

/** Directory queries: a page, a search over names (and e-mail or code), an order. */
const DirectoryQuery = PageQuery.extend({
  search: text().max(100, atMost(100)).optional().describe('Matches first or last name, e-mail or student code, ignoring case'),
  ordering: PeopleOrdering.default('name'),
});
const Named = z.object({ id: z.uuid(), name: z.string() });

/** The directories: a page of the organization's people, searched and ordered the same way. */
const members = defineCallGroup({ access: { kind: 'org', permission: 'members.view' }, params: OrgParams, query: DirectoryQuery });
const students = defineCallGroup({ access: { kind: 'org', permission: 'students.view' }, params: OrgParams, query: DirectoryQuery });

export const TherapistEntry = z.object({
  ...MemberFields.shape,
  email: z.string(),
  status: z.enum(['active', 'resigning', 'terminated', 'resigned']),
  joined_at: z.string(),
  departments: z.array(Named),
  homerooms: z.array(Named).describe('The classrooms whose homeroom teacher they are'),
  assigned_students: z.number().int(),
  expiring_certifications: z
    .number()
    .int()
    .describe(`How many of the therapist's certifications have expired or expire within ${LIMITS.certificationWarningDays} days`),
});
export const listTherapists = members(
  route.listTherapists,
  "The organization's therapists (active and resigning unless `status` says otherwise), with their departments",
  {
    query: DirectoryQuery.extend({ status: z.enum(['current', 'former', 'all']).default('current') }),
    response: paginated(TherapistEntry),
  },
);

export const StudentEntry = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  code: z.string(),
  enrollment_status: z.string().nullable().describe("The open enrollment's org_status; null when none is open"),
  departments: z.array(Named),
  programs: z.array(Named).describe("The programs of the student's open (not archived) enrollments"),
  classroom: Named.nullable().describe('The classroom the student is seated in (one at a time)'),
  therapists: z
    .array(z.object({ membership_id: z.uuid(), first_name: z.string(), last_name: z.string() }))
    .describe("The therapists assigned to the student in any of the student's departments"),
  parent: z.object({ id: z.uuid(), first_name: z.string(), last_name: z.string() }).nullable(),
  joined_at: z.string(),
});
export type StudentEntry = z.infer<typeof StudentEntry>;
export const listStudents = students(
  route.listStudents,
  "The organization's students with their departments, therapists and parent (names only; a record needs students.records)",
  { response: paginated(StudentEntry) },
);

export const ParentEntry = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  children: z.array(z.object({ student_id: z.uuid(), first_name: z.string(), last_name: z.string() })),
  joined_at: z.string().describe("When the parent's first child joined the organization"),
});
export const listParents = students(route.listParents, 'Parents of the organization’s students, with those children', {
  response: paginated(ParentEntry),
});
