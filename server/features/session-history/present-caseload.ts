/** The caseload's items: which goals are stale or near mastery, and a student's row of them. */
import { describeCriterion, type SessionMeasures } from '../../../contract/mastery-measures';
import type { CaseloadStudent, NearMasteryItem } from '../../../contract/session-history';
import type { SessionResult } from '../../lib/session-results';
import { nearMastery } from '../../../contract/mastery-rule';
import type { CaseloadGoalRow, NoNoteRow, ScopeStudent } from './repository-caseload';
import { personName } from './present';

const iso = (value: Date | string) => new Date(value).toISOString();
const lastAt = (rows: readonly SessionResult[]) =>
  rows.reduce<string | null>((last, r) => (last === null || r.at > last ? r.at : last), null);

/**
 * Goals in treatment with no data since `since` (ms): their data stopped, or they never had any and
 * were given more than that long ago. A goal given this week is not stale for lacking data yet.
 */
export function staleGoals(goals: readonly CaseloadGoalRow[], results: readonly SessionResult[], since: number) {
  return goals
    .filter((g) => g.status === 'in_treatment')
    .map((g) => ({ g, last: lastAt(results.filter((r) => r.goal_id === g.id && r.sub_goal_id === null)) }))
    .filter(({ g, last }) => (last === null ? new Date(g.created_at).getTime() <= since : Date.parse(last) < since))
    .map(({ g, last }) => ({ goal_id: g.id, title: g.title, measurement: g.measurement, last_data_at: last }));
}

/**
 * Goals (or, for a goal whose data is kept per target, each target not in maintenance) whose
 * criterion is set and whose latest session meets it, while the goal is not mastered.
 */
export function nearMasteryItems(goals: readonly CaseloadGoalRow[], results: readonly SessionResult[]): NearMasteryItem[] {
  const items: NearMasteryItem[] = [];
  for (const g of goals) {
    const criterion = g.mastery_criterion;
    if (!criterion || g.status === 'mastered' || g.status === 'discontinued' || g.status === 'on_hold') {
      continue;
    }
    const ofGoal = results.filter((r) => r.goal_id === g.id);
    const perTarget = ofGoal.some((r) => r.sub_goal_id !== null);
    const series: { target: { id: string; title: string } | null; rows: SessionMeasures[] }[] = perTarget
      ? (g.targets ?? [])
          .filter((t) => t.status !== 'maintenance')
          .map((t) => ({ target: t, rows: ofGoal.filter((r) => r.sub_goal_id === t.id) }))
      : [{ target: null, rows: ofGoal.filter((r) => r.sub_goal_id === null) }];
    for (const { target, rows } of series) {
      const near = nearMastery(criterion, rows);
      if (near) {
        items.push({
          goal_id: g.id,
          title: g.title,
          measurement: g.measurement,
          last_data_at: rows.at(-1)?.at ?? null,
          sub_goal_id: target?.id ?? null,
          target: target?.title ?? null,
          criterion,
          criterion_text: describeCriterion(criterion),
          latest_value: Math.round(near.latest * 10) / 10,
          met_in_a_row: near.metInARow,
          therapists: near.therapists,
        });
      }
    }
  }
  return items;
}

export function presentCaseloadStudent(
  s: ScopeStudent,
  items: Pick<CaseloadStudent, 'stale' | 'near_mastery'> & { no_note: NoNoteRow[] },
): CaseloadStudent {
  return {
    id: s.id,
    first_name: s.first_name,
    last_name: s.last_name,
    stale: items.stale,
    near_mastery: items.near_mastery,
    no_note: items.no_note.map((n) => ({
      session_id: n.id,
      planned_start: iso(n.planned_start),
      status: n.status,
      therapist: { id: n.therapist_id, name: personName(n.first_name, n.last_name) },
    })),
  };
}
