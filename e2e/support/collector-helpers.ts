import {
  expect,
  request,
  type APIRequestContext,
  type APIResponse,
  type BrowserContext,
  type Locator,
  type Page,
  type Route,
} from '@playwright/test';
import { APP_BASE_URL, CHAOS_BASE_URL as SERVERS_CHAOS_BASE_URL } from './servers';

/**
 * Shared steps of the collector's e2e specs (e2e/collector): demo sign-ins through the API, opening
 * a session from Today, cutting the network for the page AND the service worker (Playwright's
 * setOffline alone leaves the worker online), and reading what the server holds.
 */

/** This worker's app server (e2e/support/servers.ts). */
export const MAIN_BASE_URL = APP_BASE_URL;
/** The server with injected faults (playwright.config.ts: 5% 503s, 5% committed-then-dropped). */
export const CHAOS_BASE_URL = process.env.CHAOS_BASE_URL ?? SERVERS_CHAOS_BASE_URL;

export const DEMO_PASSWORD = 'Thera-demo-2026';
export const DEMO = {
  jordan: 'jordan.reyes@thera-demo.example',
  maya: 'maya.chen@thera-demo.example',
  priya: 'priya.nair@thera-demo.example',
} as const;

export interface SignedIn {
  userId: string;
  organizationId: string;
}

/** Signs in through the API; the request context shares the browser context's cookies. */
export async function signInThroughApi(request: APIRequestContext, baseURL: string, email: string): Promise<SignedIn> {
  const response = await request.post(`${baseURL}/api/users/auth/login/`, { data: { email, password: DEMO_PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { user: { id: string } | null; active_organization_id: string | null };
  expect(body.user, 'signed in').not.toBeNull();
  expect(body.active_organization_id, 'an active organization').not.toBeNull();
  return { userId: body.user!.id, organizationId: body.active_organization_id! };
}

/** Signs in through the sign-in screen (the page must show it). */
export async function signInThroughUi(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const OWNERS = ['owner@harbor-clinic.example', 'owner@maple-grove.example'];
const ownerContexts = new Map<string, APIRequestContext>();

/** The owner of the organization, signed in on a request context of their own (cached per server). */
async function ownerOf(baseURL: string, organizationId: string): Promise<APIRequestContext> {
  const cached = ownerContexts.get(`${baseURL}|${organizationId}`);
  if (cached) {
    return cached;
  }
  for (const email of OWNERS) {
    const context = await request.newContext({ baseURL });
    const signedIn = await signInThroughApi(context, baseURL, email);
    if (signedIn.organizationId === organizationId) {
      ownerContexts.set(`${baseURL}|${organizationId}`, context);
      return context;
    }
    await context.dispose();
  }
  throw new Error(`no demo owner for organization ${organizationId}`);
}

/**
 * Schedules a new session of the signed-in therapist with a student, an hour or more from now unless
 * told when (the first free 45-minute slot, as long as a seeded session, so a long spec never taps into overtime; a therapist is never double-booked), like one of theirs with that
 * student (same department, so the same goals). Specs each need a session nobody started yet: the
 * seeded day has only a few per student, and which of them fall in the device's today and tomorrow
 * depends on the time of day the suite runs. With `before`, no later slot is taken: the session must
 * start by then.
 */
export async function scheduleFreshSession(
  page: Page,
  baseURL: string,
  student: string,
  earliest = Math.ceil(Date.now() / 60_000) * 60_000 + 60 * 60_000,
  before = Number.POSITIVE_INFINITY,
): Promise<string> {
  const listed = await withoutFaults(() => page.request.get(`${baseURL}/api/scheduling/therasessions/?page_size=100`));
  expect(listed.status(), await listed.text()).toBe(200);
  const sessions = ((await listed.json()) as { results: SessionSummary[] }).results;
  const like = sessions.find((s) => `${s.student.first_name} ${s.student.last_name}` === student);
  expect(like, `a session of ${student} to copy`).toBeTruthy();
  const owner = await ownerOf(baseURL, like!.organization_id);
  let refusal = '';
  for (let slot = 0; slot < 100; slot++) {
    const start = earliest + slot * 50 * 60_000;
    if (start >= before) {
      break;
    }
    const created = await withoutFaults(() =>
      owner.post(`${baseURL}/api/scheduling/therasessions/?organization_id=${like!.organization_id}`, {
        data: {
          organization_id: like!.organization_id,
          therapist_id: like!.therapist_id,
          student_id: like!.student.id,
          department_id: like!.department?.id ?? null,
          start_at: new Date(start).toISOString(),
          end_at: new Date(start + 45 * 60_000).toISOString(),
        },
      }),
    );
    if (created.status() === 201) {
      return ((await created.json()) as { id: string }).id;
    }
    refusal = await created.text();
    expect(created.status(), refusal).toBe(409);
  }
  // Said out loud: a session that slid past the bound (a closed day, say) would show on another day.
  throw new Error(`no free slot for ${student}${before < Infinity ? ` before ${new Date(before).toISOString()}` : ''}: ${refusal}`);
}

/**
 * The chaos server answers some writes 503, a portal's page or a proxy's 204, or drops the answer
 * after committing: try again until the API itself answers (a dropped creation then answers 409 on
 * its own slot and the next slot is taken; the stray session is never opened).
 */
async function withoutFaults(call: () => Promise<APIResponse>): Promise<APIResponse> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await call();
      const fromTheApi = response.status() < 500 && (response.headers()['content-type'] ?? '').includes('application/json');
      if (fromTheApi || attempt === 10) {
        return response;
      }
    } catch (error) {
      if (attempt === 10) {
        throw error;
      }
    }
  }
}

interface SessionSummary {
  id: string;
  organization_id: string;
  therapist_id: string;
  student: { id: string; first_name: string; last_name: string };
  department: { id: string } | null;
}

/**
 * Opens Today (online: the day is cached on the device) and a new session of the student, scheduled
 * for this test (scheduleFreshSession), from its row.
 */
export async function openSessionFromToday(page: Page, baseURL: string, student: string): Promise<string> {
  const sessionId = await scheduleFreshSession(page, baseURL, student);
  await page.goto(`${baseURL}/collector`);
  const row = page.locator(`[data-testid="session-row"][data-session-id="${sessionId}"]`);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText(student);
  await expect(row).toContainText('Scheduled');
  await expect(page.getByTestId('last-refresh')).toContainText('Updated');
  await row.click();
  await page.waitForURL(new RegExp(`/collector/session/${sessionId}$`));
  return sessionId;
}

/** Waits until the service worker controls the page and its precache is complete. */
export async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
}

