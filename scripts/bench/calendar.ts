import { SCALE_OWNER } from '../../server/seed/scale';
import { nextWeekOf } from '../../server/seed/scale-calendar';
import { DEMO_PASSWORD } from '../../server/seed/demo';
import { percentile } from './harness';
import type { ListTiming } from './admin-lists';

/**
 * The calendar's one read (calendarItems) on the scale organization's busy week (200 therapists,
 * 5,000 sessions: server/seed/scale-calendar.ts), timed one request after another as the calendar
 * screen would ask: the whole week for the owner, one therapist's, one department's, a therapist's
 * own, and the month around it (goal: p95 ≤ 50 ms on PGlite and PostgreSQL). `count` is the sessions answered.
 */
async function signIn(base: string, email: string): Promise<string> {
  const login = await fetch(`${base}/api/users/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!login.ok) {
    throw new Error(`${email} sign-in failed: ${login.status}`);
  }
  return (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

interface Items {
  time_zone: string;
  sessions: unknown[];
  therapists: [number, string, string][];
  departments: [number, string, string][];
}

async function timed(url: string, cookie: string, requests: number): Promise<{ times: number[]; body: Items }> {
  const times: number[] = [];
  let body = {
    time_zone: 'UTC',
    sessions: [],
    therapists: [],
    departments: [],
  } as Items;
  for (let i = 0; i < requests + 3; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    const text = await res.text();
    const elapsed = performance.now() - started;
    if (!res.ok) {
      throw new Error(`${url}: ${res.status} ${text.slice(0, 200)}`);
    }
    body = JSON.parse(text) as Items;
    if (i >= 3) {
      times.push(elapsed); // the first three warm the caches
    }
  }
  return { times: times.sort((a, b) => a - b), body };
}

export async function benchCalendar(base: string, requests: number): Promise<ListTiming[]> {
  const owner = await signIn(base, SCALE_OWNER);
  const orgs = (await (await fetch(`${base}/api/tenant-management/organizations/`, { headers: { cookie: owner } })).json()) as {
    results: { id: string; name: string; code: string }[];
  };
  const org = orgs.results.find((o) => o.name === 'Scale Clinic');
  if (!org) {
    throw new Error('the scale organization is not seeded (BENCH_SCALE_WEEKS)');
  }
  const week = nextWeekOf('America/New_York');
  const url = (from: Date, to: Date, extra = '') =>
    `${base}/api/thera-calendar/items/?organization_id=${org.id}&from=${from.toISOString()}&to=${to.toISOString()}${extra}`;
  const timings: ListTiming[] = [];
  const add = (list: string, run: { times: number[]; body: Items }) =>
    timings.push({ list, count: run.body.sessions.length, medianMs: percentile(run.times, 50), p95Ms: percentile(run.times, 95) });

  const whole = await timed(url(week.from, week.to), owner, requests);
  add('calendar, the whole week (owner)', whole);
  const therapist = whole.body.therapists[0]?.[1] ?? '';
  const department = whole.body.departments[0]?.[1] ?? '';
  add('calendar, one therapist’s week (owner)', await timed(url(week.from, week.to, `&therapist_id=${therapist}`), owner, requests));
  add('calendar, one department’s week (owner)', await timed(url(week.from, week.to, `&department_id=${department}`), owner, requests));
  const monthFrom = new Date(week.from.getTime() - 14 * 24 * 3600_000);
  const monthTo = new Date(week.to.getTime() + 14 * 24 * 3600_000);
  add('calendar, five weeks around it (owner)', await timed(url(monthFrom, monthTo), owner, requests));
  const own = await signIn(base, 'therapist0@scale-clinic.example');
  add('calendar, a therapist’s own week', await timed(url(week.from, week.to), own, requests));
  return timings;
}
