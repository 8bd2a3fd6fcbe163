import type { ScheduleConflict } from '../../../contract/errors';
import type { SlotOrigin } from './plan-form';

/** What the preview answers of one plan, as far as its dates go (the call's answer has these fields). */
export interface PlanDatesAnswer {
  count: number;
  conflict_count: number;
  sessions: { start_at: string; end_at: string; slot: number; in_past: boolean; conflicts: ScheduleConflict[] }[];
  skipped: { start_at: string; slot: number; closure: string }[];
  past_left_out: { start_at: string; end_at: string; slot: number }[];
}

/**
 * One date of the plan, as the preview lists it: a session it makes (in the past when the person
 * asked to include the past), one left out for being past, or one skipped for a closure.
 */
export type PlanDate =
  | { kind: 'planned'; start_at: string; end_at: string; row: number; inPast: boolean; conflicts: ScheduleConflict[] }
  | { kind: 'past'; start_at: string; end_at: string; row: number }
  | { kind: 'closed'; start_at: string; row: number; closure: string };

/** Every date of the plan in time order (the form's row first on the same instant), whatever became of it. */
export function planDates(answer: PlanDatesAnswer, origins: SlotOrigin[]): PlanDate[] {
  const row = (slot: number) => origins[slot]?.row ?? 0;
  const dates: PlanDate[] = [
    ...answer.sessions.map((s): PlanDate => ({
      kind: 'planned',
      start_at: s.start_at,
      end_at: s.end_at,
      row: row(s.slot),
      inPast: s.in_past,
      conflicts: s.conflicts,
    })),
    ...answer.past_left_out.map((s): PlanDate => ({ kind: 'past', start_at: s.start_at, end_at: s.end_at, row: row(s.slot) })),
    ...answer.skipped.map((s): PlanDate => ({ kind: 'closed', start_at: s.start_at, row: row(s.slot), closure: s.closure })),
  ];
  return dates.sort((a, b) => Date.parse(a.start_at) - Date.parse(b.start_at) || a.row - b.row);
}

export interface PlanCounts {
  /** Sessions the plan makes. */
  planned: number;
  /** Of those, the ones that meet a conflict. */
  conflicts: number;
  /** Past dates: left out, or included when the person asked for them. */
  past: number;
  pastIncluded: boolean;
  /** Dates on a closure of the whole organization, never made. */
  closed: number;
}

export function planCounts(answer: PlanDatesAnswer): PlanCounts {
  const pastIncluded = answer.sessions.filter((s) => s.in_past).length;
  return {
    planned: answer.count,
    conflicts: answer.conflict_count,
    past: pastIncluded + answer.past_left_out.length,
    pastIncluded: pastIncluded > 0,
    closed: answer.skipped.length,
  };
}

/** Whether a date needs the person's eye: a conflict, a past date, a closure. */
export const needsAttention = (date: PlanDate) => date.kind !== 'planned' || date.inPast || date.conflicts.length > 0;