const abortApi = (route: Route) => route.abort('internetdisconnected');

/** No network for the pages and the service worker (scripts/e2e.ts lets route() see the worker). */
export async function goOffline(context: BrowserContext) {
  await context.route('**/api/**', abortApi);
  await context.setOffline(true);
}

export async function goOnline(context: BrowserContext) {
  await context.unroute('**/api/**', abortApi);
  await context.setOffline(false);
}

/** A target (sub-goal, or the goal itself) on the session screen. */
export function targetGroup(page: Page, name: string): Locator {
  return page.getByRole('group', { name, exact: true });
}

/**
 * Waits until the device has sent everything and nothing needs attention. The indicator refreshes
 * at most every 250 ms (src/shared/outbox/outbox.ts), so right after a tap it may still show the
 * state from before it: the condition has to hold for a second to count.
 */
export async function expectAllSent(page: Page, timeout = 120_000) {
  const pending = page.getByTestId('sync-pending');
  const state = page.getByTestId('sync-state');
  let since = 0;
  await expect
    .poll(
      async () => {
        const now = `${await state.textContent()}/${await pending.textContent()}`;
        if (now !== 'All sent/0') {
          since = 0;
          return now;
        }
        since ||= Date.now();
        return Date.now() - since >= 1_000 ? 'All sent/0 for a second' : 'All sent/0';
      },
      { timeout, intervals: [100, 250] },
    )
    .toBe('All sent/0 for a second');
  await expect(page.getByTestId('sync-attention')).toHaveCount(0);
}

/** The locator's text once it has stayed the same for `holdMs` (the indicator lags up to 250 ms). */
export async function settledText(locator: Locator, holdMs = 1_000, timeout = 30_000): Promise<string> {
  let last: string | null = null;
  let since = 0;
  await expect
    .poll(
      async () => {
        const now = (await locator.textContent()) ?? '';
        if (now !== last) {
          last = now;
          since = Date.now();
        }
        return Date.now() - since >= holdMs;
      },
      { timeout, intervals: [100, 250] },
    )
    .toBe(true);
  return last ?? '';
}

export interface ServerPoint {
  id: string;
  goal_id: string;
  sub_goal_id: string | null;
  trial_no: number;
  kind: 'trial' | 'frequency' | 'duration';
  outcome: string | null;
  prompt_level: string | null;
  count: number | null;
  duration_ms: number | null;
}
export interface ServerGoal {
  goal_id: string;
  title: string;
  measurement: 'discrete' | 'frequency' | 'duration';
  prompt_hierarchy: string[];
  sub_goals: { id: string; title: string; position: number }[];
  data: ServerPoint[];
}
export interface ServerSession {
  id: string;
  status: string;
  goals: ServerGoal[];
}

