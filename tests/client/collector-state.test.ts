import { describe, expect, it } from 'vitest';
import {
  currentTrial,
  initialState,
  withPoints,
  withTrial,
  withUndo,
  withoutUndoFor,
  UNDO_DEPTH,
  type CollectorState,
} from '../../src/features/collector/collector-state';
import { summarize, historyOf } from '../../src/features/collector/summary';
import { syncStateOf } from '../../src/features/collector/sync-state';
import { ago, clock, exportFileName, levelLabel } from '../../src/features/collector/format';
import { pointKey, targetKey, type CachedGoal, type CachedSession, type LocalPoint } from '../../src/shared/db/types';
import type { OutboxStatus } from '../../src/shared/outbox/outbox';

const S = '0190f5a2-7c1e-7000-8000-000000000001';
const G = '0190f5a2-7c1e-7000-8000-0000000000a1';
const SUB = '0190f5a2-7c1e-7000-8000-0000000000b1';

const session = {
  id: S,
  organization_id: '0190f5a2-7c1e-7000-8000-0000000000f1',
  student: { id: 'st', first_name: 'Leo', last_name: 'T' },
} as unknown as CachedSession;
const goal = {
  goal_id: G,
  title: 'Imitates',
  measurement: 'discrete',
  planned_trials: 10,
  prompt_hierarchy: [],
  sub_goals: [
    { id: SUB, title: 'clap', position: 0 },
    { id: 'x', title: 'wave', position: 1 },
  ],
} as unknown as CachedGoal;

function point(trialNo: number, outcome: LocalPoint['outcome'], extra: Partial<LocalPoint> = {}): LocalPoint {
  return {
    key: pointKey(S, G, SUB, trialNo),
    id: `p${trialNo}`,
    sessionId: S,
    goalId: G,
    subGoalId: SUB,
    trialNo,
    kind: 'trial',
    outcome,
    promptLevel: null,
    count: null,
    durationMs: null,
    recordedAt: new Date(1_700_000_000_000 + trialNo).toISOString(),
    deviceSeq: trialNo,
    deleted: false,
    corrected: false,
    userId: 'u',
    ...extra,
  };
}

function state(points: LocalPoint[] = []): CollectorState {
  return initialState({ session, goals: [goal], points, trials: [], timers: [], focus: null, history: [], timeZone: undefined });
}

describe('collector state', () => {
  it('starts a target at trial 1 and never lets the current trial fall behind the scored ones', () => {
    expect(currentTrial(state(), G, SUB).trialNo).toBe(1);
    const s = withTrial(state([point(1, 'correct'), point(2, 'incorrect')]), {
      key: targetKey(S, G, SUB),
      sessionId: S,
      trialNo: 1,
      status: 'open',
    });
    expect(currentTrial(s, G, SUB).trialNo).toBe(3);
  });

  it('keeps a trial moved on by "Next trial" ahead of the scored ones', () => {
    const s = withTrial(state([point(1, 'correct')]), { key: targetKey(S, G, SUB), sessionId: S, trialNo: 5, status: 'open' });
    expect(currentTrial(s, G, SUB)).toMatchObject({ trialNo: 5, status: 'open' });
  });

  it('replaces a point with the same key and keeps other targets untouched', () => {
    const other = { ...point(1, 'correct'), key: pointKey(S, G, 'x', 1), subGoalId: 'x' };
    const s = withPoints(state([point(1, 'correct')]), [other]);
    const untouched = s.byTarget[targetKey(S, G, SUB)];
    const next = withPoints(s, [point(1, 'incorrect')]);
    expect(next.byTarget[targetKey(S, G, SUB)]).toHaveLength(1);
    expect(next.byTarget[targetKey(S, G, SUB)]?.[0]?.outcome).toBe('incorrect');
    expect(next.byTarget[targetKey(S, G, 'x')]).toBe(s.byTarget[targetKey(S, G, 'x')]);
    expect(untouched).not.toBe(next.byTarget[targetKey(S, G, SUB)]);
  });

  it('a deleted point frees its trial number again (undo rewinds)', () => {
    const s = withPoints(state([point(1, 'correct'), point(2, 'correct')]), [{ ...point(2, 'correct'), deleted: true }]);
    expect(currentTrial(s, G, SUB).trialNo).toBe(2);
  });

  it('keeps a bounded undo history and forgets steps about a point changed by hand', () => {
    let s = state();
    for (let i = 1; i <= UNDO_DEPTH + 5; i++) {
      s = withUndo(s, { type: 'point', goalId: G, subGoalId: SUB, point: point(i, 'correct'), before: null, label: `t${i}` });
    }
    expect(s.undo).toHaveLength(UNDO_DEPTH);
    expect(s.undo.at(-1)?.label).toBe(`t${UNDO_DEPTH + 5}`);
    s = withoutUndoFor(s, pointKey(S, G, SUB, UNDO_DEPTH + 5));
    expect(s.undo.at(-1)?.label).toBe(`t${UNDO_DEPTH + 4}`);
  });
});

