import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Therasession } from '../../contract/scheduling';

/**
 * Today is the organization's calendar day in the organization's time zone, whatever zone the
 * tablet is set to: the day fetched, the day stored and the day labelled "Today" are one and the same
 * on both sides of the device's midnight and of the organization's.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const USER = '0190f5a2-7c1e-7000-8000-000000000001';
const ORG = '0190f5a2-7c1e-7000-8000-0000000000f1';
const MEMBERSHIP = '0190f5a2-7c1e-7000-8000-0000000000e1';
const STUDENT = '0190f5a2-7c1e-7000-8000-0000000000c1';
const deviceZone = process.env.TZ;

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const session = (id: string, startAt: string): Therasession => ({
  id,
  organization_id: ORG,
  therapist_id: MEMBERSHIP,
  therapist_name: 'Jordan Reyes',
  student: { id: STUDENT, first_name: 'Leo', last_name: 'Thompson' },
  department: null,
  start_at: startAt,
  end_at: new Date(Date.parse(startAt) + 45 * 60_000).toISOString(),
  status: 'scheduled',
  started_at: null,
  ended_at: null,
  client_ended_at: null,
  note: '',
  overtime_reason: '',
});

interface Moment {
  what: string;
  at: string;
  /** The organization's date then. */
  today: string;
  from: string;
  to: string;
}
interface Case {
  org: string;
  device: string;
  /** The clinic's sessions: id → its start, named for its day and time in the organization's zone. */
  sessions: Record<string, string>;
  moments: Moment[];
}

const cases: Case[] = [
  {
    org: 'America/New_York',
    device: 'UTC',
    sessions: {
      'nov26-0900': '2026-11-26T14:00:00Z',
      'nov26-2000': '2026-11-27T01:00:00Z',
      'nov27-0900': '2026-11-27T14:00:00Z',
      'nov28-0900': '2026-11-28T14:00:00Z',
    },
    moments: [
      {
        what: 'before midnight UTC',
        at: '2026-11-26T23:30:00Z',
        today: '2026-11-26',
        from: '2026-11-26T05:00:00.000Z',
        to: '2026-11-28T04:59:59.999Z',
      },
      {
        what: 'after midnight UTC',
        at: '2026-11-27T00:30:00Z',
        today: '2026-11-26',
        from: '2026-11-26T05:00:00.000Z',
        to: '2026-11-28T04:59:59.999Z',
      },
      {
        what: 'before midnight in New York',
        at: '2026-11-27T04:30:00Z',
        today: '2026-11-26',
        from: '2026-11-26T05:00:00.000Z',
        to: '2026-11-28T04:59:59.999Z',
      },
      {
        what: 'after midnight in New York',
        at: '2026-11-27T05:30:00Z',
        today: '2026-11-27',
        from: '2026-11-27T05:00:00.000Z',
        to: '2026-11-29T04:59:59.999Z',
      },
    ],
  },
  {
    org: 'Asia/Tokyo',
    device: 'America/Los_Angeles',
    sessions: {
      'nov26-0900': '2026-11-26T00:00:00Z',
      'nov27-0900': '2026-11-27T00:00:00Z',
      'nov27-2000': '2026-11-27T11:00:00Z',
      'nov28-0900': '2026-11-28T00:00:00Z',
      'nov29-0900': '2026-11-29T00:00:00Z',
    },
    moments: [
      {
        what: 'before midnight in Tokyo',
        at: '2026-11-26T14:30:00Z',
        today: '2026-11-26',
        from: '2026-11-25T15:00:00.000Z',
        to: '2026-11-27T14:59:59.999Z',
      },
      {
        what: 'after midnight in Tokyo',
        at: '2026-11-26T15:30:00Z',
        today: '2026-11-27',
        from: '2026-11-26T15:00:00.000Z',
        to: '2026-11-28T14:59:59.999Z',
      },
      {
        what: 'before midnight in Los Angeles',
        at: '2026-11-27T07:30:00Z',
        today: '2026-11-27',
        from: '2026-11-26T15:00:00.000Z',
        to: '2026-11-28T14:59:59.999Z',
      },
      {
        what: 'after midnight in Los Angeles',
        at: '2026-11-27T08:30:00Z',
        today: '2026-11-27',
        from: '2026-11-26T15:00:00.000Z',
        to: '2026-11-28T14:59:59.999Z',
      },
    ],
  },
];

/** A UUID per named session, its day and time kept in the last digits: 'nov27-0900' → …-000027090000. */
const idOf = (name: string) => `0190f5a2-7c1e-7000-8000-0000${name.slice(3, 5)}${name.slice(6)}00`;
const dayOf = (id: string) => `2026-11-${id.slice(-8, -6)}`;

