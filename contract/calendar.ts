import { z } from 'zod';
import { id, text, timestamp } from './fields';
import { calendar as route } from './routes';
import { defineCall, IdParams, OrganizationQuery } from './http';
import { LIMITS } from './limits';
import { SessionStatus } from './scheduling';

export const CalendarEventKind = z.enum(['meeting', 'training', 'holiday', 'closure'], 'Choose meeting, training, holiday or closure.');

export const CalendarEvent = z.object({
  id: z.uuid(),
  organization_id: z.uuid(),
  kind: CalendarEventKind,
  title: z.string(),
  description: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  all_day: z.boolean().describe("Whole days in the organization's time zone"),
  for_everyone: z.boolean().describe('For the whole organization; else for the people listed'),
  people: z.array(z.object({ membership_id: z.uuid(), name: z.string() })),
  created_by: z.string().nullable(),
});
export type CalendarEvent = z.infer<typeof CalendarEvent>;

const Range = {
  from: timestamp().describe('Start of the range (inclusive)'),
  to: timestamp().describe('End of the range (exclusive); at most 62 days after from'),
};

const EventFields = {
  kind: CalendarEventKind,
  title: text().trim().min(1, 'Give the event a title.').max(LIMITS.nameMax),
  description: text().max(LIMITS.noteMax).default(''),
  start_at: timestamp(),
  end_at: timestamp(),
  all_day: z.boolean().default(false),
  for_everyone: z.boolean().default(false),
  membership_ids: z.array(id()).max(500).optional().describe('Who it is for, unless for_everyone'),
};

const endsAfterStart = (b: { start_at?: string | undefined; end_at?: string | undefined }) =>
  b.start_at === undefined || b.end_at === undefined || Date.parse(b.end_at) > Date.parse(b.start_at);
const hasAudience = (b: { for_everyone?: boolean | undefined; membership_ids?: string[] | undefined }) =>
  b.for_everyone !== false || b.membership_ids === undefined || b.membership_ids.length > 0;

/**
 * Therapists, students or departments, each as [number, id, name]: the sessions name them by
 * number, a short one the server gives each for good.
 */
const Lookup = z.array(z.tuple([z.number().int(), z.uuid(), z.string()]));

/**
 * One session on the calendar: id, planned start in whole minutes since 1970 (UTC; a started session
 * keeps its planned place), length in minutes, status, its therapist's, student's and department's
 * numbers in the lookups (department null without one), and the minute it was started (null until
 * then). Minutes are cut, never rounded up: 9:35:40 is minute 9:35.
 */
const CalendarCell = z.tuple([
  z.string(),
  z.number().int(),
  z.number().int(),
  SessionStatus,
  z.number().int(),
  z.number().int(),
  z.number().int().nullable(),
  z.number().int().nullable(),
]);

/**
 * The calendar screen's one read: sessions and events overlapping a range. A busy week of a large
 * clinic is thousands of sessions, so each comes as a short array (a cell), times in whole minutes
 * and people by number in lookups that name each once: `therapists`, `students` and `departments`,
 * in no particular order.
 */
export const calendarItems = defineCall(route.calendarItems, {
  summary: 'Sessions and events overlapping a range: everyone’s for schedulers, a therapist’s own and the events that include them',
  access: { kind: 'org', permission: 'calendar.view' },
  query: z.object({
    organization_id: id().optional(),
    ...Range,
    therapist_id: id().optional(),
    student_id: id().optional(),
    department_id: id().optional(),
  }),
  response: z.object({
    time_zone: z.string().describe("The organization's time zone: what the calendar's days and hours mean"),
    sessions: z.array(CalendarCell),
    events: z.array(CalendarEvent),
    therapists: Lookup,
    students: Lookup,
    departments: Lookup,
  }),
});
export type CalendarItemsAnswer = z.infer<typeof calendarItems.response>;

export const listCalendarEvents = defineCall(route.listCalendarEvents, {
  summary: 'Calendar events overlapping a range, optionally of one kind or including one member',
  access: { kind: 'org', permission: 'calendar.view' },
  query: z.object({
    organization_id: id().optional(),
    ...Range,
    kind: CalendarEventKind.optional(),
    membership_id: id().optional(),
  }),
  response: z.object({ results: z.array(CalendarEvent) }),
});

export const createCalendarEvent = defineCall(route.createCalendarEvent, {
  summary: 'Put a meeting, training, holiday or closure on the calendar, for everyone or for some people',
  access: { kind: 'org', permission: 'calendar.manage' },
  query: OrganizationQuery,
  body: z
    .object({ organization_id: id({ message: 'organization_id is required in payload' }), ...EventFields })
    .refine(endsAfterStart, { path: ['end_at'], message: 'The end must be after the start.' })
    .refine(hasAudience, { path: ['membership_ids'], message: 'Choose who it is for, or make it for everyone.' }),
  response: CalendarEvent,
  status: 201,
});

export const updateCalendarEvent = defineCall(route.updateCalendarEvent, {
  summary: 'Change a calendar event',
  access: { kind: 'org', permission: 'calendar.manage' },
  params: IdParams,
  query: OrganizationQuery,
  body: z
    .object({
      kind: EventFields.kind.optional(),
      title: EventFields.title.optional(),
      description: text().max(LIMITS.noteMax).optional(),
      start_at: timestamp().optional(),
      end_at: timestamp().optional(),
      all_day: z.boolean().optional(),
      for_everyone: z.boolean().optional(),
      membership_ids: z.array(id()).max(500).optional(),
    })
    .refine(endsAfterStart, { path: ['end_at'], message: 'The end must be after the start.' }),
  response: CalendarEvent,
});

export const deleteCalendarEvent = defineCall(route.deleteCalendarEvent, {
  summary: 'Remove a calendar event',
  access: { kind: 'org', permission: 'calendar.manage' },
  params: IdParams,
  query: OrganizationQuery,
  response: z.object({ ok: z.literal(true) }),
});

export const CalendarFeed = z.object({
  url: z.string().nullable().describe('The secret address of the member’s iCal feed; null when not subscribed'),
  created_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});

export const myCalendarFeed = defineCall(route.myCalendarFeed, {
  summary: 'Whether the caller subscribes to their schedule (the address is shown once, when made)',
  access: { kind: 'org', permission: 'calendar.view' },
  query: OrganizationQuery,
  response: CalendarFeed,
});

export const createCalendarFeed = defineCall(route.createCalendarFeed, {
  summary: 'A new secret iCal address for the caller’s own schedule; any older address stops working',
  access: { kind: 'org', permission: 'calendar.view' },
  query: OrganizationQuery,
  response: CalendarFeed,
  status: 201,
});

export const revokeCalendarFeed = defineCall(route.revokeCalendarFeed, {
  summary: 'Stop the caller’s iCal address working',
  access: { kind: 'org', permission: 'calendar.view' },
  query: OrganizationQuery,
  response: z.object({ ok: z.literal(true) }),
});

export const calendarFeedIcs = defineCall(route.calendarFeedIcs, {
  summary: 'A member’s schedule as iCalendar text, at its secret address; children by initials only',
  access: { kind: 'public' },
  params: z.object({ token: z.string().min(20).max(200) }),
  response: z.string(),
});
