import type { Therasession } from '../../../contract/scheduling';
import type { AssignedGoal } from '../../../contract/goals-library';
import type { z } from 'zod';
import type { GoalHistory } from '../../../contract/collector';
import { collector } from '../../../contract/routes/collector';
import { goalsLibrary } from '../../../contract/routes/goals-library';
import { organizations as organizationRoutes } from '../../../contract/routes/organizations';
import { scheduling } from '../../../contract/routes/scheduling';
import { api } from '../../shared/api/client';
import { arrayOf, checked, isNumber, isString, nullable, object, recordOf, type Check } from '../../shared/db/checks';
import { getDb } from '../../shared/db/db';
import { browserTimeZone } from '../../shared/ui/time-zones';
import { claimPrefix } from './actions';
import type { CachedGoal, CachedSession } from '../../shared/db/types';
import { dayWindow } from './days';
import { plannedStart } from './format';
import { readMovedAway, type MovedAway } from './moved-away';

/**
 * The collector's day on this device: the signed-in therapist's sessions of today and
 * tomorrow, their students' assigned goals and recent history, cached in IndexedDB whenever the app
 * is online so the whole day works without a connection.
 */

export const LAST_REFRESH_KEY = 'collector.lastRefresh';
const contextKey = (userId: string, organizationId: string) => `collector.context:${userId}:${organizationId}`;
export const historyKey = (organizationId: string, studentId: string) => `collector.history:${organizationId}:${studentId}`;
export const workspaceKey = (organizationId: string) => `workspace:${organizationId}`;
export const sessionLane = (sessionId: string) => `session:${sessionId}`;

/** What the collector needs to know about the active organization, kept for offline use. */
export interface CollectorContext {
  membershipId: string | null;
  organizationName: string;
  timezone: string;
}
const isCollectorContext = object<CollectorContext>({ membershipId: nullable(isString), organizationName: isString, timezone: isString });

/** When the day was last fetched, per `userId/organizationId` (ms since the epoch). */
const isLastRefresh = recordOf(isNumber);

export type WorkspaceMeta = { usageId: string; membershipId: string; openedAt: string } | null;
const isWorkspaceMeta = nullable(object<NonNullable<WorkspaceMeta>>({ usageId: isString, membershipId: isString, openedAt: isString }));

/** Each goal's and target's latest sessions the tablet keeps: the chart's ten, and the longest mastery criterion's run (20). */
const HISTORY_SESSIONS = 20;

export type HistoryRow = z.infer<typeof GoalHistory>['results'][number];
const isHistory = arrayOf(
  object<HistoryRow>({
    session_id: isString,
    start_at: isString,
    goal_id: isString,
    sub_goal_id: nullable(isString),
    therapist_id: isString,
    minutes: isNumber,
    trials: isNumber,
    correct: isNumber,
    prompted: isNumber,
    count: isNumber,
    duration_ms: isNumber,
    episodes: isNumber,
    percent_correct: nullable(isNumber),
  }),
);

export interface Day {
  context: CollectorContext | null;
  sessions: CachedSession[];
  /** Unsent operations per session (its outbox lane). */
  unsentBySession: Record<string, number>;
  lastRefreshAt: number | null;
  workspace: WorkspaceMeta;
  /** Sessions moved off these days (or off the schedule) since they were stored, for a line on Today. */
  movedAway: MovedAway[];
}

async function readMeta<T>(key: string, check: Check<T>): Promise<T | null> {
  const row = await getDb().meta.get(key);
  // Data read back from IndexedDB is checked like any other edge: an older app version or another tab may have written it.
  return checked(row?.value, check);
}

async function lanesWithOps(userId: string): Promise<Map<string, number>> {
  const ops = await getDb().outbox.where('userId').equals(userId).toArray();
  const counts = new Map<string, number>();
  for (const op of ops) {
    counts.set(op.lane, (counts.get(op.lane) ?? 0) + 1);
  }
  return counts;
}

