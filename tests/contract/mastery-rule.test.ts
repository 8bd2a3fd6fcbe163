/**
 * The mastery rule (contract/mastery-rule.ts) against series worked by hand. Each case writes its
 * sessions oldest first, with what each session scored and who ran it, and the answer worked out.
 */
import { describe, expect, it } from 'vitest';
import type { MasteryCriterion } from '../../contract/mastery';
import type { SessionMeasures } from '../../contract/mastery-measures';
import { applyMastery, evaluateMastery, latestRunMeets, startingTargetStatus, type MasteryPlan } from '../../contract/mastery-rule';

const ANA = 'therapist-ana';
const BEN = 'therapist-ben';

let n = 0;
/** One session: `correct` of `trials` scored correct (no prompted ones), run by `by`, 60 minutes long. */
function trials(correct: number, of: number, by = ANA, extra: Partial<SessionMeasures> = {}): SessionMeasures {
  n += 1;
  return {
    session_id: `s${n}`,
    at: new Date(Date.UTC(2026, 10, n)).toISOString(),
    therapist_id: by,
    minutes: 60,
    trials: of,
    correct,
    prompted: 0,
    prompt_levels: {},
    count: 0,
    duration_ms: 0,
    episodes: 0,
    ...extra,
  };
}
const counted = (count: number, minutes: number) => trials(0, 0, ANA, { count, minutes });
const timed = (ms: number) => trials(0, 0, ANA, { duration_ms: ms, episodes: 1 });
/** A session of the student with data for other targets only: nothing for this series. */
const noData = () => trials(0, 0);

const eighty: MasteryCriterion = { measure: 'percent_correct', comparison: 'at_least', threshold: 80, sessions: 3, min_therapists: 1 };

describe('a series meets the criterion', () => {
  it('80 % over 3: a miss in the middle is not mastered, then 3 in a row are, by the 3rd', () => {
    // 90 %, 60 % (miss), 85 %: the latest three hold a miss.
    const s = [trials(9, 10), trials(6, 10), trials(17, 20)];
    expect(latestRunMeets(eighty, s)).toBeNull();
    // Then 80 % and 100 %: the latest three are 85, 80, 100, all at least 80.
    const a = trials(8, 10);
    const b = trials(10, 10);
    expect(latestRunMeets(eighty, [...s, a])).toBeNull();
    expect(latestRunMeets(eighty, [...s, a, b])).toEqual({ session_id: b.session_id, at: b.at, values: [85, 80, 100] });
  });

  it('prompted responses count as correct for % correct, not for % independent', () => {
    const s = [1, 2, 3].map(() => trials(6, 10, ANA, { prompted: 3 }));
    expect(latestRunMeets(eighty, s)?.values).toEqual([90, 90, 90]);
    expect(latestRunMeets({ ...eighty, measure: 'percent_independent' }, s)).toBeNull();
  });

  it('sessions without data for the series neither count nor break the run', () => {
    const s = [trials(9, 10), noData(), trials(8, 10), noData(), trials(10, 10)];
    expect(latestRunMeets(eighty, s)?.values).toEqual([90, 80, 100]);
    expect(latestRunMeets(eighty, [trials(9, 10), noData(), trials(9, 10)])).toBeNull();
  });

  it('2 therapists required and only 1 present: not mastered; a second therapist in the run: mastered', () => {
    const two = { ...eighty, min_therapists: 2 };
    expect(latestRunMeets(two, [trials(9, 10), trials(9, 10), trials(9, 10)])).toBeNull();
    expect(latestRunMeets(two, [trials(9, 10), trials(9, 10, BEN), trials(9, 10)])).not.toBeNull();
    // Ben's session is older than the run of three: still only Ana in it.
    expect(latestRunMeets(two, [trials(9, 10, BEN), trials(9, 10), trials(9, 10), trials(9, 10)])).toBeNull();
  });

  it('at most 2 per hour over 5 sessions: a rate is the count over the session length', () => {
    const atMost: MasteryCriterion = { measure: 'count_per_hour', comparison: 'at_most', threshold: 2, sessions: 5, min_therapists: 1 };
    // 1 in 60 min = 1/h; 1 in 30 min = 2/h (at the limit); 3 in 60 min = 3/h (over).
    const four = [counted(1, 60), counted(1, 30), counted(0, 45), counted(2, 60)];
    expect(latestRunMeets(atMost, four)).toBeNull();
    expect(latestRunMeets(atMost, [...four, counted(3, 60)])).toBeNull();
    const fifth = counted(1, 120);
    expect(latestRunMeets(atMost, [counted(3, 60), ...four, fifth])?.values).toEqual([1, 2, 0, 2, 0.5]);
  });

  it('duration: at least 5 minutes in each of 2 sessions', () => {
    const minutes: MasteryCriterion = { measure: 'duration_minutes', comparison: 'at_least', threshold: 5, sessions: 2, min_therapists: 1 };
    expect(latestRunMeets(minutes, [timed(300_000), timed(240_000)])).toBeNull();
    expect(latestRunMeets(minutes, [timed(240_000), timed(300_000), noData(), timed(420_000)])?.values).toEqual([5, 7]);
  });
});

