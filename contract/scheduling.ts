import { z } from 'zod';
import { id, text, timestamp } from './fields';
import { scheduling as route } from './routes';
import { defineCall, IdParams, listQuery, notAChange, OrganizationQuery, paginated } from './http';
import { LIMITS } from './limits';

export const SessionStatus = z.enum(['scheduled', 'in_progress', 'completed', 'cancelled', 'no_show', 'ended_early']);
export const EndAction = z.enum(
  ['completed', 'cancelled', 'no_show', 'ended_early'],
  'Choose completed, cancelled, no-show or ended early.',
);
export type EndAction = z.infer<typeof EndAction>;

export const Therasession = z.object({
  id: z.uuid(),
  organization_id: z.uuid(),
  therapist_id: z.uuid().describe('The therapist membership id'),
  therapist_name: z.string(),
  student: z.object({ id: z.uuid(), first_name: z.string(), last_name: z.string() }),
  department: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  service: z.object({ id: z.uuid(), name: z.string() }).nullable().optional(),
  price_minor: z
    .number()
    .int()
    .nullable()
    .optional()
    .describe("The service's price when booked, in the organization's currency's minor units"),
  start_at: z.string(),
  end_at: z.string(),
  planned_start_at: z
    .string()
    .optional()
    .describe("The slot's start as planned: start_at until a start moved start_at to the tap time (shift_to_now), then the time before"),
  status: SessionStatus,
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  client_ended_at: z.string().nullable().describe("The end call's device time, as sent"),
  client_started_at: z.string().nullable().optional().describe("The start call's device time, as sent"),
  start_received_at: z
    .string()
    .nullable()
    .optional()
    .describe("When the server received the start call (ended_at is the end call's receipt time)"),
  client_time_flag: z
    .enum(['end_before_start', 'ahead', 'behind'])
    .nullable()
    .optional()
    .describe(
      'Set when a device time is implausible: an end before the start, more than 5 minutes ahead of receipt or more than 7 days behind. Lists order by start_at, which then is the receipt time',
    ),
  note: z.string(),
  overtime_reason: z.string(),
  rescheduled_from: z
    .object({ start_at: z.string(), end_at: z.string() })
    .nullable()
    .optional()
    .describe('The slot before the last reschedule'),
  change_reason: z.string().optional().describe('Why it was last rescheduled or cancelled, or booked over a conflict'),
  overtaken_change: z
    .enum(['called_off', 'moved'])
    .nullable()
    .optional()
    .describe(
      "The office's change that a start from the tablet overtook: called_off (cancelled or a no-show before it started; it took place), moved (moved after the start tap; it took place at the tablet's start)",
    ),
});
export type Therasession = z.infer<typeof Therasession>;

/** Booking over a conflict: only for holders of sessions.override, and always with a reason. */
/** How a session is booked or edited over what is in its way, never a change of the session itself. */
export const ConflictOverride = z.object({
  override_conflicts: notAChange(z.boolean().default(false)),
  override_reason: notAChange(
    text()
      .max(LIMITS.noteMax)
      .default('')
      .transform((s) => s.trim()),
  ),
});
export const overrideHasReason = (b: { override_conflicts: boolean; override_reason: string }) =>
  !b.override_conflicts || b.override_reason !== '';

export const listTherasessions = defineCall(route.listTherasessions, {
  summary: 'Sessions of an organization, optionally of one therapist, in a date range',
  access: { kind: 'org', permission: 'sessions.view' },
  query: listQuery({
    filters: {
      organization_id: id().optional(),
      therapist_id: id().optional(),
      student_id: id().optional(),
      department_id: id().optional(),
      status: SessionStatus.optional(),
      from: timestamp().optional(),
      to: timestamp().optional(),
    },
    pageSize: 100,
  }),
  response: paginated(Therasession),
});

export const createTherasession = defineCall(route.createTherasession, {
  summary: 'Schedule a session',
  access: { kind: 'org', permission: 'sessions.manage' },
  query: OrganizationQuery,
  body: z
    .object({
      id: id().optional().describe('Client-made id (optional)'),
      organization_id: id({ message: 'organization_id is required in payload' }),
      therapist_id: id(),
      student_id: id(),
      department_id: id().nullable().default(null),
      service_id: id().nullable().default(null),
      start_at: timestamp(),
      end_at: timestamp().optional().describe("Default: start_at plus the service's length"),
      ...ConflictOverride.shape,
    })
    .refine((b) => b.end_at === undefined || Date.parse(b.end_at) > Date.parse(b.start_at), {
      path: ['end_at'],
      message: 'The end must be after the start.',
    })
    .refine(overrideHasReason, { path: ['override_reason'], message: 'Say why the session may overlap.' }),
  response: Therasession,
  status: 201,
});

const ClientNow = timestamp().describe('Device time of the tap; a replay means what the tap meant');

export const startTherasession = defineCall(route.startTherasession, {
  summary: 'Start the session; by default the start shifts to the tap time',
  access: { kind: 'org', permission: 'sessions.run' },
  params: IdParams,
  query: OrganizationQuery,
  body: z.object({ shift_to_now: z.boolean().default(true), client_now: ClientNow.optional() }),
  response: Therasession,
});

export const endTherasession = defineCall(route.endTherasession, {
  summary: 'End the session with an action; note and overtime reason are trimmed',
  access: { kind: 'org', permission: 'sessions.run' },
  params: IdParams,
  query: OrganizationQuery,
  body: z.object({
    action: EndAction,
    note: text()
      .max(LIMITS.noteMax)
      .default('')
      .transform((s) => s.trim()),
    overtime_reason: text()
      .max(LIMITS.noteMax)
      .default('')
      .transform((s) => s.trim()),
    client_now: ClientNow,
  }),
  response: Therasession,
});