describe.each(cases)('an organization in $org on a device in $device', ({ org, device, sessions, moments }) => {
  let days: typeof import('../../src/features/collector/days');
  let store: typeof import('../../src/features/collector/local-store');
  let sessionStore: typeof import('../../src/features/collector/session-store');
  let list: typeof import('../../src/features/collector/components/session-list');
  let db: typeof import('../../src/shared/db/db');
  let dayHook: typeof import('../../src/features/collector/use-day');
  let asked: { from: string | null; to: string | null }[] = [];

  beforeAll(async () => {
    // The device's zone, read by Date and Intl from here on; modules load afresh so nothing formatted
    // on another zone's clock is kept.
    process.env.TZ = device;
    vi.resetModules();
    days = await import('../../src/features/collector/days');
    store = await import('../../src/features/collector/local-store');
    sessionStore = await import('../../src/features/collector/session-store');
    list = await import('../../src/features/collector/components/session-list');
    db = await import('../../src/shared/db/db');
    dayHook = await import('../../src/features/collector/use-day');
    const offline = await import('../../src/shared/offline/offline-redirect');
    offline.setOfflineNavigator(() => undefined);
    // Loading the collector's modules afresh takes seconds when other test files run beside this one.
  }, 60_000);
  afterAll(() => {
    process.env.TZ = deviceZone;
  });

  beforeEach(async () => {
    asked = [];
    // Only Date is faked: IndexedDB's timers keep running.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        const url = new URL(String(input), 'http://localhost');
        if (url.pathname.startsWith('/api/tenant-management/organizations')) {
          const organization = {
            id: ORG,
            code: 'HTC',
            name: 'Harbor',
            kind: 'clinic',
            timezone: org,
            role: 'therapist',
            membership_id: MEMBERSHIP,
          };
          return json({ count: 1, next: null, previous: null, results: [organization] });
        }
        if (url.pathname.startsWith('/api/scheduling/therasessions')) {
          const from = url.searchParams.get('from');
          const to = url.searchParams.get('to');
          asked.push({ from, to });
          // The server's filter: sessions overlapping the window.
          const results = Object.entries(sessions)
            .map(([name, startAt]) => session(idOf(name), startAt))
            .filter((s) => (!from || s.end_at > from) && (!to || s.start_at < to));
          return json({ count: results.length, next: null, previous: null, results });
        }
        return json({ results: [] });
      }),
    );
    const database = db.getDb();
    await Promise.all(database.tables.map((t) => t.clear()));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it.each(moments)("asks for the organization's today and tomorrow $what", ({ at, today, from, to }) => {
    const now = Date.parse(at);
    expect(days.todayIn(org, now)).toBe(today);
    expect(days.dayWindow(org, now)).toEqual({ from, to });
  });

  it.each(moments)(
    "lists the organization's sessions under Today and Tomorrow $what, and each opens by its address",
    async ({ at, today }) => {
      vi.setSystemTime(new Date(at));
      await store.refreshDay(USER, ORG);
      const day = await store.loadDay(USER, ORG);
      const tomorrow = days.addDays(today, 1);
      const expected = Object.keys(sessions)
        .map(idOf)
        .filter((id) => dayOf(id) === today || dayOf(id) === tomorrow);
      expect(asked).toHaveLength(1);
      expect(day.sessions.map((s) => s.id)).toEqual(expected);

      const container = document.createElement('div');
      const root = createRoot(container);
      await act(async () => root.render(<list.SessionList sessions={day.sessions} unsentBySession={{}} timeZone={org} now={Date.now()} />));
      const groups = [...container.querySelectorAll('section')].map((section) => ({
        title: section.querySelector('h2')?.textContent ?? '',
        ids: [...section.querySelectorAll('[data-session-id]')].map((row) => row.getAttribute('data-session-id')),
      }));
      act(() => root.unmount());
      expect(groups.map((g) => g.title.split(' · ')[0])).toEqual(['Today', 'Tomorrow']);
      expect(groups[0]!.ids).toEqual(expected.filter((id) => dayOf(id) === today));
      expect(groups[1]!.ids).toEqual(expected.filter((id) => dayOf(id) === tomorrow));

      for (const id of expected) {
        expect((await sessionStore.loadSession(USER, id))?.session.id, `${id} is on the device`).toBe(id);
      }
    },
  );

  it("fetches the new today and tomorrow at the organization's midnight while Today stays open", async () => {
    const midnight = days.dayStart(days.addDays(moments[0]!.today, 1), org);
    vi.useRealTimers();
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(midnight - 60_000);
    let view: ReturnType<typeof dayHook.useDay> | null = null;
    function Today() {
      view = dayHook.useDay(USER, ORG);
      return null;
    }
    const root = createRoot(document.createElement('div'));
    await act(async () => root.render(<Today />));
    await vi.waitFor(() => expect(view?.day?.context?.timezone).toBe(org));
    expect(asked.map((a) => a.from)).toEqual([days.dayWindow(org, midnight - 60_000).from]);

    await act(() => vi.advanceTimersByTimeAsync(2 * 60_000));
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]).toEqual(days.dayWindow(org, midnight));
    expect(asked[1]!.from).toBe(new Date(midnight).toISOString());
    act(() => root.unmount());
  });

  it("says the times are the organization's, in its zone, and says nothing where the device's clock agrees", async () => {
    const note = await import('../../src/features/collector/components/clinic-time-note');
    const now = Date.parse(moments[0]!.at);
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(<note.ClinicTimeNote timeZone={org} organizationName="Harbor" now={now} />));
    const place = org.split('/')[1]!.replaceAll('_', ' ');
    expect(container.textContent).toMatch(new RegExp(`^Times are in Harbor’s time zone: ${place} \\((EST|GMT\\+9)\\)\\.$`));
    await act(async () => root.render(<note.ClinicTimeNote timeZone={device} organizationName="Harbor" now={now} />));
    expect(container.textContent).toBe('');
    act(() => root.unmount());
  });
});