describe('running summary', () => {
  it('counts correct and prompted as correct, only unprompted correct as independent, deleted points not at all', () => {
    const points = [
      point(1, 'correct'),
      point(2, 'prompted', { promptLevel: 'verbal' }),
      point(3, 'incorrect'),
      point(4, 'no_response'),
      point(5, 'correct', { deleted: true }),
    ];
    expect(summarize(goal, points)).toMatchObject({ trials: 4, planned: 20, percentCorrect: 50, percentIndependent: 25 });
  });

  it('has no percentages before the first trial', () => {
    expect(summarize(goal, [])).toMatchObject({ trials: 0, percentCorrect: null, percentIndependent: null });
  });

  it("charts this goal over earlier sessions, oldest first, without this session or a target's own rows", () => {
    const facts = { sub_goal_id: null, therapist_id: 'm', minutes: 60, correct: 0, prompted: 0, count: 0, duration_ms: 0, episodes: 0 };
    const rows = [
      { ...facts, session_id: 'b', start_at: '2026-01-02T10:00:00Z', goal_id: G, trials: 5, percent_correct: 60 },
      { ...facts, session_id: 'a', start_at: '2026-01-01T10:00:00Z', goal_id: G, trials: 5, percent_correct: 40 },
      { ...facts, session_id: 'a', start_at: '2026-01-01T10:00:00Z', goal_id: G, sub_goal_id: SUB, trials: 2, percent_correct: 0 },
      { ...facts, session_id: S, start_at: '2026-01-03T10:00:00Z', goal_id: G, trials: 5, percent_correct: 90 },
      { ...facts, session_id: 'c', start_at: '2026-01-02T12:00:00Z', goal_id: 'other', trials: 5, percent_correct: 10 },
      { ...facts, session_id: 'd', start_at: '2026-01-02T13:00:00Z', goal_id: G, trials: 0, percent_correct: null },
    ];
    expect(historyOf(G, S, rows).map((r) => r.value)).toEqual([40, 60]);
  });
});

describe('sync indicator state', () => {
  const status = (over: Partial<OutboxStatus> = {}): OutboxStatus => ({
    pending: 0,
    inflight: 0,
    attention: [],
    oldestAt: null,
    lastSyncAt: null,
    paused: null,
    sending: false,
    ...over,
  });
  it('says what holds, in order of urgency', () => {
    expect(syncStateOf(null, true)).toBe('checking');
    expect(syncStateOf(status(), true)).toBe('sent');
    expect(syncStateOf(status({ pending: 3, sending: true }), true)).toBe('sending');
    expect(syncStateOf(status({ pending: 3, sending: true }), false)).toBe('saved');
    expect(syncStateOf(status({ pending: 3 }), true)).toBe('saved');
    expect(syncStateOf(status({ pending: 3, paused: 'signin' }), true)).toBe('signin');
    expect(syncStateOf(status({ pending: 3, paused: 'unlock' }), true)).toBe('unlock');
    expect(syncStateOf(status({ attention: [{} as never] }), true)).toBe('attention');
  });
});

describe('formatting', () => {
  it('names the export file by local date and time', () => {
    expect(exportFileName(new Date(2026, 10, 2, 9, 5))).toBe('thera-unsynced-20261102-0905.json');
  });
  it('shows prompt levels as words, durations as a clock, ages in words', () => {
    expect(levelLabel('full_physical')).toBe('Full physical');
    expect(clock(65_000)).toBe('1:05');
    expect(clock(3_725_000)).toBe('1:02:05');
    expect(ago(0, 10_000)).toBe('just now');
    expect(ago(0, 5 * 60_000)).toBe('5 min ago');
  });
});
