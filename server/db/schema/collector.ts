import type { SessionId, UserId } from '../../lib/ids';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, organizationColumn, tenantIndex, tenantPrimaryKey, tenantUnique } from './tenant';

/** A point's key (session, goal, sub-goal, trial) and its value, as a live point and a losing observation both hold them. */
function pointKeyAndValueColumns() {
  return {
    sessionId: uuid('session_id').$type<SessionId>().notNull(),
    goalId: uuid('goal_id').notNull(),
    subGoalId: uuid('sub_goal_id'),
    trialNo: integer('trial_no').notNull(),
    kind: text('kind', { enum: ['trial', 'frequency', 'duration'] }).notNull(),
    outcome: text('outcome', { enum: ['correct', 'incorrect', 'prompted', 'no_response'] }),
    promptLevel: text('prompt_level'),
    count: integer('count'),
    durationMs: integer('duration_ms'),
  };
}

/** The stamp every collector write carries; only a newer stamp changes a row. */
function stampColumns() {
  return {
    recordedAt: timestamp('recorded_at', { withTimezone: true, precision: 3 }).notNull(),
    deviceId: text('device_id').notNull(),
    deviceSeq: bigint('device_seq', { mode: 'number' }).notNull(),
  };
}

/**
 * A data point (keyed by session, goal, sub_goal, trial_no). Deletions are tombstones
 * (deleted_at) so an older replay can't bring a point back; every write carries its stamp
 * (recorded_at, device_id, device_seq) and only a newer stamp changes the row.
 */
export const dataPoints = pgTable(
  'data_points',
  {
    organizationId: organizationColumn(),
    id: uuid('id').notNull(),
    ...pointKeyAndValueColumns(),
    ...stampColumns(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    correctedAt: timestamp('corrected_at', { withTimezone: true }),
    original: jsonb('original'),
    /** 'ahead' (more than 5 minutes after receipt) or 'behind' (more than 7 days before it): recorded_at is kept as sent. */
    recordedAtFlag: text('recorded_at_flag', { enum: ['ahead', 'behind'] }),
    /** The signed-in user whose call wrote this version (null for rows written before it was kept). */
    recordedBy: uuid('recorded_by').$type<UserId>(),
  },
  (t) => [
    tenantPrimaryKey(t),
    // The key's index leads with (organization, session), so it serves a session's reads as well. No
    // shorter index on those two: with stale statistics the planner took it for key probes and read
    // every point of the session per key.
    unique('data_points_key_uq').on(t.organizationId, t.sessionId, t.goalId, t.subGoalId, t.trialNo).nullsNotDistinct(),
  ],
);

/**
 * Two-observer mode: when writes of two different devices meet on one point key, the live
 * data_points row keeps the winner of the stamp rule and the other observation is kept here, never
 * dropped. `reason` says how it lost: 'lost' (it arrived and an existing value of another device
 * won) or 'replaced' (it was live and an arriving write of another device won). A replay of the same
 * write (same point id, device and seq) is stored once.
 */
export const pointObservations = pgTable(
  'point_observations',
  {
    organizationId: organizationColumn(),
    id: uuid('id').notNull().defaultRandom(),
    pointId: uuid('point_id').notNull(),
    ...pointKeyAndValueColumns(),
    /** The observation was a deletion of the key. */
    isDeletion: boolean('is_deletion').notNull().default(false),
    ...stampColumns(),
    reason: text('reason', { enum: ['lost', 'replaced'] }).notNull(),
    /** The device whose write is live instead. */
    winnerDeviceId: text('winner_device_id').notNull(),
    /** The signed-in user whose call wrote this observation (null for rows kept before it was). */
    recordedBy: uuid('recorded_by').$type<UserId>(),
    /** When the server received this observation (for one that was live, when it arrived then). */
    receivedAt: timestamp('received_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    tenantPrimaryKey(t),
    tenantUnique('point_observations_write_uq', t, t.pointId, t.deviceId, t.deviceSeq),
    tenantIndex('point_observations_session_idx', t, t.sessionId),
  ],
);

/** Current trial per session/goal/sub-goal (the trial calls: current, start next, complete). */
export const trialStates = pgTable(
  'trial_states',
  {
    organizationId: organizationColumn(),
    sessionId: uuid('session_id').$type<SessionId>().notNull(),
    goalId: uuid('goal_id').notNull(),
    subGoalKey: text('sub_goal_key').notNull(), // sub_goal_id, or '' for the goal itself
    trialNo: integer('trial_no').notNull(),
    status: text('status', { enum: ['open', 'completed'] }).notNull(),
    ...stampColumns(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.sessionId, t.goalId, t.subGoalKey] })],
);

/** Focus on one goal per session (the focus start and stop calls). */
export const sessionFocus = pgTable(
  'session_focus',
  {
    organizationId: organizationColumn(),
    sessionId: uuid('session_id').$type<SessionId>().notNull(),
    goalId: uuid('goal_id'),
    subGoalId: uuid('sub_goal_id'),
    startedAt: timestamp('started_at', { withTimezone: true, precision: 3 }),
    ...stampColumns(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.sessionId] })],
);

/**
 * Idempotency records: per organization, user and key; the stored response is
 * replayed for the same key and body. Written in the same transaction as the effect.
 * organization_id is the nil uuid for calls outside an organization.
 */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    organizationId: organizationColumn(),
    userId: uuid('user_id').$type<UserId>().notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response')
      .notNull()
      .default(sql`'null'::jsonb`),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId, t.key] }), index('idempotency_created_idx').on(t.createdAt)],
);
