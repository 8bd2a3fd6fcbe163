import { z } from 'zod';
import { id, text, timestamp, wholeNumber } from './fields';
import { schedulingDesk as route } from './routes';
import { defineCall, IdParams, notAChange, OrganizationQuery } from './http';
import { LIMITS } from './limits';
import { ScheduleConflict } from './errors';
import { ConflictOverride, overrideHasReason, Therasession } from './scheduling';

const Reason = text().trim().min(1, 'Give a reason.').max(LIMITS.noteMax);

export const Weekday = z.enum(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], 'Choose a day of the week.');

/** One weekly slot of a plan: the same therapist and student at the same wall-clock time each week. */
export const PlanSlot = z.object({
  weekday: Weekday,
  start_time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Give the time as HH:MM, e.g. 15:00.'),
  duration_minutes: wholeNumber(5, 720, 'Give the length in whole minutes, from 5 to 720.')
    .optional()
    .describe("Default: the service's length"),
  therapist_id: id(),
  student_id: id(),
  department_id: id().nullable().default(null),
  service_id: id().nullable().default(null),
});
export type PlanSlot = z.infer<typeof PlanSlot>;

/** A session the plan would make, with what stands in its way. */
export const PlannedSession = z.object({
  start_at: z.string(),
  end_at: z.string(),
  slot: z.number().int().describe('Index of the slot in the request'),
  in_past: z.boolean().describe('Starts before now: planned only because the body asked to include_past'),
  conflicts: z.array(ScheduleConflict),
});

export const bulkTherasessions = defineCall(route.bulkTherasessions, {
  summary:
    "Sessions from a weekly plan over a date range, in the organization's time zone, skipping closures; a preview (dry_run) or all of them at once",
  access: { kind: 'org', permission: 'sessions.manage' },
  query: OrganizationQuery,
  body: z
    .object({
      organization_id: id({ message: 'organization_id is required in payload' }),
      first_day: z.iso.date('Use a date like 2027-01-31.'),
      last_day: z.iso.date('Use a date like 2027-01-31.'),
      slots: z.array(PlanSlot).min(1, 'Add at least one weekly slot.').max(200, 'Use at most 200 weekly slots.'),
      dry_run: z.boolean().default(false).describe('Preview only: nothing is written'),
      include_past: z
        .boolean()
        .default(false)
        .describe('Also plan the occurrences that start before now (recording sessions that already happened); left out otherwise'),
      ...ConflictOverride.shape,
    })
    .refine((b) => b.last_day >= b.first_day, { path: ['last_day'], message: 'The last day must not be before the first.' })
    .refine(overrideHasReason, { path: ['override_reason'], message: 'Say why the sessions may overlap.' }),
  response: z.object({
    time_zone: z.string(),
    count: z.number().int().describe('Sessions planned (written unless dry_run)'),
    conflict_count: z.number().int().describe('Planned sessions with at least one conflict'),
    sessions: z.array(PlannedSession),
    skipped: z.array(z.object({ start_at: z.string(), slot: z.number().int(), closure: z.string() })).describe('Occurrences on a closure'),
    past_left_out: z
      .array(z.object({ start_at: z.string(), end_at: z.string(), slot: z.number().int() }))
      .describe('Occurrences that start before now, left out because include_past was not asked (none when it was)'),
    created_ids: z.array(z.uuid()),
  }),
});

export const getTherasession = defineCall(route.getTherasession, {
  summary: "One session: anyone's for whoever sees every session, else the caller's own (another's answers 404)",
  access: { kind: 'org', permission: 'sessions.view' },
  params: IdParams,
  query: OrganizationQuery,
  response: Therasession,
});

export const updateTherasession = defineCall(route.updateTherasession, {
  summary: 'Change who and what a scheduled session is for (its times move with reschedule)',
  access: { kind: 'org', permission: 'sessions.manage' },
  params: IdParams,
  query: OrganizationQuery,
  body: z
    .object({
      // Where the edit acts (the app has always sent it), not a field of the session to change.
      organization_id: notAChange(id({ message: 'organization_id is required in payload' })),
      therapist_id: id().optional(),
      student_id: id().optional(),
      department_id: id().nullable().optional(),
      service_id: id().nullable().optional(),
      ...ConflictOverride.shape,
    })
    .refine(overrideHasReason, { path: ['override_reason'], message: 'Say why the session may overlap.' }),
  response: Therasession,
});

export const deleteTherasession = defineCall(route.deleteTherasession, {
  summary: 'Delete a session that holds no data (one with data is cancelled instead)',
  access: { kind: 'org', permission: 'sessions.manage' },
  params: IdParams,
  query: OrganizationQuery,
  response: z.object({ ok: z.literal(true) }),
});

export const rescheduleTherasession = defineCall(route.rescheduleTherasession, {
  summary: 'Move a session that has not started; the old times and the reason stay in its activities',
  access: { kind: 'org', permission: 'sessions.manage' },
  params: IdParams,
  query: OrganizationQuery,
  body: z
    .object({
      start_at: timestamp(),
      end_at: timestamp(),
      reason: Reason,
      ...ConflictOverride.shape,
    })
    .refine((b) => Date.parse(b.end_at) > Date.parse(b.start_at), { path: ['end_at'], message: 'The end must be after the start.' })
    .refine(overrideHasReason, { path: ['override_reason'], message: 'Say why the session may overlap.' }),
  response: Therasession,
});

export const cancelTherasession = defineCall(route.cancelTherasession, {
  summary: 'Cancel a session that has not started, with a reason; its data, if any, stays',
  access: { kind: 'org', permission: 'sessions.manage' },
  params: IdParams,
  query: OrganizationQuery,
  body: z.object({ reason: Reason }),
  response: Therasession,
});

export const SessionActivity = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(['created', 'edited', 'rescheduled', 'cancelled', 'started', 'ended']),
  by: z.string().describe('Who did it'),
  acting_as: z.string().nullable(),
  sentence: z.string().describe('What happened, in words, times in the organization’s zone'),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
});
export type SessionActivity = z.infer<typeof SessionActivity>;

export const therasessionActivities = defineCall(route.therasessionActivities, {
  summary: 'What happened to a session, oldest first: created, edited, rescheduled with its reason, cancelled, started, ended, and by whom',
  access: { kind: 'org', permission: 'sessions.view' },
  params: IdParams,
  query: OrganizationQuery,
  response: z.object({ results: z.array(SessionActivity) }),
});
