import type { Outcome } from '../../../contract/collector';
import type { Therasession } from '../../../contract/scheduling';
import type { AssignedGoal } from '../../../contract/goals-library';

/** A point as the device knows it; `key` = session/goal/sub_goal/trial_no. */
export interface LocalPoint {
  key: string;
  id: string;
  sessionId: string;
  goalId: string;
  subGoalId: string | null;
  trialNo: number;
  kind: 'trial' | 'frequency' | 'duration';
  outcome: Outcome | null;
  promptLevel: string | null;
  count: number | null;
  durationMs: number | null;
  recordedAt: string;
  deviceSeq: number;
  /** The device that wrote this version (absent in rows stored before it was kept). */
  deviceId?: string;
  deleted: boolean;
  corrected: boolean;
  userId: string;
}

export interface CachedSession extends Therasession {
  userId: string;
  organizationId: string;
  startAt: string;
  /** Local lifecycle, ahead of the server while operations wait in the outbox. */
  localStatus: Therasession['status'];
  cachedAt: string;
}

export interface CachedGoal extends AssignedGoal {
  key: string; // userId/goal_id
  studentId: string;
  userId: string;
}

export interface LocalTrial {
  key: string; // session/goal/sub
  sessionId: string;
  trialNo: number;
  status: 'open' | 'completed';
}

export interface LocalTimer {
  key: string; // session/goal/sub
  sessionId: string;
  startedAt: number; // epoch ms; survives reload
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export const pointKey = (sessionId: string, goalId: string, subGoalId: string | null, trialNo: number) =>
  `${sessionId}/${goalId}/${subGoalId ?? '-'}/${trialNo}`;
export const targetKey = (sessionId: string, goalId: string, subGoalId: string | null) => `${sessionId}/${goalId}/${subGoalId ?? '-'}`;
