import { beforeEach, describe, expect, it } from 'vitest';
import type { CollectorSession, DataPoint } from '../../contract/collector';
import { isNewer, mergeServerSession } from '../../src/features/collector/session-store';
import { getDb } from '../../src/shared/db/db';
import { pointKey, type LocalPoint } from '../../src/shared/db/types';

/**
 * The session screen takes a server point only when it is a later write than the device's row,
 * by the server's own rule: this device's writes by their sequence (the clock may have been hours
 * ahead for the older one), other devices' writes by the clock.
 */
const USER = '0190f5a2-7c1e-7000-8000-000000000001';
const S = '0190f5a2-7c1e-7000-8000-000000000101';
const GOAL = '0190f5a2-7c1e-7000-8000-000000000202';
const THIS_DEVICE = 'device-this-tablet';
const OTHER_DEVICE = 'device-other-tablet';
const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-23T15:00:00.000Z');
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();
const KEY = pointKey(S, GOAL, null, 1);

function localCount(count: number, stamp: { recordedAt: string; deviceSeq: number; deviceId?: string }): LocalPoint {
  return {
    key: KEY,
    id: '0190f5a2-7c1e-7000-8000-000000000401',
    sessionId: S,
    goalId: GOAL,
    subGoalId: null,
    trialNo: 1,
    kind: 'frequency',
    outcome: null,
    promptLevel: null,
    count,
    durationMs: null,
    deleted: false,
    corrected: false,
    userId: USER,
    ...stamp,
  };
}

function serverCount(count: number, stamp: { recorded_at: string; device_seq: number; device_id: string }): CollectorSession {
  const point: DataPoint = {
    id: '0190f5a2-7c1e-7000-8000-000000000401',
    session_id: S,
    goal_id: GOAL,
    sub_goal_id: null,
    trial_no: 1,
    kind: 'frequency',
    outcome: null,
    prompt_level: null,
    count,
    duration_ms: null,
    received_at: at(0),
    corrected_at: null,
    original: null,
    ...stamp,
  };
  return {
    id: S,
    trials: [],
    goals: [
      {
        goal_id: GOAL,
        title: 'Greets peers',
        description: '',
        measurement: 'frequency',
        planned_trials: 10,
        prompt_hierarchy: [],
        sub_goals: [],
        data: [point],
      },
    ],
  } as unknown as CollectorSession;
}

/** Merges with the row both on the screen and on the device, and returns what the screen now shows and the device holds. */
async function merge(local: LocalPoint, server: CollectorSession) {
  await getDb().points.put(local);
  const merged = await mergeServerSession(USER, server, { points: new Map([[KEY, local]]), trials: new Map() });
  return { shown: merged.points[0]?.count ?? local.count, stored: (await getDb().points.get(KEY))?.count };
}

beforeEach(async () => {
  const db = getDb();
  await Promise.all(db.tables.map((t) => t.clear()));
});

describe('a server point against the device row', () => {
  it("keeps this device's later tap made with the clock set right over its earlier one made 3 h ahead", async () => {
    // Count 24 went out while the clock was 3 h ahead; count 25 was tapped after it was set right.
    const local = localCount(25, { recordedAt: at(0), deviceSeq: 41, deviceId: THIS_DEVICE });
    const server = serverCount(24, { recorded_at: at(3 * HOUR), device_seq: 40, device_id: THIS_DEVICE });
    expect(await merge(local, server)).toEqual({ shown: 25, stored: 25 });
  });

  it("takes this device's later write the server holds (another tab sent it) even when its clock was behind", async () => {
    const local = localCount(24, { recordedAt: at(0), deviceSeq: 40, deviceId: THIS_DEVICE });
    const server = serverCount(25, { recorded_at: at(-3 * HOUR), device_seq: 41, device_id: THIS_DEVICE });
    expect(await merge(local, server)).toEqual({ shown: 25, stored: 25 });
  });

  it("orders another device's write by the clock", async () => {
    const local = localCount(7, { recordedAt: at(0), deviceSeq: 40, deviceId: THIS_DEVICE });
    expect(await merge(local, serverCount(9, { recorded_at: at(60_000), device_seq: 3, device_id: OTHER_DEVICE }))).toEqual({
      shown: 9,
      stored: 9,
    });
    const later = localCount(8, { recordedAt: at(0), deviceSeq: 41, deviceId: THIS_DEVICE });
    expect(await merge(later, serverCount(5, { recorded_at: at(-60_000), device_seq: 900, device_id: OTHER_DEVICE }))).toEqual({
      shown: 8,
      stored: 8,
    });
  });
});

describe('isNewer', () => {
  it('breaks a tie of the clock between two devices by the device id, as the server does', () => {
    const a = { recordedAt: at(0), deviceSeq: 1, deviceId: 'device-b' };
    const b = { recordedAt: at(0), deviceSeq: 99, deviceId: 'device-a' };
    expect(isNewer(a, b)).toBe(true);
    expect(isNewer(b, a)).toBe(false);
  });

  it('compares a row stored before the device id was kept by the clock, then the sequence', () => {
    expect(isNewer({ recordedAt: at(1), deviceSeq: 1, deviceId: THIS_DEVICE }, { recordedAt: at(0), deviceSeq: 5 })).toBe(true);
    expect(isNewer({ recordedAt: at(0), deviceSeq: 6, deviceId: THIS_DEVICE }, { recordedAt: at(0), deviceSeq: 5 })).toBe(true);
  });
});
