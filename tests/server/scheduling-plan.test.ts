/**
 * Planning sessions in bulk from a weekly pattern: wall-clock times in the organization's zone across
 * daylight-saving changes (New York, Sydney), closures skipped, conflicts in the preview and refused
 * on write unless overridden, occurrences before now left out unless asked for, the size cap, bad
 * input, tenancy and roles. Nothing is written on a refusal.
 */
import { beforeAll, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  addStaff,
  addTherapist,
  call,
  describeServer,
  placeStudent,
  scheduleFor,
  sessionsOfOrg,
  useCollectorWorld,
  type Actor,
  type Placement,
} from '../helpers/collector-fixtures';
import { asOwner } from '../helpers/system-context';
import { createService } from '../../server/features/services/service';
import { assignMembershipRole, createRole } from '../../server/features/roles/service';
import { organizations } from '../../server/db/schema/organizations';
import { calendarEvents } from '../../server/db/schema/calendar';
import { newId } from '../../server/lib/ids';

const { t, w } = useCollectorWorld();
const BULK = '/api/scheduling/therasessions/bulk/';
const json = (res: LightMyRequestResponse) => res.json() as Record<string, any>;
const expectCode = (res: LightMyRequestResponse, status: number, code: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(json(res).code).toBe(code);
};

let speech: { id: string };
let t2: Actor;
let p2: Placement;
let scheduler: Actor;

beforeAll(async () => {
  await t.database.db.update(organizations).set({ timezone: 'America/New_York' }).where(eq(organizations.id, w.org.id));
  await t.database.db.update(organizations).set({ timezone: 'Australia/Sydney' }).where(eq(organizations.id, w.orgB.org.id));
  speech = await asOwner(t.database, w.org.id, (ctx) =>
    createService(ctx, { name: 'Speech', description: '', price: '60.00', is_active: true, duration_minutes: 50 }),
  );
  t2 = await addTherapist(t, w.org);
  p2 = await placeStudent(t, w.org, t2);
  scheduler = await addStaff(t, w.org);
  const role = await asOwner(t.database, w.org.id, (ctx) =>
    createRole(ctx, { name: 'Planner', permission_keys: ['sessions.view', 'sessions.manage'] }),
  );
  await asOwner(t.database, w.org.id, (ctx) => assignMembershipRole(ctx, scheduler.membershipId!, role.id));
});

const slot = (over: object = {}) => ({
  weekday: 'TU',
  start_time: '15:00',
  duration_minutes: 45,
  therapist_id: w.therapist.membershipId,
  student_id: w.placement.studentId,
  department_id: w.placement.departmentId,
  ...over,
});
// Most cases plan fixed dates (a daylight-saving change, a closure), which are or will be in the
// past: they ask to include the past so they keep testing what they test; the past's own case does not.
const plan = (body: object, actor: Actor = w.org.owner) =>
  call(t, actor, 'POST', BULK, { body: { organization_id: w.org.id, include_past: true, ...body } });
const starts = (res: LightMyRequestResponse) => json(res).sessions.map((s: any) => s.start_at);
const count = async () => (await sessionsOfOrg(t, w.org.id)).length;

