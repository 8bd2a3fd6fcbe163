import { z } from 'zod';
import { atMost, id, range, text, timestamp, wholeNumber } from './fields';
import { collector as route } from './routes';
import { defineCallGroup, IdParams, NoParams, Ok } from './http';
import { LIMITS } from './limits';

import { AnsweredKey, Measurement, Outcome, PointKind, StoredValue } from './collector-values';
import { SessionConflicts } from './collector-conflicts';
import { GoalStatus, MasteryCriterion, TargetStatus } from './mastery';

export { Measurement, Outcome, PointKind };

/**
 * Who wrote a value and when. The same device: the higher device_seq wins whatever the clock said,
 * and an older one is refused (409 STALE_WRITE); different devices: the later (recorded_at, device_id) wins.
 */
export const WriteStamp = z.object({
  recorded_at: timestamp().describe('When the therapist tapped (device clock)'),
  device_id: text().min(8, 'A device id has at least 8 characters.').max(64, atMost(64)),
  device_seq: wholeNumber(0, Number.MAX_SAFE_INTEGER, 'A device sequence number is a whole number from 0 up.').describe(
    'Per-device sequence, strictly increasing across reloads and tabs',
  ),
});

const TrialNo = wholeNumber(1, 100_000, `A trial number is a whole number ${range(1, 100_000)}.`);

/** A point's key: same session, goal, sub-goal and trial number means the same point. */
export const PointKey = z.object({
  goal_id: id(),
  sub_goal_id: id().nullable(),
  trial_no: TrialNo,
});
export type PointKey = z.infer<typeof PointKey>;

/** A point's values: written by an upsert, changed by a correction. */
const PromptLevel = text().max(40, atMost(40));
const Count = wholeNumber(0, 100_000, `A count is a whole number ${range(0, 100_000)}.`);
const DurationMs = wholeNumber(0, 24 * 3600_000, 'A duration is a whole number of milliseconds from 0 to a day.');

export const PointInput = PointKey.extend({
  id: id().describe('Client-made id'),
  kind: PointKind,
  outcome: Outcome.nullable().default(null),
  prompt_level: PromptLevel.nullable().default(null),
  count: Count.nullable().default(null),
  duration_ms: DurationMs.nullable().default(null),
}).extend(WriteStamp.shape);
export type PointInput = z.input<typeof PointInput>;

export const DataPoint = PointInput.extend({
  session_id: z.uuid(),
  ...StoredValue.shape,
  received_at: z.string(),
  corrected_at: z.string().nullable(),
  original: StoredValue.extend({ recorded_at: z.string() }).nullable().describe('The value before the first correction'),
  recorded_at_flag: z
    .enum(['ahead', 'behind'])
    .nullable()
    .optional()
    .describe(
      "Set when recorded_at is implausible: 'ahead' more than 5 minutes after the server received it, 'behind' more than 7 days before; kept as sent",
    ),
});
export type DataPoint = z.infer<typeof DataPoint>;

/** When and in which session a goal or target met its mastery criterion (both null until it did; the session null when set by hand). */
const Mastered = { mastered_at: z.string().nullable(), mastered_session_id: z.uuid().nullable() };

export const SubGoal = z.object({ id: z.uuid(), title: z.string(), position: z.number().int(), status: TargetStatus, ...Mastered });
export const CollectorGoal = z.object({
  goal_id: z.uuid(),
  title: z.string(),
  description: z.string(),
  domain: z.string().describe("The area of the student's plan; '' for none"),
  status: GoalStatus,
  measurement: Measurement,
  planned_trials: z.number().int(),
  prompt_hierarchy: z.array(z.string()),
  targets_in_sequence: z.boolean().describe('Targets taught one at a time, in order, rather than all together'),
  mastery_criterion: MasteryCriterion.nullable(),
  ...Mastered,
  sub_goals: z.array(SubGoal),
  data: z.array(DataPoint),
});
export type CollectorGoal = z.infer<typeof CollectorGoal>;

export const TrialState = AnsweredKey.extend({
  status: z.enum(['open', 'completed']),
});
export type TrialState = z.infer<typeof TrialState>;

export const Focus = z.object({ goal_id: z.uuid(), sub_goal_id: z.uuid().nullable(), started_at: z.string() }).nullable();

export const CollectorSession = z.object({
  id: z.uuid().describe("The therapy session's id"),
  organization_id: z.uuid(),
  status: z.string(),
  student_id: z.uuid(),
  goals: z.array(CollectorGoal),
  trials: z.array(TrialState),
  focus: Focus,
  client_time_flag: z
    .enum(['end_before_start', 'ahead', 'behind'])
    .nullable()
    .optional()
    .describe("Set when the device's start or end time of the session is implausible (kept as sent; reports use the server's times)"),
});
export type CollectorSession = z.infer<typeof CollectorSession>;

const OrgQuery = z.object({
  organization_id: id()
    .optional()
    .describe("Organization the call acts in; defaults to the session's active one. The outbox always sends it."),
});

