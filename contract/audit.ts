import { z } from 'zod';
import { id, isPlausibleInstant, orgCode, text } from './fields';
import { audit as route } from './routes';
import { defineCall, PageQuery } from './http';
import { LIMITS } from './limits';

/** A calendar day as YYYY-MM-DD, in the organization's time zone. */
const Day = z.iso
  .date({ message: 'Use a date as YYYY-MM-DD.' })
  .refine(isPlausibleInstant, 'Give a real date between the years 1900 and 2200.');

/**
 * Every kind of record the trail holds, in words. The server's trail takes only these kinds (its type
 * is this list's keys), so a feature that starts recording a new kind names it here first.
 */
export const AUDIT_ENTITY_LABELS = {
  service: 'Service',
  role: 'Role',
  membership: 'Membership',
  program: 'Program',
  program_student: 'Student in a program',
  classroom: 'Classroom',
  classroom_student: 'Student in a classroom',
  department: 'Department',
  department_member: 'Department team member',
  department_student: 'Student in a department',
  department_student_therapist: "Student's therapist in a department",
  student: "Student's record",
  goal: "Student's goal",
  sub_goal: 'Target of a goal',
  enrollment: 'Enrollment',
  contract_template: 'Contract template',
  privacy_role_template: 'Privacy-role template',
  invitation: 'Invitation',
  workspace_usage: 'Workspace time',
  calendar_event: 'Calendar event',
  calendar_feed: 'Calendar feed',
  therasession: 'Session',
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITY_LABELS;
export const isAuditEntity = (entity: string): entity is AuditEntity => Object.hasOwn(AUDIT_ENTITY_LABELS, entity);

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'read'] as const;
export const AuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditAction>;

export const AUDIT_ORDERINGS = ['-at', 'at'] as const;

export const ListAuditQuery = PageQuery.extend({
  search: text()
    .trim()
    .max(LIMITS.nameMax)
    .optional()
    .describe("Part of the person's name or e-mail, the call, or the record id, any case"),
  user_id: id().optional().describe('Only what this person did'),
  entity: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,62}$/, 'Use a kind of record as listed in kinds, e.g. service.')
    .optional()
    .describe('Only this kind of record (service, role, program, ...)'),
  entity_id: text().trim().min(1).max(100).optional().describe('Only this record (with entity: that record of that kind)'),
  from: Day.optional().describe("From this day on (inclusive), in the organization's time zone"),
  to: Day.optional().describe("Up to this day (inclusive), in the organization's time zone"),
  ordering: z.enum(AUDIT_ORDERINGS).default('-at').describe('Newest first (default) or oldest first'),
}).refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The end date comes before the start date.', path: ['to'] });

export const AuditPerson = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type AuditPerson = z.infer<typeof AuditPerson>;

export const AuditFieldChange = z.object({
  field: z.string().describe('The field as the trail stores it, e.g. price_minor'),
  label: z.string().describe('The field in words, e.g. Price'),
  before: z.unknown().describe('null on a create; money stored in minor units is a decimal string in the currency'),
  after: z.unknown().describe('null on a delete'),
});
export type AuditFieldChange = z.infer<typeof AuditFieldChange>;

export const AuditEntry = z.object({
  id: z.string().describe("The entry's number in the organization's trail"),
  at: z.string(),
  user: AuditPerson.nullable().describe('Who made the call (null: an account no longer there)'),
  acting_as: AuditPerson.nullable().describe('Whom they acted as, when they acted as someone else'),
  call: z.string().describe('The call, as feature.name (services.updateService)'),
  action: AuditAction,
  entity: z.string(),
  entity_label: z.string().describe('The kind of record in words, e.g. Service'),
  entity_id: z.string(),
  record_label: z
    .string()
    .nullable()
    .describe(
      "The record in words: a person's name, a session's or link's people (\"Noah Bennett with Jordan Reyes\"), else the name or title the trail last recorded; null when none is known",
    ),
  related: z
    .record(z.string(), z.string())
    .describe('Ids of the rows the record belongs to, by kind (department, program, classroom, student, membership), for links'),
  changes: z.array(AuditFieldChange).describe('Changed fields (all fields on a create or delete; none on a read)'),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditKind = z.object({ entity: z.string(), label: z.string(), count: z.number().int() });
export type AuditKind = z.infer<typeof AuditKind>;

export const AuditList = z.object({
  count: z.number().int().describe('Entries matching the filters'),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(AuditEntry),
  timezone: z.string().describe("The organization's time zone, which from and to are read in"),
  kinds: z.array(AuditKind).describe('Every kind of record in the trail, whatever the filters, by label'),
  people: z
    .array(AuditPerson.extend({ count: z.number().int() }))
    .describe('Everyone who has an entry in the trail, whatever the filters, by name'),
});
export type AuditList = z.infer<typeof AuditList>;

export const listAuditEntries = defineCall(route.listAuditEntries, {
  summary: "The organization's audit trail, newest first, a page at a time, with the kinds of record and people for the filters",
  access: { kind: 'org', permission: 'audit.view' },
  params: z.object({ orgCode: orgCode() }),
  query: ListAuditQuery,
  response: AuditList,
});
