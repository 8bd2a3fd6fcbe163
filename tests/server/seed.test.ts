import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import type { Db } from '../../server/db/handles';
import type { OrganizationId } from '../../server/lib/ids';
import { describeServer, openTestDatabase, postgresMissing } from '../helpers/test-app';
import { DEMO_PASSWORD, DEMO_SIGN_INS, seedDemo } from '../../server/seed/demo';
import { listSessionPage } from '../../server/features/scheduling';
import { organizationTimezone } from '../../server/db/lookups';
import { addDays, localDate, zonedTimeToUtc } from '../../server/lib/time-zones';
import { asOwner } from '../helpers/system-context';
import { listMemberships } from '../../server/features/memberships/service-admin';
import { therapists } from '../../server/features/people/service';
import { isCommonPassword } from '../../server/lib/passwords';
import { login } from '../../server/features/accounts/service';
import { testConfig } from '../../server/config';
import { systemUserContext } from '../../server/lib/request-context';

/** 23:45 on 30 November in New York (22:45 in Chicago): 1 December in UTC. */
const SEEDED_AT = new Date('2026-12-01T04:45:00Z');
let database: Database;
let orgs: { id: OrganizationId; name: string }[];

/** The organization's sessions on its own calendar day today, as the list call answers its owner. */
const sessionsToday = (organizationId: OrganizationId) =>
  asOwner(database, organizationId, async (ctx) => {
    const timeZone = await organizationTimezone(ctx.tx, organizationId);
    const date = localDate(timeZone);
    const from = zonedTimeToUtc(date, '00:00', timeZone).toISOString();
    const to = zonedTimeToUtc(addDays(date, 1), '00:00', timeZone).toISOString();
    return { date, sessions: (await listSessionPage(ctx, { page: 1, page_size: 100, from, to })).results };
  });
let tenantTables: string[];

/** Rows of a raw query (typed here: the driver-generic `execute` result is not). */
const query = async <T>(conn: Db, statement: SQL): Promise<T[]> => ((await conn.execute(statement)) as unknown as { rows: T[] }).rows;
const countOf = async (conn: Db, statement: SQL) => Number((await query<{ n: number }>(conn, statement))[0]!.n);
const countRows = (table: string) => countOf(database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);

async function allCounts(): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of [...tenantTables, 'users', 'children', 'organizations', 'auth_sessions']) {
    result[table] = await countRows(table);
  }
  return result;
}

beforeAll(async () => {
  if (postgresMissing) {
    return; // the suites below are reported as skipped
  }
  database = await openTestDatabase();
  // The demo's days are its organizations' (New York, Chicago), never UTC's: seeded at the real hour,
  // a seed that took UTC's date would pass most of the day. At 23:45 in New York on the last day of a
  // month it is already tomorrow and next month in UTC, so today's sessions, and the holiday "next
  // month", tell the zones apart. Date only: the database's timers keep running.
  vi.useFakeTimers({ toFake: ['Date'], now: SEEDED_AT });
  const tables = await query<{ table_name: string }>(
    database.db,
    sql`
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND c.column_name = 'organization_id' AND t.table_type = 'BASE TABLE'`,
  );
  tenantTables = tables.map((r) => r.table_name).sort();
}, 120_000);

afterAll(async () => {
  vi.useRealTimers();
  await database?.close();
});

