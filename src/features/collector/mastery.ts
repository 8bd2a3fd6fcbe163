/**
 * The mastery rule on the tablet: the same evaluator as the server's (contract/mastery-rule.ts),
 * over the student's recent history the tablet keeps and this session's points on the device, so
 * the tap that meets a criterion shows it at once, offline too. The server's result wins: once the
 * server's answer holds every point the device has for the goal, only the server's statuses show.
 */
import type { TargetStatus } from '../../../contract/mastery';
import { describeCriterion, type SessionMeasures } from '../../../contract/mastery-measures';
import { applyMastery, evaluateMastery, type MasteryPlan, type MasterySeries } from '../../../contract/mastery-rule';
import type { CachedGoal, CachedSession, LocalPoint } from '../../shared/db/types';
import type { HistoryRow } from './local-store';

/** What the goal card shows when this session met the criterion. */
export interface MasteryMoment {
  /** The banner's sentence. */
  text: string;
  /** Each target's status once the moment is counted. */
  stages: Record<string, TargetStatus>;
}

const EMPTY: Omit<SessionMeasures, 'session_id' | 'at' | 'therapist_id' | 'minutes'> = {
  trials: 0,
  correct: 0,
  prompted: 0,
  prompt_levels: {},
  count: 0,
  duration_ms: 0,
  episodes: 0,
};

/** Other sessions' results of one goal, per target and overall, oldest first. */
export function historySeries(goalId: string, sessionId: string, rows: HistoryRow[]): MasterySeries {
  const series: MasterySeries = { goal: [], targets: {} };
  const sorted = rows
    .filter((r) => r.goal_id === goalId && r.session_id !== sessionId)
    .sort((a, b) => a.start_at.localeCompare(b.start_at));
  for (const r of sorted) {
    const m: SessionMeasures = { ...r, at: r.start_at, prompt_levels: {} };
    if (r.sub_goal_id === null) {
      series.goal.push(m);
    } else {
      (series.targets[r.sub_goal_id] ??= []).push(m);
    }
  }
  return series;
}

/** This session's measures from the device's live points (as the server sums them), null without any. */
export function deviceMeasures(session: CachedSession, points: LocalPoint[]): SessionMeasures | null {
  const live = points.filter((p) => !p.deleted);
  if (live.length === 0) {
    return null;
  }
  const m: SessionMeasures = {
    ...EMPTY,
    session_id: session.id,
    at: session.start_at,
    therapist_id: session.therapist_id,
    minutes: Math.max(0, (Date.parse(session.ended_at ?? session.end_at) - Date.parse(session.started_at ?? session.start_at)) / 60_000),
  };
  for (const p of live) {
    if (p.kind === 'trial' && p.outcome) {
      m.trials += 1;
      m.correct += p.outcome === 'correct' ? 1 : 0;
      m.prompted += p.outcome === 'prompted' ? 1 : 0;
    } else if (p.kind === 'frequency') {
      m.count += p.count ?? 0;
    } else if (p.kind === 'duration') {
      m.duration_ms += p.durationMs ?? 0;
      m.episodes += 1;
    }
  }
  return m;
}

const withSession = (series: SessionMeasures[] | undefined, m: SessionMeasures | null) => (m ? [...(series ?? []), m] : (series ?? []));

function planOf(goal: CachedGoal): MasteryPlan {
  return {
    status: goal.status,
    criterion: goal.mastery_criterion,
    targets_in_sequence: goal.targets_in_sequence,
    targets: goal.sub_goals.map((s) => ({ id: s.id, title: s.title, position: s.position, status: s.status })),
  };
}

/** The banner's sentence: what was met, which target moves to maintenance and which starts, or the goal. */
function sentence(goal: CachedGoal, mastered: string[], next: string | null, goalMastered: boolean): string {
  const criterion = goal.mastery_criterion ? describeCriterion(goal.mastery_criterion) : 'the mastery criterion';
  const met = `Mastered: ${criterion.charAt(0).toLowerCase()}${criterion.slice(1)}`;
  const parts = mastered.map((title) => `target “${title}” moves to maintenance`);
  if (next) {
    parts.push(`next: “${next}”`);
  }
  if (goalMastered) {
    parts.push(goal.sub_goals.length ? 'every target is mastered, and so is the goal' : 'the goal is mastered');
  }
  return `${met} — ${parts.join('; ')}.`;
}

/**
 * What this session mastered of a goal: what the server recorded for it, and (while the device holds
 * points the server has not answered for) the device's own evaluation on top of the server's plan.
 * `guess` false leaves only the server's word.
 */
export function masteryMoment(
  goal: CachedGoal,
  session: CachedSession,
  series: MasterySeries,
  lists: { id: string | null; points: LocalPoint[] }[],
  guess: boolean,
): MasteryMoment | null {
  if (!goal.mastery_criterion) {
    return null;
  }
  const plan = planOf(goal);
  const recorded = plan.targets.filter((t) => goal.sub_goals.find((s) => s.id === t.id)?.mastered_session_id === session.id);
  let after = plan;
  let mastered = recorded.map((t) => t.title);
  let goalMastered = goal.mastered_session_id === session.id;
  if (guess) {
    const own = (id: string | null) =>
      deviceMeasures(
        session,
        lists.filter((l) => id === null || l.id === id).flatMap((l) => l.points),
      );
    const outcome = evaluateMastery(plan, {
      goal: withSession(series.goal, own(null)),
      targets: Object.fromEntries(plan.targets.map((t) => [t.id, withSession(series.targets[t.id], own(t.id))])),
    });
    after = applyMastery(plan, outcome);
    mastered = [...mastered, ...outcome.mastered.map((t) => t.title)];
    goalMastered ||= outcome.goal !== null;
  }
  if (mastered.length === 0 && !goalMastered) {
    return null;
  }
  const next = plan.targets_in_sequence
    ? ([...after.targets].sort((a, b) => a.position - b.position).find((t) => t.status === 'active')?.title ?? null)
    : null;
  return {
    text: sentence(goal, mastered, goalMastered ? null : next, goalMastered),
    stages: Object.fromEntries(after.targets.map((t) => [t.id, t.status])),
  };
}
