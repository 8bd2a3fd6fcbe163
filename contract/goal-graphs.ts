import { z } from 'zod';
import { id, isPlausibleInstant } from './fields';
import { goalGraphs as route } from './routes';
import { defineCall } from './http';
import { CollectorGoal } from './collector';
import { PhaseChange } from './mastery';

/** A person named on the graph: a session's therapist (a membership), a change's author (a user). */
const Person = z.object({ id: z.uuid(), name: z.string() });

/**
 * One session's figures for the goal or one target, those of the goal's measurement only: scored
 * trials and their percentages (discrete), the count and its rates (frequency), the timed minutes
 * (duration). A figure the session recorded nothing for is null.
 */
export const GraphFigures = z.object({
  trials: z.number().int().optional().describe('Discrete: scored trials'),
  correct: z.number().int().optional().describe('Discrete: trials correct without a prompt'),
  prompted: z.number().int().optional().describe('Discrete: trials correct with a prompt'),
  percent_correct: z.number().nullable().optional().describe('Discrete: correct and prompted of scored trials, 0–100'),
  percent_independent: z.number().nullable().optional().describe('Discrete: correct without a prompt of scored trials, 0–100'),
  count: z.number().int().optional().describe("Frequency: the session's count"),
  per_minute: z.number().nullable().optional().describe("Frequency: the count divided by the session's minutes"),
  per_hour: z.number().nullable().optional().describe("Frequency: the count divided by the session's hours"),
  duration_minutes: z.number().nullable().optional().describe('Duration: the timed minutes added up'),
  mean_minutes: z.number().nullable().optional().describe('Duration: the mean of the timed spans, minutes'),
  episodes: z.number().int().optional().describe('Duration: timed spans'),
});
export type GraphFigures = z.infer<typeof GraphFigures>;

/** One session with data for the goal: when, who, how long, its figures overall and per target, and its prompts. */
export const GraphSession = z.object({
  session_id: z.uuid(),
  at: z.string().describe("The session's start (ISO)"),
  therapist: Person.describe('The therapist membership that ran it'),
  minutes: z.number().describe("The session's length (its actual start to end when it ran, else the planned slot)"),
  overall: GraphFigures.describe("The goal's figures: all its targets together"),
  targets: z.array(GraphFigures.extend({ sub_goal_id: z.uuid() })).describe('Per target with data in this session, in target order'),
  prompt_levels: z
    .array(z.object({ level: z.string(), count: z.number().int() }))
    .describe("Prompted trials per level, in the goal's prompt hierarchy (most intrusive first); levels no longer in it last"),
});
export type GraphSession = z.infer<typeof GraphSession>;

/** A teaching change from the goal's history: a phase line, placed after the session it follows. */
export const GraphPhase = z.object({
  id: z.uuid(),
  changed_at: z.string(),
  kinds: z.array(PhaseChange),
  label: z.string(),
  changed_by: Person.nullable().describe("Who changed it (a user); null for the server's mastery evaluation"),
  session_id: z.uuid().nullable().describe('The session whose data caused it (a mastery), else null'),
  after_session_id: z
    .uuid()
    .nullable()
    .describe('The last shown session before the change (the line is drawn after it); null when it came before them all'),
});
export type GraphPhase = z.infer<typeof GraphPhase>;

export const GoalGraph = z.object({
  goal: CollectorGoal.omit({ data: true }).describe("The goal's plan, with when it and each target were mastered, and in which session"),
  student: z.object({ id: z.uuid(), first_name: z.string(), last_name: z.string() }),
  time_zone: z.string().describe("The organization's time zone: sessions' days are its days"),
  sessions: z.array(GraphSession).describe('Oldest first'),
  phases: z.array(GraphPhase).describe('Oldest first'),
});
export type GoalGraph = z.infer<typeof GoalGraph>;

const Day = z.iso
  .date({ message: 'Use a date as YYYY-MM-DD.' })
  .refine(isPlausibleInstant, 'Give a real date between the years 1900 and 2200.');

export const GoalGraphQuery = z
  .object({
    from: Day.optional().describe("First day shown (inclusive), in the organization's time zone"),
    to: Day.optional().describe("Last day shown (inclusive), in the organization's time zone"),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The last day comes before the first day.', path: ['to'] });

export const goalGraph = defineCall(route.goalGraph, {
  summary: "A goal's graph: its plan, per-session results (per target and overall, prompt levels) and phase lines from its history",
  // A student's goals and data are their record: the route asks for students.records, the service for the student's reach and template.
  access: { kind: 'org', permission: 'students.records' },
  params: z.object({ orgId: id(), goalId: id() }),
  query: GoalGraphQuery,
  response: GoalGraph,
});
