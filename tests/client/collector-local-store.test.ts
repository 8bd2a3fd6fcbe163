import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadDay, refreshDay, readHistory } from '../../src/features/collector/local-store';
import { loadSession } from '../../src/features/collector/session-store';
import { getDb } from '../../src/shared/db/db';
import type { Therasession } from '../../contract/scheduling';
import { setOfflineNavigator } from '../../src/shared/offline/offline-redirect';

const USER = '0190f5a2-7c1e-7000-8000-000000000001';
const ORG = '0190f5a2-7c1e-7000-8000-0000000000f1';
const MEMBERSHIP = '0190f5a2-7c1e-7000-8000-0000000000e1';
const STUDENT = '0190f5a2-7c1e-7000-8000-0000000000c1';
const DEPT = '0190f5a2-7c1e-7000-8000-0000000000d1';
const OTHER_DEPT = '0190f5a2-7c1e-7000-8000-0000000000d2';
const S1 = '0190f5a2-7c1e-7000-8000-000000000101';
const S2 = '0190f5a2-7c1e-7000-8000-000000000102';
const GOAL = '0190f5a2-7c1e-7000-8000-000000000201';
const OTHER_GOAL = '0190f5a2-7c1e-7000-8000-000000000202';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const therasession = (id: string, status: Therasession['status'] = 'scheduled'): Therasession => ({
  id,
  organization_id: ORG,
  therapist_id: MEMBERSHIP,
  therapist_name: 'Jordan Reyes',
  student: { id: STUDENT, first_name: 'Leo', last_name: 'Thompson' },
  department: { id: DEPT, name: 'ABA' },
  start_at: new Date().toISOString(),
  end_at: new Date(Date.now() + 45 * 60_000).toISOString(),
  status,
  started_at: null,
  ended_at: null,
  client_ended_at: null,
  note: '',
  overtime_reason: '',
});
const goal = (goalId: string, departmentId: string) => ({
  goal_id: goalId,
  title: 'Imitates',
  description: '',
  measurement: 'discrete',
  planned_trials: 10,
  prompt_hierarchy: ['verbal'],
  domain: '',
  status: 'in_treatment',
  targets_in_sequence: false,
  mastery_criterion: null,
  mastered_at: null,
  mastered_session_id: null,
  sub_goals: [],
  student_id: STUDENT,
  department_id: departmentId,
});

let sessions: Therasession[] = [];
/** When set, the sessions list answers only once it resolves (a slow network). */
let sessionsGate: Promise<void> | null = null;
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = new URL(String(input), 'http://localhost');
  if (url.pathname.startsWith('/api/tenant-management/organizations')) {
    return json({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          id: ORG,
          code: 'HTC',
          name: 'Harbor',
          kind: 'clinic',
          timezone: 'America/New_York',
          role: 'therapist',
          membership_id: MEMBERSHIP,
        },
      ],
    });
  }
  if (url.pathname.startsWith('/api/scheduling/therasessions')) {
    expect(url.searchParams.get('therapist_id')).toBe(MEMBERSHIP);
    expect(url.searchParams.get('organization_id')).toBe(ORG);
    await sessionsGate;
    return json({ count: sessions.length, next: null, previous: null, results: sessions });
  }
  if (url.pathname.startsWith(`/api/theragoals/organization/${ORG}/assigned-goals`)) {
    expect(url.searchParams.get('student_ids')).toBe(STUDENT);
    return json({ results: [goal(GOAL, DEPT), goal(OTHER_GOAL, OTHER_DEPT)] });
  }
  if (url.pathname.startsWith(`/api/collector/students/${STUDENT}/history`)) {
    return json({
      results: [
        {
          session_id: S2,
          start_at: new Date().toISOString(),
          goal_id: GOAL,
          sub_goal_id: null,
          therapist_id: 'membership-1',
          minutes: 45,
          trials: 4,
          correct: 2,
          prompted: 1,
          count: 0,
          duration_ms: 0,
          episodes: 0,
          percent_correct: 75,
        },
      ],
    });
  }
  return json({ detail: 'not found' }, 404);
});

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  setOfflineNavigator(() => undefined);
  const db = getDb();
  await Promise.all(db.tables.map((t) => t.clear()));
  sessions = [therasession(S1), therasession(S2)];
  sessionsGate = null;
});
afterEach(() => {
  vi.unstubAllGlobals();
  setOfflineNavigator(null);
});