/** The cached day, straight from IndexedDB (no network). */
export async function loadDay(userId: string, organizationId: string): Promise<Day> {
  const db = getDb();
  const [context, rows, lanes, refreshed, workspace, movedAway] = await Promise.all([
    readMeta(contextKey(userId, organizationId), isCollectorContext),
    db.sessions.where('userId').equals(userId).toArray(),
    lanesWithOps(userId),
    readMeta(LAST_REFRESH_KEY, isLastRefresh),
    readMeta(workspaceKey(organizationId), isWorkspaceMeta),
    readMovedAway(userId, organizationId),
  ]);
  const sessions = rows.filter((s) => s.organizationId === organizationId).sort((a, b) => plannedStart(a).localeCompare(plannedStart(b)));
  const unsentBySession: Record<string, number> = {};
  for (const s of sessions) {
    const n = lanes.get(sessionLane(s.id));
    if (n) {
      unsentBySession[s.id] = n;
    }
  }
  return {
    context,
    sessions,
    unsentBySession,
    lastRefreshAt: refreshed?.[`${userId}/${organizationId}`] ?? null,
    // The workspace row is per organization on this device: show it only to the member who opened it.
    workspace: workspace && context && workspace.membershipId === context.membershipId ? workspace : null,
    movedAway,
  };
}

/** The therapist's sessions of the organization's today and tomorrow, in its time zone. */
async function fetchSessions(
  organizationId: string,
  membershipId: string,
  { from, to }: { from: string; to: string },
): Promise<Therasession[]> {
  const all: Therasession[] = [];
  for (let page = 1; page < 20; page += 1) {
    const result = await api(
      scheduling.listTherasessions,
      { query: { organization_id: organizationId, therapist_id: membershipId, from, to, page, page_size: 100 } },
      { offlineRedirect: false },
    );
    all.push(...result.results);
    if (!result.next) {
      break;
    }
  }
  return all;
}

/** Held by a refresh of the day in any tab, from its first request until its rows are stored. */
const DAY_LOCK = 'thera-day-refresh';
/** This page's refreshes (also where there are no Web Locks). */
const refreshing = new Set<Promise<void>>();

/**
 * Fetches the day and stores it: sessions (a session whose lane still holds unsent operations keeps
 * its local lifecycle, which is ahead of the server's), goals, history, and the refresh time.
 * Throws the API error when the network or the server fails; the cache is then left as it was.
 * Runs under a lock shared by the tabs, so a screen can wait for a refresh another tab started.
 */
export function refreshDay(userId: string, organizationId: string): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const work = () => fetchAndStoreDay(userId, organizationId);
  const run = locks ? locks.request(DAY_LOCK, work) : work();
  refreshing.add(run);
  void run.catch(() => undefined).finally(() => refreshing.delete(run));
  return run;
}

/**
 * Resolves once no refresh of the day is under way in this page or another tab. A session opened
 * by its URL while Today is still fetching the day must not be declared "not on this device" only
 * because the session page read the device first.
 */
export async function dayRefreshesSettled(): Promise<void> {
  await Promise.allSettled([...refreshing]);
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) {
    await locks.request(DAY_LOCK, { mode: 'shared' }, () => undefined);
  }
}

async function fetchAndStoreDay(userId: string, organizationId: string): Promise<void> {
  const organizations = await api(organizationRoutes.listOrganizations, { query: { page: 1, page_size: 100 } }, { offlineRedirect: false });
  const organization = organizations.results.find((o) => o.id === organizationId);
  const context: CollectorContext = {
    membershipId: organization?.membership_id ?? null,
    organizationName: organization?.name ?? '',
    timezone: organization?.timezone ?? browserTimeZone(),
  };
  const window = dayWindow(context.timezone);
  const sessions = context.membershipId ? await fetchSessions(organizationId, context.membershipId, window) : [];
  // Loaded here, online: the offline start-up never needs it, and the day is stored even without it.
  const lookup = await import('./moved-away-lookup').catch(() => null);
  await lookup?.noteMovedAway(userId, organizationId, new Set(sessions.map((s) => s.id)), window.from);
  const studentIds = [...new Set(sessions.map((s) => s.student.id))];
  const goals = studentIds.length
    ? (
        await api(
          goalsLibrary.organizationAssignedGoals,
          { params: { orgId: organizationId }, query: { student_ids: studentIds.join(',') } },
          { offlineRedirect: false },
        )
      ).results
    : [];
  const histories = new Map<string, HistoryRow[]>();
  for (const studentId of studentIds) {
    try {
      histories.set(
        studentId,
        (
          await api(
            collector.studentHistory,
            { params: { studentId }, query: { organization_id: organizationId, limit: HISTORY_SESSIONS } },
            { offlineRedirect: false },
          )
        ).results,
      );
    } catch {
      // The chart is a nicety: the day is usable without it.
    }
  }
  await storeDay(userId, organizationId, context, sessions, goals, histories);
}

