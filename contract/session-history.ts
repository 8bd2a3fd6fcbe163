import { z } from 'zod';
import { id, isPlausibleInstant } from './fields';
import { SessionStatus } from './scheduling';
import { PointConflict } from './collector-conflicts';
import { MasteryCriterion } from './mastery';
import { sessionHistory as route } from './routes';
import { defineCall, PageQuery, paginated } from './http';

const Day = z.iso
  .date({ message: 'Use a date as YYYY-MM-DD.' })
  .refine(isPlausibleInstant, 'Give a real date between the years 1900 and 2200.');

const Person = z.object({ id: z.uuid(), name: z.string() });
const Named = Person;
const StudentName = z.object({ id: z.uuid(), first_name: z.string(), last_name: z.string() });
const Measurement = z.enum(['discrete', 'frequency', 'duration']);

/**
 * One session's result for one goal (sub_goal_id null: all its targets) or one of its targets, as
 * the shared per-session read computes it: trials with % correct (correct and prompted) and %
 * independent, a count with its rate per hour, a duration in minutes.
 */
export const GoalResult = z.object({
  goal_id: z.uuid(),
  sub_goal_id: z.uuid().nullable(),
  trials: z.number().int(),
  correct: z.number().int(),
  prompted: z.number().int(),
  percent_correct: z.number().nullable(),
  percent_independent: z.number().nullable(),
  prompt_levels: z.record(z.string(), z.number().int()).describe('Prompted trials by the level prompted at'),
  count: z.number().int(),
  rate_per_hour: z.number().nullable(),
  duration_minutes: z.number().nullable(),
  episodes: z.number().int(),
});
export type GoalResult = z.infer<typeof GoalResult>;

/** A point's value as first recorded, and as corrected after the fact. */
const PointValues = z.object({
  outcome: z.string().nullable(),
  prompt_level: z.string().nullable(),
  count: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
});

export const PointCorrection = z.object({
  point_id: z.uuid(),
  goal_id: z.uuid(),
  sub_goal_id: z.uuid().nullable(),
  trial_no: z.number().int(),
  kind: Measurement.or(z.enum(['trial'])),
  before: PointValues.extend({ recorded_at: z.string().nullable() }),
  after: PointValues,
  corrected_by: Person.nullable().describe('Who sent the correction; null for one made before this was kept'),
  corrected_at: z.string(),
});
export type PointCorrection = z.infer<typeof PointCorrection>;

export const HistorySession = z.object({
  id: z.uuid(),
  status: SessionStatus,
  planned_start: z.string(),
  planned_end: z.string(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  duration_minutes: z.number().int().describe('Actual length when it ran, else the planned slot'),
  therapist: Person,
  service: Named.nullable(),
  department: Named.nullable(),
  end_note: z.string(),
  overtime_reason: z.string(),
  results: z.array(GoalResult),
  conflicts: z.array(PointConflict),
  corrections: z.array(PointCorrection),
});
export type HistorySession = z.infer<typeof HistorySession>;

/** A goal named by a page's results, conflicts or corrections, with its targets. */
export const HistoryGoal = z.object({
  id: z.uuid(),
  title: z.string(),
  measurement: Measurement,
  targets: z.array(z.object({ id: z.uuid(), title: z.string() })),
});
export type HistoryGoal = z.infer<typeof HistoryGoal>;

const PeriodQuery = z
  .object({
    from: Day.optional().describe("First day (inclusive), in the organization's time zone"),
    to: Day.optional().describe("Last day (inclusive), in the organization's time zone"),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The last day comes before the first day.', path: ['to'] });

export const studentSessions = defineCall(route.studentSessions, {
  summary:
    "A student's sessions, newest first: when, who, service, status, length, each goal's result, the end note, conflicts between devices and corrections",
  // The owner and a supervising therapist read every session; another therapist their own (the service decides).
  access: { kind: 'org', permission: null },
  params: z.object({ orgId: id(), studentId: id() }),
  query: PageQuery.and(PeriodQuery),
  response: paginated(HistorySession).extend({
    student: StudentName,
    scope: z.enum(['every', 'own']).describe("'own': the caller reads only the sessions they ran"),
    goals: z.array(HistoryGoal),
  }),
});

export const CASELOAD_FILTERS = ['stale', 'near_mastery', 'no_note'] as const;
export const CaseloadFilter = z.enum(CASELOAD_FILTERS, 'Choose stale, near_mastery or no_note.');
export type CaseloadFilter = z.infer<typeof CaseloadFilter>;

const CaseloadGoal = z.object({
  goal_id: z.uuid(),
  title: z.string(),
  measurement: Measurement,
  last_data_at: z.string().nullable().describe('The start of the latest session with data for the goal'),
});

export const NearMasteryItem = CaseloadGoal.extend({
  sub_goal_id: z.uuid().nullable(),
  target: z.string().nullable(),
  criterion: MasteryCriterion,
  criterion_text: z.string(),
  latest_value: z.number(),
  met_in_a_row: z.number().int().describe('Latest consecutive sessions meeting the threshold'),
  therapists: z.number().int().describe('Different therapists among those sessions'),
});
export type NearMasteryItem = z.infer<typeof NearMasteryItem>;

export const NoNoteItem = z.object({
  session_id: z.uuid(),
  planned_start: z.string(),
  status: SessionStatus,
  therapist: Person,
});

/** A student of the caseload with what each filter found: goals without recent data, goals near mastery, sessions without a note. */
export const CaseloadStudent = StudentName.extend({
  stale: z.array(CaseloadGoal),
  near_mastery: z.array(NearMasteryItem),
  no_note: z.array(NoNoteItem),
});
export type CaseloadStudent = z.infer<typeof CaseloadStudent>;

export const caseload = defineCall(route.caseload, {
  summary:
    'Students with goals in treatment without data for 14 days, goals near mastery, or ended sessions of the last 30 days without a note',
  access: { kind: 'org', permission: null },
  params: z.object({ orgId: id() }),
  query: PageQuery.extend({
    therapist_id: id().optional().describe("A therapist's caseload (the owner and whoever reaches every student)"),
    department_id: id().optional(),
    filter: CaseloadFilter.optional().describe('One filter; without it, a student matching any is listed'),
  }),
  response: paginated(CaseloadStudent).extend({
    counts: z.object({ stale: z.number().int(), near_mastery: z.number().int(), no_note: z.number().int() }),
    scope: z.enum(['every', 'own']),
  }),
});