describeServer('demo seed', () => {
  it('creates the demo on an empty database, and a second run creates nothing', async () => {
    expect(await seedDemo(database)).toBe(true);
    const first = await allCounts();
    expect(first).toMatchObject({
      organizations: 2,
      users: 10,
      memberships: 6, // four therapist memberships, the clinic's front desk and one the clinic ended
      children: 5,
      students: 5,
      enrollments: 5,
      departments: 4,
      department_students: 8,
      department_student_therapists: 8,
      programs: 3,
      program_students: 5,
      classrooms: 2,
      classroom_students: 2,
      assigned_goals: 19,
      // today's and tomorrow's 28, a planned week of 7 with services, and the six weeks before today
      // (a Monday) of 8 placements twice a week that ran with collected data: 96
      therasessions: 131,
      auth_sessions: 0, // the sign-in that registration makes is ended again
    });
    expect(first.sub_goals).toBeGreaterThanOrEqual(first.assigned_goals! * 2);

    expect(await seedDemo(database)).toBe(false);
    expect(await allCounts()).toEqual(first);

    orgs = await query<{ id: OrganizationId; name: string }>(database.db, sql`SELECT id, name FROM organizations ORDER BY name`);
    expect(orgs.map((o) => o.name)).toEqual(['Harbor Therapy Clinic', 'Maple Grove School']);
  }, 120_000);

  it('lists sign-ins that really sign in, with passwords that registration accepts', async () => {
    expect(DEMO_SIGN_INS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(DEMO_SIGN_INS.map((s) => s.email)).size).toBe(DEMO_SIGN_INS.length);
    expect(DEMO_PASSWORD.length).toBeGreaterThanOrEqual(8);
    expect(isCommonPassword(DEMO_PASSWORD)).toBe(false);
    const deps = { database, config: testConfig() };
    for (const s of DEMO_SIGN_INS) {
      const ctx = systemUserContext(deps, { session: null, client: { ip: '', userAgent: 'seed-test' } });
      const state = await login(ctx, { email: s.email, password: s.password });
      expect(state.user?.email).toBe(s.email);
      if (s.role.includes('ORG') || s.role.includes('THE')) {
        expect(state.active_organization_id).not.toBeNull();
      }
    }
  });

  it("schedules sessions today, in each organization's time zone, for every therapist", async () => {
    for (const org of orgs) {
      const day = await sessionsToday(org.id);
      expect(day.date, org.name).toBe('2026-11-30');
      expect(day.sessions.length).toBeGreaterThan(0);
      const therapists = await asOwner(database, org.id, (ctx) => listMemberships(ctx, { role: 'therapist', status: 'active' }));
      for (const t of therapists) {
        expect(day.sessions.some((s) => s.therapist_id === t.membership.id)).toBe(true);
      }
      for (const s of day.sessions) {
        expect(Date.parse(s.end_at) - Date.parse(s.start_at)).toBe(45 * 60_000);
        expect(s.status).toBe('scheduled');
      }
    }
  });

  it('puts one therapist in both organizations', async () => {
    const memberIds = await Promise.all(
      orgs.map(async (org) => (await asOwner(database, org.id, (ctx) => listMemberships(ctx))).map((m) => m.user.id)),
    );
    const inBoth = memberIds[0]!.filter((id) => memberIds[1]!.includes(id));
    expect(inBoth).toHaveLength(1);
  });

  it("puts a public holiday next month, a team meeting this week and a training on the clinic's calendar", async () => {
    const clinic = orgs[0]!;
    const events = await query<{ kind: string; title: string; all_day: boolean; for_everyone: boolean; day: string; people: number }>(
      database.db,
      sql`SELECT e.kind, e.title, e.all_day, e.for_everyone, to_char(e.start_at AT TIME ZONE 'America/New_York', 'YYYY-MM-DD') AS day,
        (SELECT count(*)::int FROM calendar_event_people p WHERE p.event_id = e.id) AS people
        FROM calendar_events e WHERE e.organization_id = ${clinic.id} ORDER BY e.kind`,
    );
    expect(events.map((e) => [e.kind, e.for_everyone, e.people])).toEqual([
      ['holiday', true, 0],
      ['meeting', false, 2],
      ['training', true, 0],
    ]);
    const holiday = events[0]!;
    expect(holiday.all_day).toBe(true);
    // The first Monday of the month after New York's November (UTC's December would give 4 January).
    expect(holiday.day).toBe('2026-12-07');
  });

  it("shows every tenant row under its own organization and none under the other's", async () => {
    const [a, b] = [orgs[0]!, orgs[1]!];
    const seeded = [
      'memberships',
      'students',
      'enrollments',
      'departments',
      'department_members',
      'department_students',
      'department_student_therapists',
      'programs',
      'program_students',
      'assigned_goals',
      'sub_goals',
      'therasessions',
    ];
    expect(tenantTables).toEqual(expect.arrayContaining(seeded));
    for (const table of tenantTables) {
      const ident = sql.identifier(table);
      for (const [own, other] of [
        [a.id, b.id],
        [b.id, a.id],
      ] as const) {
        const total = await countOf(database.db, sql`SELECT count(*)::int AS n FROM ${ident} WHERE organization_id = ${own}`);
        const visible = await database.tenant(own, async (tx) => countOf(tx, sql`SELECT count(*)::int AS n FROM ${ident}`));
        const leaked = await database.tenant(other, async (tx) =>
          countOf(tx, sql`SELECT count(*)::int AS n FROM ${ident} WHERE organization_id = ${own}`),
        );
        if (seeded.includes(table)) {
          expect({ table, total: total > 0 }).toEqual({ table, total: true });
        }
        expect({ table, visible }).toEqual({ table, visible: total });
        expect({ table, leaked }).toEqual({ table, leaked: 0 });
      }
    }
    const seenOrgs = await database.tenant(a.id, async (tx) => query<{ id: string }>(tx, sql`SELECT id FROM organizations`));
    expect(seenOrgs.map((r) => r.id)).toEqual([a.id]);
  });

  it('gives the people screens each state: a licence about to expire, an unanswered invitation, a former member with a reason', async () => {
    const [clinic, school] = [orgs[0]!, orgs[1]!];
    const page = { page: 1, page_size: 50, ordering: 'name' as const };
    const current = await asOwner(database, clinic.id, (ctx) => therapists(ctx, { ...page, status: 'current' }));
    const jordan = current.results.find((t) => t.email === 'jordan.reyes@thera-demo.example');
    expect(jordan?.expiring_certifications).toBe(1);
    const former = await asOwner(database, clinic.id, (ctx) => therapists(ctx, { ...page, status: 'former' }));
    expect(former.results.map((t) => `${t.first_name} ${t.last_name}: ${t.status}`)).toEqual(['Sam Ortiz: terminated']);
    const reasons = await query<{ reason: string }>(
      database.db,
      sql`SELECT status_reason AS reason FROM memberships WHERE organization_id = ${clinic.id} AND status = 'terminated'`,
    );
    expect(reasons.map((r) => r.reason)).toEqual(['Contract ended after the summer program.']);
    const invited = await query<{ organization_id: string; status: string }>(
      database.db,
      sql`SELECT organization_id, status FROM invitations WHERE email = 'jordan.reyes@thera-demo.example'`,
    );
    expect(invited).toEqual([{ organization_id: school.id, status: 'pending' }]);
  });

  it('gives each organization past sessions with collected data, notes, one conflict and one correction', async () => {
    for (const org of orgs) {
      const [row] = await query<Record<string, number>>(
        database.db,
        sql`SELECT
          (SELECT count(*)::int FROM therasessions WHERE organization_id = ${org.id} AND status = 'completed' AND ended_at < now()) AS ran,
          (SELECT count(*)::int FROM therasessions WHERE organization_id = ${org.id} AND status = 'completed' AND end_note = ''
             AND ended_at > ${new Date(SEEDED_AT.getTime() - 30 * 86_400_000).toISOString()}) AS without_note,
          (SELECT count(DISTINCT session_id)::int FROM data_points WHERE organization_id = ${org.id}) AS with_points,
          (SELECT count(*)::int FROM point_observations WHERE organization_id = ${org.id}) AS conflicts,
          (SELECT count(*)::int FROM data_points WHERE organization_id = ${org.id} AND corrected_at IS NOT NULL) AS corrections,
          (SELECT count(*)::int FROM therasessions WHERE organization_id = ${org.id} AND ended_at IS NOT NULL
             AND (started_at <> coalesce(planned_start_at, start_at) OR client_time_flag IS NOT NULL)) AS off_slot`,
      );
      expect(row, org.name).toEqual({
        ran: 48,
        without_note: expect.any(Number),
        with_points: 48,
        conflicts: 1,
        corrections: 1,
        off_slot: 0,
      });
      expect(row!.without_note, org.name).toBeGreaterThan(0);
    }
  });

  it('on a database seeded days ago, a start schedules today and tomorrow again (once)', async () => {
    // Age the demo by three days: every session moves back, so today and tomorrow are empty.
    await database.db.execute(sql`UPDATE therasessions SET start_at = start_at - interval '3 days', end_at = end_at - interval '3 days'`);
    const before = await countRows('therasessions');
    expect(await seedDemo(database)).toBe(false);
    const after = await countRows('therasessions');
    expect(after - before).toBe(28); // the first day's 14 sessions, today and tomorrow
    for (const org of orgs) {
      const today = await sessionsToday(org.id);
      expect(today.sessions.length, org.name).toBeGreaterThan(0);
    }
    expect(await seedDemo(database)).toBe(false);
    expect(await countRows('therasessions')).toBe(after);
  }, 120_000);
});