// Every collector call acts on a session (named in the path, else in the body) of the organization in the query.
const read = defineCallGroup({ access: { kind: 'org', permission: 'students.records' }, params: IdParams, query: OrgQuery });
const record = defineCallGroup({ access: { kind: 'org', permission: 'collector.record' }, params: IdParams, query: OrgQuery });
// Points a therapist recorded offline before their membership ended still sync afterwards (the server refuses later ones).
const recordPoints = defineCallGroup({
  access: { kind: 'org', permission: 'collector.record', admitsFormerMembers: true },
  params: IdParams,
  query: OrgQuery,
});

// A session's goals and data are a student's record: front-desk staff see the schedule (sessions.view), not this.
export const getSession = read(
  route.getSession,
  "The collector session: goals with sub-goals and data, trial states, focus (a read of the student's record, audited)",
  { response: CollectorSession },
);

/** Where two devices' values met on one point, with every observation: nothing is replaced out of sight. */
export const sessionConflicts = read(
  route.sessionConflicts,
  "The session's point conflicts: for each point key two devices wrote, the kept value and every other observation",
  { response: SessionConflicts },
);

export const UpsertResult = z.object({
  applied: z.number().int().describe('Rows that changed'),
  stale: z.number().int().describe('Always 0 in an answer: a stale write refuses the whole call (409 STALE_WRITE)'),
  received_ids: z.array(z.uuid()).describe('Every point id of the request: the outbox counts a point delivered only when its id is here'),
  conflicts: z
    .array(z.uuid())
    .describe(
      "Point ids of the request that met another device's write on the same key: both observations are kept, the live one is the later",
    ),
});
export type UpsertResult = z.infer<typeof UpsertResult>;
export const DeleteResult = z.object({
  applied: z.number().int().describe('Keys whose tombstone changed'),
  stale: z.number().int().describe('Always 0 in an answer: a stale write refuses the whole call (409 STALE_WRITE)'),
  received: z.number().int().describe('How many keys the request carried'),
});
export type DeleteResult = z.infer<typeof DeleteResult>;
export const upsertPoints = recordPoints(
  route.upsertPoints,
  'Batch upsert of points (one transaction); older writes never overwrite newer ones',
  { body: z.object({ points: z.array(PointInput).min(1).max(LIMITS.pointsPerBatch) }), response: UpsertResult },
);

export const DeleteKey = PointKey.extend(WriteStamp.shape);
export const deletePoints = recordPoints(
  route.deletePoints,
  'Delete points by key (kept as tombstones so an older replay cannot revive them)',
  {
    body: z.object({ keys: z.array(DeleteKey).min(1).max(LIMITS.pointsPerBatch) }),
    response: DeleteResult,
  },
);

export const upsertPoint = recordPoints(route.upsertPoint, 'Upsert one point', {
  params: NoParams,
  body: PointInput.extend({ session_id: id() }),
  response: UpsertResult,
});

export const correctPoint = record(route.correctPoint, 'Correct an earlier point; the first original value is kept', {
  body: z
    .object({
      outcome: Outcome.nullable().optional(),
      prompt_level: PromptLevel.nullable().optional(),
      count: Count.nullable().optional(),
      duration_ms: DurationMs.nullable().optional(),
    })
    .extend(WriteStamp.shape),
  response: DataPoint,
});

const TrialTarget = z.object({ session_id: id(), goal_id: id(), sub_goal_id: id().nullable().default(null) });
export const currentTrial = read(route.currentTrial, 'Current trial number and state of a goal/sub-goal in a session', {
  params: NoParams,
  query: OrgQuery.extend({ session_id: id(), goal_id: id(), sub_goal_id: id().optional() }),
  response: TrialState,
});

const TrialMove = TrialTarget.extend({ trial_no: TrialNo.describe('Decided on the device') }).extend(WriteStamp.shape);
export const startNextTrial = record(route.startNextTrial, 'Open the trial numbered by the device', {
  params: NoParams,
  body: TrialMove,
  response: TrialState,
});
export const completeTrial = record(route.completeTrial, 'Mark the trial complete', {
  params: NoParams,
  body: TrialMove,
  response: TrialState,
});

export const startFocus = record(route.startFocus, 'Focus on one goal/sub-goal', {
  body: z.object({ goal_id: id(), sub_goal_id: id().nullable().default(null) }).extend(WriteStamp.shape),
  response: z.object({ focus: Focus }),
});
export const stopFocus = record(route.stopFocus, 'Stop focusing', { body: WriteStamp, response: z.object({ focus: Focus }) });

export const GoalHistory = z.object({
  results: z.array(
    z.object({
      session_id: z.uuid(),
      start_at: z.string(),
      goal_id: z.uuid(),
      sub_goal_id: z.uuid().nullable().describe("null: the goal's row, summing all its targets; else one target's"),
      therapist_id: z.string().describe('The therapist membership that ran the session'),
      minutes: z.number().describe("The session's length in minutes"),
      trials: z.number().int(),
      correct: z.number().int(),
      prompted: z.number().int(),
      count: z.number().int(),
      duration_ms: z.number(),
      episodes: z.number().int(),
      percent_correct: z.number().nullable(),
    }),
  ),
});
export const studentHistory = read(
  route.studentHistory,
  "Each goal's and target's results over the student's latest `limit` sessions, oldest first (Thera addition, for the running chart and the mastery rule on the tablet; a read of the student's record, audited)",
  {
    params: z.object({ studentId: id() }),
    query: OrgQuery.extend({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
    response: GoalHistory,
  },
);

export { Ok };
