import { describe, expect, it } from 'vitest';
import { needsAttention, planCounts, planDates, type PlanDatesAnswer } from '../../src/features/scheduling/plan-dates';
import type { SlotOrigin } from '../../src/features/scheduling/plan-form';

const conflict = {
  kind: 'therapist',
  id: '00000000-0000-4000-8000-000000000001',
  label: 'Busy.',
  start_at: '2027-01-05T20:00:00Z',
  end_at: '2027-01-05T20:45:00Z',
};
const session = (start_at: string, slot: number, over: object = {}) => ({
  start_at,
  end_at: start_at.replace(':00:00', ':45:00'),
  slot,
  in_past: false,
  conflicts: [],
  ...over,
});
// Two rows of the form; row 1 was ticked on two days, so slots 1 and 2 both come from it.
const ORIGINS: SlotOrigin[] = [
  { row: 0, weekday: 'TU' },
  { row: 1, weekday: 'TU' },
  { row: 1, weekday: 'TH' },
];

describe("the plan preview's dates", () => {
  const answer: PlanDatesAnswer = {
    count: 3,
    conflict_count: 1,
    sessions: [
      session('2027-01-05T20:00:00Z', 1, { conflicts: [conflict] }),
      session('2027-01-05T20:00:00Z', 0),
      session('2027-01-07T20:00:00Z', 2),
    ],
    skipped: [{ start_at: '2027-01-12T20:00:00Z', slot: 0, closure: 'Winter break' }],
    past_left_out: [{ start_at: '2026-12-29T20:00:00Z', end_at: '2026-12-29T20:45:00Z', slot: 0 }],
  };

  it('lists every date in time order, the form row first at the same time, whatever became of it', () => {
    const dates = planDates(answer, ORIGINS);
    expect(dates.map((d) => [d.kind, d.start_at, d.row])).toEqual([
      ['past', '2026-12-29T20:00:00Z', 0],
      ['planned', '2027-01-05T20:00:00Z', 0],
      ['planned', '2027-01-05T20:00:00Z', 1],
      ['planned', '2027-01-07T20:00:00Z', 1],
      ['closed', '2027-01-12T20:00:00Z', 0],
    ]);
    expect(dates.map(needsAttention)).toEqual([true, false, true, false, true]);
  });

  it('counts what is made, what conflicts, what is past (left out or included) and what a closure skips', () => {
    expect(planCounts(answer)).toEqual({ planned: 3, conflicts: 1, past: 1, pastIncluded: false, closed: 1 });
    const included = {
      ...answer,
      count: 4,
      sessions: [session('2026-12-29T20:00:00Z', 0, { in_past: true }), ...answer.sessions],
      past_left_out: [],
    };
    expect(planCounts(included)).toEqual({ planned: 4, conflicts: 1, past: 1, pastIncluded: true, closed: 1 });
    expect(needsAttention(planDates(included, ORIGINS)[0]!)).toBe(true);
  });
});