describe('the collector day on the device', () => {
  it("caches the therapist's sessions, goals, history and the refresh time", async () => {
    await refreshDay(USER, ORG);
    const day = await loadDay(USER, ORG);
    expect(day.context).toMatchObject({ membershipId: MEMBERSHIP, timezone: 'America/New_York' });
    expect(day.sessions.map((s) => s.id).sort()).toEqual([S1, S2]);
    expect(day.lastRefreshAt).toBeGreaterThan(Date.now() - 5000);
    expect(await readHistory(ORG, STUDENT)).toHaveLength(1);
  });

  it('works from the cache when the network is gone', async () => {
    await refreshDay(USER, ORG);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(refreshDay(USER, ORG)).rejects.toBeTruthy();
    expect((await loadDay(USER, ORG)).sessions).toHaveLength(2);
  });

  it("keeps a session's local status while its lane still holds unsent operations", async () => {
    await refreshDay(USER, ORG);
    const db = getDb();
    await db.sessions.update(S1, { localStatus: 'completed' });
    await db.outbox.add({
      id: 'op1',
      userId: USER,
      organizationId: ORG,
      lane: `session:${S1}`,
      kind: 'session.end',
      params: { id: S1 },
      body: {},
      coalesceKey: null,
      state: 'pending',
      batchId: null,
      leaseUntil: 0,
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: Date.now(),
      lastError: null,
    });
    await db.sessions.update(S2, { localStatus: 'completed' });
    await refreshDay(USER, ORG);
    const day = await loadDay(USER, ORG);
    expect(day.sessions.find((s) => s.id === S1)?.localStatus).toBe('completed');
    expect(day.sessions.find((s) => s.id === S2)?.localStatus).toBe('scheduled');
    expect(day.unsentBySession).toEqual({ [S1]: 1 });
  });

  it('drops sessions that left the day unless they hold unsent work', async () => {
    await refreshDay(USER, ORG);
    sessions = [therasession(S1)];
    await refreshDay(USER, ORG);
    expect((await loadDay(USER, ORG)).sessions.map((s) => s.id)).toEqual([S1]);
  });

  it('opens a session with the goals of its department only', async () => {
    await refreshDay(USER, ORG);
    const data = await loadSession(USER, S1);
    expect(data?.goals.map((g) => g.goal_id)).toEqual([GOAL]);
    expect(data?.timeZone).toBe('America/New_York');
    expect(await loadSession('0190f5a2-7c1e-7000-8000-0000000000ff', S1)).toBeNull();
  });

  it('a session opened while a refresh of the day is under way is read once that refresh stored it', async () => {
    await refreshDay(USER, ORG);
    // A session added since (a tomorrow session scheduled a moment ago); Refresh is tapped again and
    // the session is opened by its URL while that refresh still waits for the server.
    const S3 = '0190f5a2-7c1e-7000-8000-000000000103';
    sessions = [therasession(S1), therasession(S2), therasession(S3)];
    let release = () => undefined as void;
    sessionsGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const refreshing = refreshDay(USER, ORG);
    const opening = loadSession(USER, S3);
    await new Promise((r) => setTimeout(r, 20));
    release();
    await refreshing;
    expect((await opening)?.session.id).toBe(S3);
    expect(await loadSession(USER, '0190f5a2-7c1e-7000-8000-0000000001ff'), 'a session the day does not hold is still missing').toBeNull();
  });
});