const plan = (targets: [string, 'upcoming' | 'active' | 'maintenance'][], inSequence: boolean): MasteryPlan => ({
  status: 'in_treatment',
  criterion: eighty,
  targets_in_sequence: inSequence,
  targets: targets.map(([title, status], position) => ({ id: title, title, position, status })),
});
const met = () => [trials(8, 10), trials(9, 10), trials(10, 10)];

describe('a goal and its targets', () => {
  it('targets in sequence: red mastered moves to maintenance and blue starts; the goal waits for blue', () => {
    const p = plan(
      [
        ['red', 'active'],
        ['blue', 'upcoming'],
      ],
      true,
    );
    const red = met();
    const out = evaluateMastery(p, { goal: red, targets: { red } });
    expect(out.mastered.map((t) => [t.title, t.run.session_id])).toEqual([['red', red[2]!.session_id]]);
    expect(out.started.map((t) => t.title)).toEqual(['blue']);
    expect(out.goal).toBeNull();
    const next = applyMastery(p, out);
    expect(next.targets.map((t) => t.status)).toEqual(['maintenance', 'active']);
    // Red's run still meets, but red is in maintenance: not evaluated again. Blue meets: the goal is mastered by blue's session.
    const blue = met();
    const done = evaluateMastery(next, { goal: [...red, ...blue], targets: { red, blue } });
    expect(done.mastered.map((t) => t.title)).toEqual(['blue']);
    expect(done.goal?.session_id).toBe(blue[2]!.session_id);
    expect(applyMastery(next, done).status).toBe('mastered');
  });

  it('an upcoming target is not evaluated, whatever its data', () => {
    const out = evaluateMastery(
      plan(
        [
          ['red', 'active'],
          ['blue', 'upcoming'],
        ],
        true,
      ),
      { goal: [], targets: { blue: met() } },
    );
    expect(out).toEqual({ mastered: [], started: [], goal: null });
  });

  it('targets taught together: each is mastered on its own, the goal once every one is', () => {
    const p = plan(
      [
        ['red', 'active'],
        ['blue', 'active'],
      ],
      false,
    );
    const red = met();
    const first = evaluateMastery(p, { goal: red, targets: { red, blue: [trials(5, 10)] } });
    expect([first.mastered.map((t) => t.title), first.started, first.goal]).toEqual([['red'], [], null]);
    const blue = met();
    const second = evaluateMastery(applyMastery(p, first), { goal: blue, targets: { red, blue } });
    expect(second.goal?.session_id).toBe(blue[2]!.session_id);
  });

  it('a goal without targets: its own series decides', () => {
    const p = plan([], false);
    const s = [trials(8, 10), trials(7, 10), trials(9, 10)];
    expect(evaluateMastery(p, { goal: s, targets: {} }).goal).toBeNull();
    const last = trials(10, 10);
    const third = [...s.slice(2), trials(8, 10), last];
    expect(evaluateMastery(p, { goal: [...s, ...third.slice(1)], targets: {} }).goal?.session_id).toBe(last.session_id);
  });

  it('only goals in treatment are evaluated, and only with a criterion', () => {
    for (const status of ['baseline', 'mastered', 'on_hold', 'discontinued'] as const) {
      expect(evaluateMastery({ ...plan([], false), status }, { goal: met(), targets: {} }).goal).toBeNull();
    }
    expect(evaluateMastery({ ...plan([], false), criterion: null }, { goal: met(), targets: {} }).goal).toBeNull();
  });

  it('new targets: in sequence only the first is active, otherwise all are', () => {
    expect([0, 1, 2].map((i) => startingTargetStatus(true, i))).toEqual(['active', 'upcoming', 'upcoming']);
    expect([0, 1, 2].map((i) => startingTargetStatus(false, i))).toEqual(['active', 'active', 'active']);
  });
});
