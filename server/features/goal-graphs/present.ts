import type { GoalGraph, GraphFigures, GraphPhase, GraphSession } from '../../../contract/goal-graphs';
import { measureValue, type SessionMeasures } from '../../../contract/mastery-measures';
import { presentGoalPlan } from '../../lib/goal-plan';
import type { SessionResult } from '../../lib/session-results';
import type { GraphHead, RevisionRow } from './repository';

type Measurement = GraphHead['goal']['measurement'];

/** One session's facts as the figures of the goal's measurement (measureValue is the one meaning of each). */
export function presentFigures(measurement: Measurement, m: SessionMeasures): GraphFigures {
  switch (measurement) {
    case 'discrete':
      return {
        trials: m.trials,
        correct: m.correct,
        prompted: m.prompted,
        percent_correct: measureValue('percent_correct', m),
        percent_independent: measureValue('percent_independent', m),
      };
    case 'frequency': {
      const perHour = measureValue('count_per_hour', m);
      return { count: m.count, per_minute: perHour === null ? null : perHour / 60, per_hour: perHour };
    }
    case 'duration': {
      const minutes = measureValue('duration_minutes', m);
      return { duration_minutes: minutes, mean_minutes: minutes === null ? null : minutes / m.episodes, episodes: m.episodes };
    }
  }
}

/**
 * Prompted trials per level in the goal's hierarchy order (most intrusive first); a level the
 * hierarchy no longer names (it was edited since) follows, by name.
 */
function orderedPromptLevels(levels: Record<string, number>, hierarchy: readonly string[]) {
  const rank = (level: string) => {
    const at = hierarchy.indexOf(level);
    return at === -1 ? hierarchy.length : at;
  };
  return Object.entries(levels)
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([level, count]) => ({ level, count }));
}

/** The results grouped per session (oldest first): the goal's row, and its targets' rows in target order. */
function presentSessions(head: GraphHead, results: SessionResult[]): GraphSession[] {
  const position = new Map(head.goal.subGoals.map((s, i) => [s.id, i]));
  const names = new Map(head.therapists.map((t) => [t.id, t.name]));
  const bySession = new Map<string, { overall?: SessionResult; targets: SessionResult[] }>();
  for (const r of results) {
    const entry = bySession.get(r.session_id) ?? { targets: [] };
    if (r.sub_goal_id === null) {
      entry.overall = r;
    } else {
      entry.targets.push(r);
    }
    bySession.set(r.session_id, entry);
  }
  const sessions: GraphSession[] = [];
  for (const [sessionId, { overall, targets }] of bySession) {
    if (!overall) {
      continue;
    }
    targets.sort((a, b) => (position.get(a.sub_goal_id!) ?? Infinity) - (position.get(b.sub_goal_id!) ?? Infinity));
    sessions.push({
      session_id: sessionId,
      at: overall.at,
      therapist: { id: overall.therapist_id, name: names.get(overall.therapist_id) ?? 'Unknown therapist' },
      minutes: overall.minutes,
      overall: presentFigures(head.goal.measurement, overall),
      targets: targets.map((t) => ({ sub_goal_id: t.sub_goal_id!, ...presentFigures(head.goal.measurement, t) })),
      prompt_levels: orderedPromptLevels(overall.prompt_levels, head.goal.promptHierarchy),
    });
  }
  return sessions.sort((a, b) => a.at.localeCompare(b.at) || a.session_id.localeCompare(b.session_id));
}

/**
 * A revision's phase line goes after the session it follows: the session that caused it (a
 * mastery), else the last shown session that started at or before the change. A change made while
 * a session ran is drawn after that session, whose data was taught the old way.
 */
function presentPhase(r: RevisionRow, sessions: GraphSession[]): GraphPhase {
  const changedAt = new Date(r.changed_at).toISOString();
  let after: string | null = null;
  if (r.session_id && sessions.some((s) => s.session_id === r.session_id)) {
    after = r.session_id;
  } else {
    for (const s of sessions) {
      if (s.at <= changedAt) {
        after = s.session_id;
      }
    }
  }
  return {
    id: r.id,
    changed_at: changedAt,
    kinds: r.kinds,
    label: r.label,
    changed_by: r.changed_by ? { id: r.changed_by, name: r.changed_by_name ?? 'Unknown person' } : null,
    session_id: r.session_id,
    after_session_id: after,
  };
}

/** The graph's answer: the plan, the student, the sessions with data and the phase lines within the days shown. */
export function presentGraph(head: GraphHead, results: SessionResult[], window: { since?: Date; before?: Date }): GoalGraph {
  const sessions = presentSessions(head, results);
  const inWindow = (r: RevisionRow) => {
    const at = Date.parse(r.changed_at);
    return (!window.since || at >= window.since.getTime()) && (!window.before || at < window.before.getTime());
  };
  return {
    goal: presentGoalPlan(head.goal),
    student: { id: head.goal.studentId, first_name: head.firstName, last_name: head.lastName },
    time_zone: head.timeZone,
    sessions,
    phases: head.revisions.filter(inWindow).map((r) => presentPhase(r, sessions)),
  };
}
