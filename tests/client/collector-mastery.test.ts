/**
 * The mastery rule on the tablet (src/features/collector/mastery.ts): the device's history and this
 * session's points, put to the same evaluator as the server's, and the server's word once it has it.
 * Worked by hand: "Imitates" with targets "red" then "blue" (in sequence), at least 80 % correct over
 * 3 sessions. Red scored 90 % and 100 % in two earlier sessions; in this one 8 of 10 correct so far.
 */
import { describe, expect, it } from 'vitest';
import type { HistoryRow } from '../../src/features/collector/local-store';
import { deviceMeasures, historySeries, masteryMoment } from '../../src/features/collector/mastery';
import { pointKey, type CachedGoal, type CachedSession, type LocalPoint } from '../../src/shared/db/types';

const S = 'session-now';
const G = 'goal-imitates';
const session = {
  id: S,
  start_at: '2026-11-20T10:00:00Z',
  end_at: '2026-11-20T11:00:00Z',
  started_at: null,
  ended_at: null,
  therapist_id: 'therapist-ana',
} as unknown as CachedSession;
const goal = (red: 'active' | 'maintenance', blue: 'upcoming' | 'active', masteredIn: string | null = null) =>
  ({
    goal_id: G,
    title: 'Imitates',
    status: 'in_treatment',
    mastery_criterion: { measure: 'percent_correct', comparison: 'at_least', threshold: 80, sessions: 3, min_therapists: 1 },
    targets_in_sequence: true,
    mastered_at: null,
    mastered_session_id: null,
    sub_goals: [
      { id: 'red', title: 'red', position: 0, status: red, mastered_at: null, mastered_session_id: masteredIn },
      { id: 'blue', title: 'blue', position: 1, status: blue, mastered_at: null, mastered_session_id: null },
    ],
  }) as unknown as CachedGoal;

const earlier = (session_id: string, start_at: string, correct: number): HistoryRow => ({
  session_id,
  start_at,
  goal_id: G,
  sub_goal_id: 'red',
  therapist_id: 'therapist-ana',
  minutes: 60,
  trials: 10,
  correct,
  prompted: 0,
  count: 0,
  duration_ms: 0,
  episodes: 0,
  percent_correct: correct * 10,
});
const history = [earlier('s2', '2026-11-19T10:00:00Z', 10), earlier('s1', '2026-11-18T10:00:00Z', 9)];

const taps = (correct: number, of: number): LocalPoint[] =>
  Array.from({ length: of }, (_, i) => ({
    key: pointKey(S, G, 'red', i + 1),
    id: `p${i}`,
    sessionId: S,
    goalId: G,
    subGoalId: 'red',
    trialNo: i + 1,
    kind: 'trial',
    outcome: i < correct ? 'correct' : 'incorrect',
    promptLevel: null,
    count: null,
    durationMs: null,
    recordedAt: '2026-11-20T10:10:00Z',
    deviceSeq: i,
    deleted: false,
    corrected: false,
    userId: 'u',
  }));

describe('mastery on the tablet', () => {
  const series = historySeries(G, S, history);

  it('sums this session on the device as the server does', () => {
    expect(deviceMeasures(session, taps(8, 10))).toMatchObject({ trials: 10, correct: 8, minutes: 60, therapist_id: 'therapist-ana' });
    expect(series.targets.red?.map((m) => m.session_id)).toEqual(['s1', 's2']);
  });

  it('shows the moment the tap meets the criterion: red to maintenance, blue next', () => {
    // 7 of 10 (70 %): not yet.
    expect(masteryMoment(goal('active', 'upcoming'), session, series, [{ id: 'red', points: taps(7, 10) }], true)).toBeNull();
    const moment = masteryMoment(goal('active', 'upcoming'), session, series, [{ id: 'red', points: taps(8, 10) }], true);
    expect(moment).toEqual({
      text: 'Mastered: at least 80 % correct over 3 consecutive sessions — target “red” moves to maintenance; next: “blue”.',
      stages: { red: 'maintenance', blue: 'active' },
    });
  });

  it("shows the server's word once it has every point: its mastery, or none", () => {
    const points = [{ id: 'red', points: taps(8, 10) }];
    expect(masteryMoment(goal('active', 'upcoming'), session, series, points, false)).toBeNull();
    expect(masteryMoment(goal('maintenance', 'active', S), session, series, points, false)?.stages).toEqual({
      red: 'maintenance',
      blue: 'active',
    });
  });
});
