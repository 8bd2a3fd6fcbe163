import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Therasession } from '../../contract/scheduling';
import { readMovedAway } from '../../src/features/collector/moved-away';
import { noteMovedAway } from '../../src/features/collector/moved-away-lookup';
import { getDb } from '../../src/shared/db/db';
import type { CachedSession } from '../../src/shared/db/types';

/**
 * A session the office moved off the tablet's today and tomorrow, or took off the therapist's
 * schedule, leaves Today with a line saying where it went, kept while its old slot is on the
 * tablet's days, and gone once the session is back on them.
 */
const USER = '0190f5a2-7c1e-7000-8000-000000000001';
const ORG = '0190f5a2-7c1e-7000-8000-0000000000f1';
const MEMBERSHIP = '0190f5a2-7c1e-7000-8000-0000000000e1';
const MOVED = '0190f5a2-7c1e-7000-8000-00000000a001';
const REMOVED = '0190f5a2-7c1e-7000-8000-00000000a002';
const STAYS = '0190f5a2-7c1e-7000-8000-00000000a003';
const WINDOW_FROM = '2026-12-01T05:00:00.000Z';

const therasession = (id: string, startAt: string, extra: Partial<Therasession> = {}): Therasession => ({
  id,
  organization_id: ORG,
  therapist_id: MEMBERSHIP,
  therapist_name: 'Jordan Reyes',
  student: { id: '0190f5a2-7c1e-7000-8000-0000000000c1', first_name: 'Sam', last_name: 'Lee' },
  department: null,
  start_at: startAt,
  end_at: new Date(Date.parse(startAt) + 45 * 60_000).toISOString(),
  status: 'scheduled',
  started_at: null,
  ended_at: null,
  client_ended_at: null,
  note: '',
  overtime_reason: '',
  ...extra,
});
const cached = (s: Therasession): CachedSession => ({
  ...s,
  userId: USER,
  organizationId: ORG,
  startAt: s.start_at,
  localStatus: s.status,
  cachedAt: '2026-12-01T12:00:00.000Z',
});
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let asked: string[] = [];
beforeEach(async () => {
  asked = [];
  await Promise.all(getDb().tables.map((t) => t.clear()));
  await getDb().sessions.bulkPut([
    cached(therasession(MOVED, '2026-12-01T15:00:00.000Z')),
    cached(therasession(REMOVED, '2026-12-01T17:00:00.000Z')),
    cached(therasession(STAYS, '2026-12-02T15:00:00.000Z')),
  ]);
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      asked.push(path);
      if (path.includes(MOVED)) {
        return json(
          200,
          therasession(MOVED, '2026-12-03T19:00:00.000Z', {
            rescheduled_from: { start_at: '2026-12-01T15:00:00.000Z', end_at: '2026-12-01T15:45:00.000Z' },
            change_reason: 'room closed',
          }),
        );
      }
      return json(404, { code: 'NOT_FOUND', detail: 'Session not found.' });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

it('says where each session that left the tablet’s days went, asking only for those', async () => {
  await noteMovedAway(USER, ORG, new Set([STAYS]), WINDOW_FROM);
  expect(asked.sort()).toEqual([`/api/scheduling/therasessions/${MOVED}/`, `/api/scheduling/therasessions/${REMOVED}/`].sort());
  expect(await readMovedAway(USER, ORG)).toEqual([
    { id: MOVED, firstName: 'Sam', from: '2026-12-01T15:00:00.000Z', to: '2026-12-03T19:00:00.000Z', reason: 'room closed' },
    { id: REMOVED, firstName: 'Sam', from: '2026-12-01T17:00:00.000Z', to: null, reason: '' },
  ]);
});

it('drops the line once the session is back on the tablet’s days, or its old slot has passed', async () => {
  await noteMovedAway(USER, ORG, new Set([STAYS]), WINDOW_FROM);
  // The next refresh lists the moved one again (moved back); the store no longer holds the removed one.
  await getDb().sessions.delete(REMOVED);
  await noteMovedAway(USER, ORG, new Set([STAYS, MOVED]), WINDOW_FROM);
  expect((await readMovedAway(USER, ORG)).map((m) => m.id)).toEqual([REMOVED]);
  // A day later the removed session's slot is before the window: nothing left to say.
  await noteMovedAway(USER, ORG, new Set([STAYS, MOVED]), '2026-12-02T05:00:00.000Z');
  expect(await readMovedAway(USER, ORG)).toEqual([]);
});
