import { randomUUID } from 'node:crypto';
import { chromium } from '@playwright/test';
import { findChromium } from '../../scripts/ensure-chromium';
import { percentile } from '../../scripts/bench/harness';
import { DEMO_PASSWORD } from '../../server/seed/demo';

export interface GoalGraphTiming {
  /** Sessions with data in the graph's answer. */
  sessions: number;
  /** In Chromium at 1x CPU: from the graph call's answer received to the graph and its table painted. */
  drawMedianMs: number;
  drawMaxMs: number;
  /** The graph call itself, measured by the client on the same server: p95 and median. */
  callP95Ms: number;
  callMedianMs: number;
}

const OWNER = 'owner@harbor-clinic.example';
const THERAPIST = 'jordan.reyes@thera-demo.example';
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR'] as const;
const OUTCOMES = ['correct', 'correct', 'prompted', 'incorrect', 'correct', 'prompted', 'correct', 'no_response'] as const;

async function signIn(base: string, email: string) {
  const login = await fetch(`${base}/api/users/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!login.ok) {
    throw new Error(`${email} sign-in failed: ${login.status}`);
  }
  const body = (await login.json()) as { active_organization_id: string };
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const send = async <T>(method: string, path: string, data?: unknown): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, ...(data === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(data === undefined ? {} : { body: JSON.stringify(data) }),
    });
    if (!res.ok) {
      throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    }
    return (await res.json()) as T;
  };
  return { organizationId: body.active_organization_id, send };
}

type Goal = { goal_id: string; measurement: string; prompt_hierarchy: string[]; sub_goals: { id: string }[] };

/**
 * The demo therapist's student given `sessions` past sessions (the desk's weekly plan, weekday
 * mornings going back), each with ten trials on each of three targets of one discrete goal,
 * prompted at the hierarchy's levels in turn: real rows, sent through the real calls.
 */
export async function seedGoalHistory(base: string, sessions: number) {
  const owner = await signIn(base, OWNER);
  const org = owner.organizationId;
  const list = await owner.send<{ results: { therapist_id: string; student: { id: string }; department: { id: string } | null }[] }>(
    'GET',
    `/api/scheduling/therasessions/?organization_id=${org}&page_size=100`,
  );
  const therapist = await signIn(base, THERAPIST);
  const mine = await therapist.send<{ results: { therapist_id: string }[] }>(
    'GET',
    `/api/scheduling/therasessions/?organization_id=${org}`,
  );
  const like = list.results.find((s) => s.therapist_id === mine.results[0]?.therapist_id && s.department)!;
  const goals = await owner.send<{ results: Goal[] }>(
    'GET',
    `/api/theragoals/organization/${org}/assigned-goals/?student_ids=${like.student.id}`,
  );
  const goal = goals.results.find((g) => g.measurement === 'discrete' && g.sub_goals.length >= 2)!;
  const weeks = Math.ceil(sessions / WEEKDAYS.length) + 1;
  const lastDay = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const firstDay = new Date(Date.now() - weeks * 7 * 86_400_000).toISOString().slice(0, 10);
  const planned = await owner.send<{ created_ids: string[]; sessions: { start_at: string }[] }>(
    'POST',
    `/api/scheduling/therasessions/bulk/?organization_id=${org}`,
    {
      organization_id: org,
      first_day: firstDay,
      last_day: lastDay,
      include_past: true,
      override_conflicts: true,
      override_reason: 'Benchmark history',
      slots: WEEKDAYS.map((weekday) => ({
        weekday,
        start_time: '07:00',
        duration_minutes: 45,
        therapist_id: like.therapist_id,
        student_id: like.student.id,
        department_id: like.department!.id,
      })),
    },
  );
  const ids = planned.created_ids.slice(-sessions);
  let seq = 0;
  for (const [n, id] of ids.entries()) {
    const points = goal.sub_goals.slice(0, 3).flatMap((target, t) =>
      Array.from({ length: 10 }, (_, trial) => {
        const outcome = OUTCOMES[(n + t + trial) % OUTCOMES.length]!;
        return {
          id: randomUUID(),
          goal_id: goal.goal_id,
          sub_goal_id: target.id,
          trial_no: trial + 1,
          kind: 'trial',
          outcome,
          prompt_level: outcome === 'prompted' ? goal.prompt_hierarchy[(n + trial) % (goal.prompt_hierarchy.length - 1)]! : null,
          count: null,
          duration_ms: null,
          recorded_at: new Date().toISOString(),
          device_id: 'bench-goal-graph',
          device_seq: (seq += 1),
        };
      }),
    );
    await therapist.send('POST', `/api/collector/sessions/${id}/points/?organization_id=${org}`, { points });
  }
  return { owner, organizationId: org, studentId: like.student.id, goalId: goal.goal_id };
}

/**
 * A goal's graph with `sessions` sessions of data, opened by the owner in Chromium at 1x CPU, a
 * fresh context each run: from the graph call's answer received (its resource timing) to the
 * chart drawn and a frame painted with its 500-row table (goal: 200 ms). Needs the built app served.
 */
export async function benchGoalGraphRender(base: string, sessions = 500, runs = 5, calls = 40): Promise<GoalGraphTiming> {
  const { owner, organizationId, studentId, goalId } = await seedGoalHistory(base, sessions);
  const graphPath = `/api/goal-graphs/organization/${organizationId}/goals/${goalId}/graph/`;
  const callTimes: number[] = [];
  let shown = 0;
  for (let i = 0; i < calls + 1; i++) {
    const started = performance.now();
    const graph = await owner.send<{ sessions: unknown[] }>('GET', graphPath);
    shown = graph.sessions.length;
    if (i > 0) {
      callTimes.push(performance.now() - started);
    }
  }
  const executablePath = findChromium() ?? undefined;
  const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: ['--no-sandbox', '--disable-gpu'] });
  const draws: number[] = [];
  try {
    for (let i = 0; i < runs + 1; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: base });
      await context.request.post('/api/users/auth/login/', { data: { email: OWNER, password: DEMO_PASSWORD } });
      const page = await context.newPage();
      // The moment the chart's first draw is followed by a painted frame, seen by the page itself.
      await page.addInitScript(() => {
        const seen = new MutationObserver(() => {
          if (document.querySelector('[data-testid="goal-chart"][data-drawn]')) {
            seen.disconnect();
            requestAnimationFrame(() => setTimeout(() => ((window as unknown as { painted: number }).painted = performance.now())));
          }
        });
        seen.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-drawn'] });
      });
      await page.goto(`/organization/students/${studentId}/goals/${goalId}`);
      await page.waitForFunction(() => (window as unknown as { painted?: number }).painted !== undefined, null, { timeout: 30_000 });
      const ms = await page.evaluate((path) => {
        const entry = performance.getEntriesByType('resource').find((e) => e.name.includes(path)) as PerformanceResourceTiming;
        return (window as unknown as { painted: number }).painted - entry.responseEnd;
      }, graphPath);
      if (i > 0) {
        draws.push(ms); // the first run warms the server and the browser's cache of the app
      }
      if (i === runs) {
        // What 500 sessions look like, to look at beside the figures (bench-results is not committed).
        await page.screenshot({ path: 'bench-results/goal-graph-500.png' });
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  draws.sort((a, b) => a - b);
  callTimes.sort((a, b) => a - b);
  return {
    sessions: shown,
    drawMedianMs: percentile(draws, 50),
    drawMaxMs: draws[draws.length - 1] ?? 0,
    callP95Ms: percentile(callTimes, 95),
    callMedianMs: percentile(callTimes, 50),
  };
}