describeServer('POST therasessions/bulk/', () => {
  it('keeps 15:00 at 15:00 in New York when daylight-saving time ends (the instant moves an hour)', async () => {
    const n = await count();
    const res = await plan({ first_day: '2026-10-20', last_day: '2026-11-10', slots: [slot()], dry_run: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ time_zone: 'America/New_York', count: 4, conflict_count: 0, created_ids: [], skipped: [] });
    expect(starts(res)).toEqual([
      '2026-10-20T19:00:00.000Z',
      '2026-10-27T19:00:00.000Z',
      '2026-11-03T20:00:00.000Z',
      '2026-11-10T20:00:00.000Z',
    ]);
    expect(json(res).sessions[0].end_at).toBe('2026-10-20T19:45:00.000Z');
    expect(await count()).toBe(n);
  });

  it("writes the plan across the spring change, with the service's length and price", async () => {
    const res = await plan({
      first_day: '2027-03-03',
      last_day: '2027-03-17',
      slots: [slot({ weekday: 'WE', duration_minutes: undefined, service_id: speech.id })],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(starts(res)).toEqual(['2027-03-03T20:00:00.000Z', '2027-03-10T20:00:00.000Z', '2027-03-17T19:00:00.000Z']);
    expect(json(res).created_ids).toHaveLength(3);
    const rows = (await sessionsOfOrg(t, w.org.id)).filter((s) => json(res).created_ids.includes(s.id));
    expect(rows.map((r) => [r.endAt.getTime() - r.startAt.getTime(), r.priceMinor, r.serviceId])).toEqual(
      Array(3).fill([50 * 60_000, 6000, speech.id]),
    );
    const activities = await call(t, w.org.owner, 'GET', `/api/scheduling/therasessions/${rows[0]!.id}/activities/`);
    expect(json(activities).results.map((a: any) => a.kind)).toEqual(['created']);
  });

  it('keeps 09:00 at 09:00 in Sydney (UTC+10, then +11), the day before in UTC', async () => {
    const res = await call(t, w.orgB.org.owner, 'POST', BULK, {
      body: {
        organization_id: w.orgB.org.id,
        include_past: true,
        first_day: '2026-09-28',
        last_day: '2026-10-05',
        dry_run: true,
        slots: [
          slot({
            weekday: 'MO',
            start_time: '09:00',
            therapist_id: w.orgB.therapist.membershipId,
            student_id: w.orgB.placement.studentId,
            department_id: w.orgB.placement.departmentId,
          }),
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(starts(res)).toEqual(['2026-09-27T23:00:00.000Z', '2026-10-04T22:00:00.000Z']);
  });

  it('skips occurrences on a closure of the whole organization and lists them', async () => {
    await t.database.tenant(w.org.id, (tx) =>
      tx.insert(calendarEvents).values({
        id: newId(),
        organizationId: w.org.id,
        kind: 'holiday',
        title: 'Winter break',
        startAt: new Date('2026-12-01T05:00:00Z'),
        endAt: new Date('2026-12-02T05:00:00Z'),
        allDay: true,
        forEveryone: true,
      }),
    );
    const res = await plan({ first_day: '2026-11-24', last_day: '2026-12-08', slots: [slot()] });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).skipped).toEqual([{ start_at: '2026-12-01T20:00:00.000Z', slot: 0, closure: 'Winter break' }]);
    expect(starts(res)).toEqual(['2026-11-24T20:00:00.000Z', '2026-12-08T20:00:00.000Z']);
    expect(json(res).created_ids).toHaveLength(2);
  });

  it('previews conflicts (stored and within the plan), refuses them on write, and books over them with override', async () => {
    const busy = await scheduleFor(t, w.org, w.therapist, w.placement, { startAt: new Date('2027-01-05T20:00:00Z') });
    const cotreat = { start_time: '15:30', therapist_id: t2.membershipId, department_id: null };
    const body = { first_day: '2027-01-05', last_day: '2027-01-19', slots: [slot(), slot(cotreat)] };
    const preview = await plan({ ...body, dry_run: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(json(preview)).toMatchObject({ count: 6, conflict_count: 6, created_ids: [] });
    const first = json(preview).sessions[0];
    expect(first.conflicts).toHaveLength(3);
    expect(first.conflicts.map((c: any) => [c.kind, c.id])).toEqual(
      expect.arrayContaining([
        ['therapist', busy.id],
        ['student', busy.id],
        ['student', expect.any(String)],
      ]),
    );
    const n = await count();
    const refused = await plan(body);
    expectCode(refused, 409, 'SCHEDULE_CONFLICT');
    expect(json(refused).conflicts.length).toBeGreaterThan(0);
    const override = { override_conflicts: true, override_reason: 'Co-treatment term' };
    const thursdays = { ...body, slots: [slot({ weekday: 'TH' }), slot({ ...cotreat, weekday: 'TH' })], ...override };
    expectCode(await plan(thursdays, scheduler), 403, 'FORBIDDEN');
    expect(await count()).toBe(n);
    const booked = await plan(thursdays);
    expect(booked.statusCode, booked.body).toBe(200);
    expect(json(booked).created_ids).toHaveLength(4);
    expect(await count()).toBe(n + 4);
  });

  it('leaves out the occurrences before now unless asked, lists them, and lists each planned date with its conflicts', async () => {
    const DAY = 24 * 3600_000;
    const dayInNewYork = (offset: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(Date.now() + offset * DAY));
    const everyDay = (['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const).map((weekday) =>
      slot({ weekday, start_time: '07:10', therapist_id: t2.membershipId, student_id: p2.studentId, department_id: p2.departmentId }),
    );
    const range = { first_day: dayInNewYork(-3), last_day: dayInNewYork(3), slots: everyDay };
    const before = Date.now();
    const byDefault = json(await plan({ ...range, dry_run: true, include_past: false }));
    const after = Date.now();
    // The three days before today at 07:10 are past whatever the hour now; today's depends on it.
    expect(byDefault.past_left_out.length).toBeGreaterThanOrEqual(3);
    expect(byDefault.past_left_out.every((s: any) => Date.parse(s.start_at) < after)).toBe(true);
    expect(byDefault.sessions.every((s: any) => !s.in_past && Date.parse(s.start_at) >= before)).toBe(true);
    expect(byDefault.count).toBe(byDefault.sessions.length);

    const included = json(await plan({ ...range, dry_run: true, include_past: true }));
    expect(included.past_left_out).toEqual([]);
    expect(included.count).toBe(byDefault.count + byDefault.past_left_out.length);
    expect(included.sessions.filter((s: any) => s.in_past).map((s: any) => s.start_at)).toEqual(
      byDefault.past_left_out.map((s: any) => s.start_at),
    );

    // Written by default: only what was to come, nothing before now.
    const written = json(await plan({ ...range, include_past: false }));
    expect(written.created_ids).toHaveLength(byDefault.count);
    const rows = (await sessionsOfOrg(t, w.org.id)).filter((row) => written.created_ids.includes(row.id));
    expect(rows.every((row) => row.startAt.getTime() >= before)).toBe(true);

    // Planned again with the past: each date carries its own conflicts, the sessions just written on
    // the dates to come, none on the past dates that were left out.
    const again = json(await plan({ ...range, dry_run: true, include_past: true }));
    for (const session of again.sessions) {
      const same = rows.find((row) => row.startAt.toISOString() === session.start_at);
      expect(session.conflicts.map((c: any) => c.id)).toEqual(same ? expect.arrayContaining([same.id]) : []);
      expect(Boolean(same)).toBe(!session.in_past);
    }
    expect(again.conflict_count).toBe(byDefault.count);
  });

  const may = { first_day: '2027-05-01', last_day: '2027-05-30' };
  // Bodies are made when the test runs: the world's people exist only then.
  it.each<[string, () => object, string]>([
    [
      'more than 2,000 sessions',
      () => ({ first_day: '2026-01-01', last_day: '2046-01-01', slots: [slot(), slot({ weekday: 'WE' })] }),
      'slots',
    ],
    ['a last day before the first', () => ({ first_day: '2027-05-10', last_day: '2027-05-01', slots: [slot()] }), 'last_day'],
    [
      'a slot without a length or a service',
      () => ({ ...may, slots: [slot({ duration_minutes: undefined })] }),
      'slots.0.duration_minutes',
    ],
    ['a time that is not HH:MM', () => ({ ...may, slots: [slot({ start_time: '3pm' })] }), 'slots.0.start_time'],
    ['no slots', () => ({ ...may, slots: [] }), 'slots'],
    ['override without a reason', () => ({ ...may, slots: [slot()], override_conflicts: true }), 'override_reason'],
  ])('answers 400 to %s and writes nothing', async (_name, body, field) => {
    const n = await count();
    const res = await plan(body());
    expectCode(res, 400, 'VALIDATION_FAILED');
    expect(Object.keys(json(res).errors), JSON.stringify(json(res).errors)).toContain(field);
    expect(await count()).toBe(n);
  });

  it("answers 404 for another organization's people and organization, 403 for a therapist", async () => {
    const n = await count();
    const range = { first_day: '2027-06-01', last_day: '2027-06-30' };
    expectCode(await plan({ ...range, slots: [slot({ student_id: w.orgB.placement.studentId, department_id: null })] }), 404, 'NOT_FOUND');
    expectCode(await plan({ ...range, slots: [slot({ therapist_id: w.orgB.therapist.membershipId })] }), 404, 'NOT_FOUND');
    expectCode(await plan({ ...range, slots: [slot()] }, w.orgB.org.owner), 404, 'NOT_FOUND');
    expectCode(await plan({ ...range, slots: [slot()] }, w.therapist), 403, 'FORBIDDEN');
    expect(await count()).toBe(n);
  });
});
