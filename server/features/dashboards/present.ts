import type { DashboardDay, DashboardWeek } from '../../../contract/dashboards';

const DONE = new Set(['completed', 'ended_early']);
const PLANNED = new Set(['scheduled', 'in_progress']);
const CANCELLED = new Set(['cancelled', 'no_show']);

/** A week as the dashboards answer it: each day's sessions by kind of outcome and its data points, and their sums. */
export function presentWeek(
  monday: string,
  timeZone: string,
  dates: string[],
  sessions: ReadonlyArray<{ day: number; status: string; n: number }>,
  points: ReadonlyArray<{ day: number; n: number }>,
): DashboardWeek {
  const days: DashboardDay[] = dates.map((date) => ({
    date,
    sessions_done: 0,
    sessions_planned: 0,
    sessions_cancelled: 0,
    data_points: 0,
  }));
  for (const row of sessions) {
    const day = days[row.day - 1];
    if (!day) {
      continue;
    }
    if (DONE.has(row.status)) {
      day.sessions_done += row.n;
    } else if (PLANNED.has(row.status)) {
      day.sessions_planned += row.n;
    } else if (CANCELLED.has(row.status)) {
      day.sessions_cancelled += row.n;
    }
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