async function storeDay(
  userId: string,
  organizationId: string,
  context: CollectorContext,
  sessions: Therasession[],
  goals: AssignedGoal[],
  histories: Map<string, HistoryRow[]>,
) {
  const db = getDb();
  const now = new Date().toISOString();
  await db.transaction('rw', [db.sessions, db.goals, db.meta, db.outbox], async () => {
    const lanes = await lanesWithOps(userId);
    const cached = (await db.sessions.where('userId').equals(userId).toArray()).filter((s) => s.organizationId === organizationId);
    const cachedById = new Map(cached.map((s) => [s.id, s]));
    const fresh = new Set(sessions.map((s) => s.id));
    // Sessions that left the window (or were reassigned) go, unless they still hold unsent work.
    const stale = cached.filter((s) => !fresh.has(s.id) && !lanes.has(sessionLane(s.id))).map((s) => s.id);
    await db.sessions.bulkDelete(stale);
    for (const id of stale) {
      await db.meta.where('key').startsWith(claimPrefix(id)).delete();
    }
    await db.sessions.bulkPut(
      sessions.map((s): CachedSession => {
        const local = cachedById.get(s.id);
        const row: CachedSession = { ...s, userId, organizationId, startAt: s.start_at, localStatus: s.status, cachedAt: now };
        if (local && lanes.has(sessionLane(s.id))) {
          // Unsent start/end: what the therapist did on this device is ahead of the server.
          return {
            ...row,
            localStatus: local.localStatus,
            started_at: local.started_at ?? row.started_at,
            client_ended_at: local.client_ended_at,
            note: local.note,
            overtime_reason: local.overtime_reason,
          };
        }
        return row;
      }),
    );
    await db.goals.bulkPut(goals.map((g): CachedGoal => ({ ...g, key: `${userId}/${g.goal_id}`, studentId: g.student_id, userId })));
    // Goals of students no longer on this user's cached days are dropped (children's records).
    const students = new Set((await db.sessions.where('userId').equals(userId).toArray()).map((s) => s.student.id));
    const keep = new Set(goals.map((g) => `${userId}/${g.goal_id}`));
    const oldGoals = await db.goals.where('userId').equals(userId).toArray();
    await db.goals.bulkDelete(
      oldGoals
        .filter((g) => !keep.has(g.key) && (!students.has(g.studentId) || sessions.some((s) => s.student.id === g.studentId)))
        .map((g) => g.key),
    );
    for (const [studentId, rows] of histories) {
      await db.meta.put({ key: historyKey(organizationId, studentId), value: rows });
    }
    await db.meta.put({ key: contextKey(userId, organizationId), value: context });
    const refreshed = (await readMeta(LAST_REFRESH_KEY, isLastRefresh)) ?? {};
    await db.meta.put({ key: LAST_REFRESH_KEY, value: { ...refreshed, [`${userId}/${organizationId}`]: Date.now() } });
  });
}

export function readContext(userId: string, organizationId: string): Promise<CollectorContext | null> {
  return readMeta(contextKey(userId, organizationId), isCollectorContext);
}

export async function readHistory(organizationId: string, studentId: string): Promise<HistoryRow[]> {
  return (await readMeta(historyKey(organizationId, studentId), isHistory)) ?? [];
}

/** Fresh history when online (kept for offline); the cached one otherwise. */
export async function fetchHistory(organizationId: string, studentId: string): Promise<HistoryRow[]> {
  const rows = (
    await api(
      collector.studentHistory,
      { params: { studentId }, query: { organization_id: organizationId, limit: HISTORY_SESSIONS } },
      { offlineRedirect: false },
    )
  ).results;
  await getDb().meta.put({ key: historyKey(organizationId, studentId), value: rows });
  return rows;
}