describe('calendar days across clock changes', () => {
  let days: typeof import('../../src/features/collector/days');
  beforeAll(async () => {
    days = await import('../../src/features/collector/days');
  });

  it('spans 23 hours on the day clocks go forward and 25 on the day they go back', () => {
    expect(days.dayWindow('America/New_York', Date.parse('2026-03-08T12:00:00Z'))).toEqual({
      from: '2026-03-08T05:00:00.000Z',
      to: '2026-03-10T03:59:59.999Z',
    });
    expect(days.dayStart('2026-11-02', 'America/New_York') - days.dayStart('2026-11-01', 'America/New_York')).toBe(25 * 3_600_000);
    expect(days.addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(days.addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('starts a day whose midnight a clock change skips at its first minute', () => {
    // Chile moves its clocks from midnight to 1:00 on this day.
    expect(new Date(days.dayStart('2026-09-06', 'America/Santiago')).toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });

  it('starts a day at UTC+14 and at UTC-11 as their clocks do', () => {
    expect(new Date(days.dayStart('2026-11-27', 'Pacific/Kiritimati')).toISOString()).toBe('2026-11-26T10:00:00.000Z');
    expect(new Date(days.dayStart('2026-11-27', 'Pacific/Pago_Pago')).toISOString()).toBe('2026-11-27T11:00:00.000Z');
  });
});

describe('a device clock three hours ahead, past the organization’s midnight', () => {
  const org = 'America/New_York';
  // 10:30 PM on Nov 26 in New York; the device reads 1:30 AM on Nov 27 there.
  const realNow = Date.parse('2026-11-27T03:30:00Z');
  const ahead = 3 * 3_600_000;
  const clinic = { 'nov26-2000': '2026-11-27T01:00:00Z', 'nov27-0900': '2026-11-27T14:00:00Z', 'nov28-0900': '2026-11-28T14:00:00Z' };
  let asked: string[] = [];

  afterEach(async () => {
    (await import('../../src/shared/api/server-clock')).resetServerClock();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    process.env.TZ = deviceZone;
  });

  it("fetches and labels the real today once the server's time is known, and keeps it for offline", async () => {
    process.env.TZ = 'UTC';
    vi.resetModules();
    const store = await import('../../src/features/collector/local-store');
    const list = await import('../../src/features/collector/components/session-list');
    (await import('../../src/shared/offline/offline-redirect')).setOfflineNavigator(() => undefined);
    const db = (await import('../../src/shared/db/db')).getDb();
    await Promise.all(db.tables.map((t) => t.clear()));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(realNow + ahead);
    asked = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        const url = new URL(String(input), 'http://localhost');
        let body: unknown = { results: [] };
        if (url.pathname.startsWith('/api/tenant-management/organizations')) {
          const organization = {
            id: ORG,
            code: 'HTC',
            name: 'Harbor',
            kind: 'clinic',
            timezone: org,
            role: 'therapist',
            membership_id: MEMBERSHIP,
          };
          body = { count: 1, next: null, previous: null, results: [organization] };
        } else if (url.pathname.startsWith('/api/scheduling/therasessions')) {
          const from = url.searchParams.get('from') ?? '';
          const to = url.searchParams.get('to') ?? '';
          asked.push(from);
          const results = Object.entries(clinic)
            .map(([name, startAt]) => session(idOf(name), startAt))
            .filter((s) => s.end_at > from && s.start_at < to);
          body = { count: results.length, next: null, previous: null, results };
        }
        // The server's clock, three hours behind the device's.
        const headers = { 'Content-Type': 'application/json', 'X-Server-Time': String(Date.now() - ahead) };
        return new Response(JSON.stringify(body), { status: 200, headers });
      }),
    );

    await store.refreshDay(USER, ORG);
    expect(asked).toEqual(['2026-11-26T05:00:00.000Z']);
    const day = await store.loadDay(USER, ORG);
    expect(day.sessions.map((s) => s.id)).toEqual([idOf('nov26-2000'), idOf('nov27-0900')]);

    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(<list.SessionList sessions={day.sessions} unsentBySession={{}} timeZone={org} now={Date.now()} />));
    const titles = [...container.querySelectorAll('h2')].map((h) => h.textContent?.split(' · ')[0]);
    act(() => root.unmount());
    expect(titles).toEqual(['Today', 'Tomorrow']);

    // Offline on the next start (a fresh page): the offset kept on the device still gives the real day.
    vi.resetModules();
    const days = await import('../../src/features/collector/days');
    expect(days.todayIn(org)).toBe('2026-11-26');
  });
});