export async function fetchCollectorSession(
  request: APIRequestContext,
  baseURL: string,
  id: string,
  organizationId: string,
): Promise<ServerSession> {
  const response = await request.get(`${baseURL}/api/collector/sessions/${id}/?organization_id=${organizationId}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ServerSession;
}

export interface ServerTherasession {
  id: string;
  status: string;
  started_at: string | null;
  ended_at: string | null;
  client_ended_at: string | null;
  note: string;
  overtime_reason: string;
}

export async function fetchTherasession(
  request: APIRequestContext,
  baseURL: string,
  id: string,
  organizationId: string,
): Promise<ServerTherasession> {
  const response = await request.get(`${baseURL}/api/scheduling/therasessions/?organization_id=${organizationId}&page_size=100`);
  expect(response.status(), await response.text()).toBe(200);
  const list = (await response.json()) as { results: ServerTherasession[] };
  const found = list.results.find((s) => s.id === id);
  expect(found, `session ${id} in the organization's list`).toBeTruthy();
  return found!;
}

/** A point's key as the server keys it: goal, sub-goal, trial number. */
export const pointKey = (goalId: string, subGoalId: string | null, trialNo: number) => `${goalId}/${subGoalId ?? '-'}/${trialNo}`;

export type Expected = { outcome: string | null; count: number | null };

/**
 * Compares what the therapist entered with what the server holds. Lost: an expected key missing on
 * the server or holding another value. Duplicated: a server point nobody entered, or a key stored twice.
 */
export function compareWithServer(expected: Map<string, Expected>, server: ServerSession) {
  const seen = new Map<string, ServerPoint[]>();
  for (const goal of server.goals) {
    for (const p of goal.data) {
      const key = pointKey(p.goal_id, p.sub_goal_id, p.trial_no);
      seen.set(key, [...(seen.get(key) ?? []), p]);
    }
  }
  const lost: string[] = [];
  const duplicated: string[] = [];
  for (const [key, want] of expected) {
    const got = seen.get(key)?.[0];
    if (!got || got.outcome !== want.outcome || got.count !== want.count) {
      lost.push(
        `${key}: expected ${JSON.stringify(want)}, server ${got ? JSON.stringify({ outcome: got.outcome, count: got.count }) : 'nothing'}`,
      );
    }
  }
  let serverPoints = 0;
  for (const [key, points] of seen) {
    serverPoints += points.length;
    if (!expected.has(key)) {
      duplicated.push(...points.map((p) => `${key}: not entered (${JSON.stringify({ outcome: p.outcome, count: p.count })})`));
    } else if (points.length > 1) {
      duplicated.push(...points.slice(1).map(() => `${key}: stored ${points.length} times`));
    }
  }
  return { lost, duplicated, serverPoints };
}

/** A small seeded generator (mulberry32), so a failing run can be replayed with its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Diagnostics (E2E_DEBUG_OUTBOX=1): prints every outbox call of a page with its points and answer,
 * to see which batch carried which tap when a comparison fails.
 */
export function logOutboxTraffic(page: Page, label = 'page') {
  if (process.env.E2E_DEBUG_OUTBOX !== '1') {
    return;
  }
  const t0 = Date.now();
  page.on('requestfinished', async (req) => {
    if (req.method() === 'GET' || !req.url().includes('/api/')) {
      return;
    }
    const response = await req.response();
    const body = req.postDataJSON() as {
      points?: { sub_goal_id: string | null; trial_no: number; outcome: string | null; count: number | null }[];
    } | null;
    const points = body?.points?.map((p) => `${p.sub_goal_id?.slice(-4) ?? '-'}#${p.trial_no}:${p.outcome ?? p.count}`).join(' ') ?? '';
    console.log(
      `[${label} +${Date.now() - t0} ms] ${req.method()} ${new URL(req.url()).pathname} key=${req.headers()['idempotency-key'] ?? '-'} → ${response?.status()} ${points} ${(await response?.text().catch(() => ''))?.slice(0, 120) ?? ''}`,
    );
  });
  page.on('requestfailed', (req) => {
    if (req.url().includes('/api/')) {
      console.log(`[${label} +${Date.now() - t0} ms] ${req.method()} ${new URL(req.url()).pathname} FAILED ${req.failure()?.errorText}`);
    }
  });
}

/**
 * Runs in the page before its own scripts: notes the moment a "Correct" button is first enabled (a
 * DOM change, seen before anything the screen starts after it has rendered), as `collectorReadyAt`.
 */
export function markCollectorReady() {
  const target = window as unknown as { collectorReadyAt?: number };
  const isReady = () => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Correct' && !b.disabled);
  const observer = new MutationObserver(() => {
    if (target.collectorReadyAt === undefined && isReady()) {
      target.collectorReadyAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
}
