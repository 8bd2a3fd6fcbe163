/**
 * The desk's session calls: create with a service, conflicts (therapist, student, closure) and their
 * override, edit, reschedule, cancel, delete, activities, list filters, and a service in use.
 * Each: success, what is refused (with nothing written), another organization's ids (404) and roles.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  addStaff,
  addTherapist,
  call,
  describeServer,
  freshSession,
  placeStudent,
  scheduleFor,
  sessionRow,
  sessionsOfOrg,
  trialPoint,
  useCollectorWorld,
  type Actor,
  type Placement,
} from '../helpers/collector-fixtures';
import { asOwner } from '../helpers/system-context';
import { createService } from '../../server/features/services/service';
import { createRole, assignMembershipRole } from '../../server/features/roles/service';
import { organizations } from '../../server/db/schema/organizations';
import { calendarEvents } from '../../server/db/schema/calendar';
import { newId, type OrganizationId } from '../../server/lib/ids';

const { t, w } = useCollectorWorld();
const S = '/api/scheduling/therasessions';
const json = (res: LightMyRequestResponse) => res.json() as Record<string, any>;
const expectCode = (res: LightMyRequestResponse, status: number, code: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(json(res).code).toBe(code);
};

let speech: { id: string };
let retired: { id: string };
let other: { id: string };
let scheduler: Actor;
let p2: Placement;
let t2: Actor;

const service = (org: OrganizationId, name: string, extra: { is_active?: boolean; duration_minutes?: number | null } = {}) =>
  asOwner(t.database, org, (ctx) =>
    createService(ctx, { name, description: '', price: '45.00', is_active: true, duration_minutes: 50, ...extra }),
  );

beforeAll(async () => {
  await t.database.db.update(organizations).set({ timezone: 'America/New_York' }).where(eq(organizations.id, w.org.id));
  speech = await service(w.org.id, 'Speech 50');
  retired = await service(w.org.id, 'Retired', { is_active: false });
  other = await service(w.orgB.org.id, 'Elsewhere');
  // Manages the schedule but may not book over a conflict.
  scheduler = await addStaff(t, w.org);
  const role = await asOwner(t.database, w.org.id, (ctx) =>
    createRole(ctx, { name: 'Scheduler', permission_keys: ['sessions.view', 'sessions.manage'] }),
  );
  await asOwner(t.database, w.org.id, (ctx) => assignMembershipRole(ctx, scheduler.membershipId!, role.id));
  t2 = await addTherapist(t, w.org);
  p2 = await placeStudent(t, w.org, t2);
});

const body = (over: object = {}) => ({
  organization_id: w.org.id,
  therapist_id: w.therapist.membershipId,
  student_id: w.placement.studentId,
  department_id: w.placement.departmentId,
  ...over,
});
const create = (b: object, actor: Actor = w.org.owner) => call(t, actor, 'POST', `${S}/`, { body: b });
const count = async () => (await sessionsOfOrg(t, w.org.id)).length;

describeServer('creating with a service, and conflicts', () => {
  it("takes the service's length and price when no end is given", async () => {
    const res = await create(body({ service_id: speech.id, start_at: '2032-01-05T15:00:00Z' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res)).toMatchObject({
      end_at: '2032-01-05T15:50:00.000Z',
      price_minor: 4500,
      service: { id: speech.id, name: 'Speech 50' },
    });
  });

  it('refuses a session with neither an end nor a service, an inactive service, and another organization’s', async () => {
    const n = await count();
    const noEnd = await create(body({ start_at: '2032-01-06T15:00:00Z' }));
    expectCode(noEnd, 400, 'VALIDATION_FAILED');
    expect(json(noEnd).errors.end_at).toEqual(['Give an end time, or choose a service.']);
    expectCode(await create(body({ service_id: retired.id, start_at: '2032-01-06T15:00:00Z' })), 400, 'VALIDATION_FAILED');
    expectCode(await create(body({ service_id: other.id, start_at: '2032-01-06T15:00:00Z' })), 404, 'NOT_FOUND');
    expect(await count()).toBe(n);
  });

  it('refuses the same therapist or the same student at once, listing what is in the way, in a sentence', async () => {
    const at = { start_at: '2032-01-07T15:00:00Z', end_at: '2032-01-07T16:00:00Z' };
    expect((await create(body(at))).statusCode).toBe(201);
    const n = await count();
    const sameTherapist = await create(body({ ...at, student_id: p2.studentId, department_id: p2.departmentId }));
    expectCode(sameTherapist, 409, 'SCHEDULE_CONFLICT');
    expect(json(sameTherapist).conflicts).toEqual([expect.objectContaining({ kind: 'therapist', start_at: '2032-01-07T15:00:00.000Z' })]);
    expect(json(sameTherapist).detail).toMatch(/^Test .+ already has a session at that time\.$/);
    const sameStudent = await create(body({ ...at, therapist_id: t2.membershipId, start_at: '2032-01-07T15:30:00Z' }));
    expectCode(sameStudent, 409, 'SCHEDULE_CONFLICT');
    expect(json(sameStudent).conflicts.map((c: any) => c.kind)).toEqual(['student']);
    expect(json(sameStudent).detail).toMatch(/^Student .+ already has a session at that time\.$/);
    expect(await count()).toBe(n);
  });

  it('refuses a session over a closure of the whole organization', async () => {
    const id = newId();
    await t.database.tenant(w.org.id, (tx) =>
      tx.insert(calendarEvents).values({
        id,
        organizationId: w.org.id,
        kind: 'closure',
        title: 'Snow day',
        startAt: new Date('2032-01-12T05:00:00Z'),
        endAt: new Date('2032-01-13T05:00:00Z'),
        allDay: true,
        forEveryone: true,
      }),
    );
    const res = await create(body({ start_at: '2032-01-12T15:00:00Z', end_at: '2032-01-12T15:45:00Z' }));
    expectCode(res, 409, 'SCHEDULE_CONFLICT');
    expect(json(res).conflicts).toEqual([
      expect.objectContaining({ kind: 'closure', id, label: 'The organization is closed then: Snow day.' }),
    ]);
  });

  it('books over a conflict only for holders of sessions.override, with a reason kept on the session', async () => {
    const at = { start_at: '2032-01-08T15:00:00Z', end_at: '2032-01-08T16:00:00Z' };
    expect((await create(body(at))).statusCode).toBe(201);
    const cotreat = body({ ...at, therapist_id: t2.membershipId, override_conflicts: true, override_reason: 'Co-treatment with OT' });
    const n = await count();
    const refused = await create(cotreat, scheduler);
    expectCode(refused, 403, 'FORBIDDEN');
    expect(json(refused).detail).toBe('Only people allowed to override the schedule can book over a conflict.');
    expectCode(await create({ ...cotreat, override_reason: ' ' }), 400, 'VALIDATION_FAILED');
    expect(await count()).toBe(n);
    const booked = await create(cotreat);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(json(booked).change_reason).toBe('Co-treatment with OT');
    expectCode(await create(body({ start_at: '2032-02-01T15:00:00Z', end_at: '2032-02-01T16:00:00Z' }), t2), 403, 'FORBIDDEN');
  });
});

const patch = (id: string, b: object, actor: Actor = w.org.owner, query?: Record<string, string>) =>
  call(t, actor, 'PATCH', `${S}/${id}/`, { body: b, ...(query ? { query } : {}) });
const post = (id: string, what: string, b: object, actor: Actor = w.org.owner) =>
  call(t, actor, 'POST', `${S}/${id}/${what}/`, { body: b });

describeServer('editing, rescheduling, cancelling', () => {
  it('changes the service (and its price) and the therapist of a scheduled session, checking conflicts', async () => {
    const s = await freshSession(t, w);
    const res = await patch(s.id, { organization_id: w.org.id, service_id: speech.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ service: { id: speech.id }, price_minor: 4500, start_at: s.startAt.toISOString() });
    const busy = await scheduleFor(t, w.org, t2, p2, { startAt: s.startAt });
    expectCode(await patch(s.id, { organization_id: w.org.id, therapist_id: t2.membershipId }), 409, 'SCHEDULE_CONFLICT');
    expect((await sessionRow(t, w.org.id, s.id))?.therapistMembershipId).toBe(w.therapist.membershipId);
    expect(busy.id).toBeTruthy();
  });

  it('answers 400 without organization_id, 404 for another organization, 403 for a therapist', async () => {
    const s = await freshSession(t, w);
    const missing = await patch(s.id, { service_id: speech.id });
    expectCode(missing, 400, 'VALIDATION_FAILED');
    expect(json(missing).errors.organization_id).toEqual(['organization_id is required in payload']);
    expectCode(await patch(w.orgB.session.id, { organization_id: w.org.id, service_id: null }), 404, 'NOT_FOUND');
    expectCode(await patch(s.id, { organization_id: w.orgB.org.id, service_id: null }, w.orgB.org.owner), 404, 'NOT_FOUND');
    expectCode(await patch(s.id, { organization_id: w.org.id, service_id: null }, w.therapist), 403, 'FORBIDDEN');
  });

  it('reschedules with a reason, keeping the old slot; overlapping its own old slot is no conflict', async () => {
    const s = await freshSession(t, w, { startAt: new Date('2033-06-01T10:00:00Z') });
    const start = new Date(s.startAt.getTime() + 30 * 60_000).toISOString();
    const end = new Date(s.startAt.getTime() + 75 * 60_000).toISOString();
    const res = await post(s.id, 'reschedule', { start_at: start, end_at: end, reason: 'Parent asked' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({
      start_at: start,
      rescheduled_from: { start_at: s.startAt.toISOString(), end_at: s.endAt.toISOString() },
      change_reason: 'Parent asked',
    });
    expectCode(await post(s.id, 'reschedule', { start_at: start, end_at: end, reason: '' }), 400, 'VALIDATION_FAILED');
    expectCode(await post(s.id, 'reschedule', { start_at: start, end_at: end, reason: 'x' }, w.therapist), 403, 'FORBIDDEN');
    expectCode(await post(w.orgB.session.id, 'reschedule', { start_at: start, end_at: end, reason: 'x' }), 404, 'NOT_FOUND');
  });

  it('refuses to move or cancel a session that has started, with a sentence', async () => {
    const s = await freshSession(t, w);
    expect((await call(t, w.therapist, 'POST', `${S}/${s.id}/start/`, { body: { shift_to_now: false } })).statusCode).toBe(200);
    const moved = await post(s.id, 'reschedule', { start_at: '2033-01-01T10:00:00Z', end_at: '2033-01-01T11:00:00Z', reason: 'Late' });
    expectCode(moved, 409, 'ALREADY_STARTED');
    expect(json(moved).detail).toBe('This session has started; it can no longer be moved.');
    expectCode(await post(s.id, 'cancel', { reason: 'Sick' }), 409, 'ALREADY_STARTED');
  });

  it('cancels a scheduled session with a reason, once', async () => {
    const s = await freshSession(t, w);
    expectCode(await post(s.id, 'cancel', { reason: '' }), 400, 'VALIDATION_FAILED');
    const res = await post(s.id, 'cancel', { reason: 'Student sick' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ status: 'cancelled', change_reason: 'Student sick' });
    const again = await post(s.id, 'cancel', { reason: 'Again' });
    expectCode(again, 409, 'ALREADY_ENDED');
    expect(json(again).detail).toBe('This session was cancelled; it can no longer be cancelled.');
  });
});

describeServer('deleting', () => {
  const remove = (id: string, actor: Actor = w.org.owner) => call(t, actor, 'DELETE', `${S}/${id}/`);

  it('deletes a scheduled or cancelled session without data', async () => {
    const s = await freshSession(t, w);
    expectCode(await remove(s.id, w.therapist), 403, 'FORBIDDEN');
    expectCode(await remove(s.id, w.orgB.org.owner), 404, 'NOT_FOUND');
    expect((await remove(s.id)).json()).toEqual({ ok: true });
    expect(await sessionRow(t, w.org.id, s.id)).toBeUndefined();
    const c = await freshSession(t, w);
    await post(c.id, 'cancel', { reason: 'Closed' });
    expect((await remove(c.id)).statusCode).toBe(200);
  });

  it('refuses a session with recorded data (cancel it instead) and one that has started', async () => {
    const s = await freshSession(t, w);
    await call(t, w.therapist, 'POST', `${S}/${s.id}/start/`, { body: { shift_to_now: false } });
    expectCode(await remove(s.id), 409, 'ALREADY_STARTED');
    const g = w.placement.goals.discrete;
    const points = await call(t, w.therapist, 'POST', `/api/collector/sessions/${s.id}/points/`, {
      body: { points: [trialPoint(g.id, g.subGoalIds[0]!, 1, 'correct')] },
    });
    expect(points.statusCode, points.body).toBe(200);
    await call(t, w.therapist, 'POST', `${S}/${s.id}/end/`, { body: { action: 'cancelled', client_now: new Date().toISOString() } });
    const refused = await remove(s.id);
    expectCode(refused, 409, 'CONFLICT');
    expect(json(refused).detail).toBe('This session has recorded data. Cancel it instead.');
    expect(await sessionRow(t, w.org.id, s.id)).toBeDefined();
  });
});

describe('activities and filters', () => {
  describeServer('GET activities/', () => {
    it('tells what happened, oldest first, by whom, with times in the organization’s zone', async () => {
      const created = await create(body({ service_id: speech.id, start_at: '2032-03-02T20:00:00Z' }));
      const id = json(created).id as string;
      await post(id, 'reschedule', { start_at: '2032-03-03T20:00:00Z', end_at: '2032-03-03T20:50:00Z', reason: 'Parent asked' });
      // The same reason again is still told: each move keeps its own.
      await post(id, 'reschedule', { start_at: '2032-03-04T20:00:00Z', end_at: '2032-03-04T20:50:00Z', reason: 'Parent asked' });
      await patch(id, { organization_id: w.org.id, service_id: null });
      await call(t, w.therapist, 'POST', `${S}/${id}/start/`, { body: { shift_to_now: false } });
      await call(t, w.therapist, 'POST', `${S}/${id}/end/`, { body: { action: 'completed', client_now: new Date().toISOString() } });
      const res = await call(t, w.org.owner, 'GET', `${S}/${id}/activities/`);
      expect(res.statusCode, res.body).toBe(200);
      const rows = json(res).results as any[];
      expect(rows.map((r) => r.kind)).toEqual(['created', 'rescheduled', 'rescheduled', 'edited', 'started', 'ended']);
      // 20:00 UTC in March 2032 is 3:00 PM in New York (EST).
      expect(rows[0].sentence).toMatch(/booked the session for Tue, Mar 2, 3:00\s?–\s?3:50\sPM\.$/u);
      expect(rows[1].sentence).toContain('to Wed, Mar 3, 3:00');
      expect(rows[1].sentence).toMatch(/: Parent asked$/);
      expect(rows[2].sentence).toMatch(/to Thu, Mar 4, 3:00.*: Parent asked$/u);
      expect(rows[3].sentence).toMatch(/changed the service\.$/);
      expect(rows[4].by).toMatch(/^Test /);
      expect(rows[5].sentence).toContain('ended the session (completed)');
      expectCode(
        await call(t, w.orgB.org.owner, 'GET', `${S}/${id}/activities/`, { query: { organization_id: w.org.id } }),
        404,
        'NOT_FOUND',
      );
      expectCode(await call(t, w.orgB.org.owner, 'GET', `${S}/${id}/activities/`), 404, 'NOT_FOUND');
      expectCode(await call(t, w.other.therapist, 'GET', `${S}/${id}/activities/`), 404, 'NOT_FOUND');
    });
  });

  describeServer('list filters', () => {
    it('filters by student, department and status', async () => {
      const range = { from: '2034-01-01T00:00:00Z', to: '2034-02-01T00:00:00Z' };
      const a = await scheduleFor(t, w.org, w.therapist, w.placement, { startAt: new Date('2034-01-10T10:00:00Z') });
      const b = await scheduleFor(t, w.org, t2, p2, { startAt: new Date('2034-01-10T10:00:00Z') });
      await post(b.id, 'cancel', { reason: 'Holiday' });
      const ids = async (q: Record<string, string>) =>
        json(await call(t, w.org.owner, 'GET', `${S}/`, { query: { ...range, ...q } })).results.map((s: any) => s.id);
      expect(await ids({})).toEqual(expect.arrayContaining([a.id, b.id]));
      expect(await ids({ student_id: p2.studentId })).toEqual([b.id]);
      expect(await ids({ department_id: w.placement.departmentId })).toEqual([a.id]);
      expect(await ids({ status: 'cancelled' })).toEqual([b.id]);
    });
  });
});

describeServer('a service in use', () => {
  it('is kept on delete (409, and in a bulk delete’s failed list) and can be made inactive', async () => {
    const used = await service(w.org.id, 'Used service');
    const unused = await service(w.org.id, 'Unused service');
    expect((await create(body({ service_id: used.id, start_at: '2035-01-05T15:00:00Z' }))).statusCode).toBe(201);
    const refused = await call(t, w.org.owner, 'DELETE', `/api/tenant-management/services/${used.id}/`);
    expectCode(refused, 409, 'CONFLICT');
    expect(json(refused).detail).toBe('Sessions use this service; make it inactive instead.');
    const bulk = await call(t, w.org.owner, 'POST', '/api/tenant-management/services/bulk-delete/', {
      body: { ids: [used.id, unused.id] },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(json(bulk)).toEqual({
      deleted: [unused.id],
      failed: [{ id: used.id, code: 'CONFLICT', detail: 'Sessions use this service; make it inactive instead.' }],
    });
    const inactive = await call(t, w.org.owner, 'PATCH', `/api/tenant-management/services/${used.id}/`, { body: { is_active: false } });
    expect(inactive.statusCode, inactive.body).toBe(200);
  });
});
