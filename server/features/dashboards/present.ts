import type { DashboardDay, DashboardPeriod, DashboardPeriodDay, DashboardWeek } from '../../../contract/dashboards';
import { SessionStatus } from '../../../contract/scheduling';

const DONE = new Set(['completed', 'ended_early']);
const PLANNED = new Set(['scheduled', 'in_progress']);
const CANCELLED = new Set(['cancelled', 'no_show']);

type SessionKinds = Pick<DashboardDay, 'sessions_done' | 'sessions_planned' | 'sessions_cancelled'>;

/** A day's session counts before its sessions are counted in. */
const NO_SESSIONS: SessionKinds = { sessions_done: 0, sessions_planned: 0, sessions_cancelled: 0 };

function countSession(day: SessionKinds, status: string, n: number) {
  if (DONE.has(status)) {
    day.sessions_done += n;
  } else if (PLANNED.has(status)) {
    day.sessions_planned += n;
  } else if (CANCELLED.has(status)) {
    day.sessions_cancelled += n;
  }
}

/** A week as the dashboards answer it: each day's sessions by kind of outcome and its data points, and their sums. */
export function presentWeek(
  monday: string,
  timeZone: string,
  dates: string[],
  sessions: ReadonlyArray<{ day: number; status: string; n: number }>,
  points: ReadonlyArray<{ day: number; n: number }>,
): DashboardWeek {
  const days: DashboardDay[] = dates.map((date) => ({ date, ...NO_SESSIONS, data_points: 0 }));
  for (const row of sessions) {
    const day = days[row.day - 1];
    if (!day) {
      continue;
    }
    countSession(day, row.status, row.n);
  }
  for (const row of points) {
    const day = days[row.day - 1];
    if (day) {
      day.data_points += row.n;
    }
  }
  const sum = (key: Exclude<keyof DashboardDay, 'date'>) => days.reduce((total, day) => total + day[key], 0);
  return {
    week_start: monday,
    time_zone: timeZone,
    sessions_done: sum('sessions_done'),
    sessions_planned: sum('sessions_planned'),
    sessions_cancelled: sum('sessions_cancelled'),
    data_points: sum('data_points'),
    days,
  };
}

/**
 * A member's period: each day's workspace minutes (rounded from the day's seconds) and sessions by
 * kind, the period's minutes as the days' sum (so the figure and the days agree), sessions by status.
 */
export function presentPeriod(
  timeZone: string,
  dates: string[],
  sessions: ReadonlyArray<{ day: number; status: string; n: number }>,
  workspace: ReadonlyArray<{ day: number; seconds: number }>,
): DashboardPeriod {
  const days: DashboardPeriodDay[] = dates.map((date) => ({ date, workspace_minutes: 0, ...NO_SESSIONS }));
  const byStatus = Object.fromEntries(SessionStatus.options.map((status) => [status, 0])) as DashboardPeriod['sessions_by_status'];
  for (const row of sessions) {
    const day = days[row.day - 1];
    if (!day || !(row.status in byStatus)) {
      continue;
    }
    byStatus[row.status as keyof typeof byStatus] += row.n;
    countSession(day, row.status, row.n);
  }
  for (const row of workspace) {
    const day = days[row.day - 1];
    if (day) {
      day.workspace_minutes = Math.round(row.seconds / 60);
    }
  }
  return {
    from: dates[0]!,
    to: dates.at(-1)!,
    time_zone: timeZone,
    workspace_minutes: days.reduce((total, day) => total + day.workspace_minutes, 0),
    sessions_by_status: byStatus,
    days,
  };
}
