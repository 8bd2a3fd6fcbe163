/**
 * Calendar events: list a range, create, update, delete; who sees which; tenancy; roles; bad input
 * answered 400 with nothing written; the trail.
 */
import { beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { addStaff, addTherapist, call, describeServer, useCollectorWorld, type Actor } from '../helpers/collector-fixtures';
import { rows } from '../helpers/db';

const { t, w } = useCollectorWorld();

const E = '/api/thera-calendar/events';
const json = (res: LightMyRequestResponse) => res.json() as Record<string, any>;
const range = { from: '2030-03-01T00:00:00Z', to: '2030-04-01T00:00:00Z' };

const create = (actor: Actor, body: object, orgId = w.org.id) =>
  call(t, actor, 'POST', `${E}/`, { body: { organization_id: orgId, ...body } });
const list = (actor: Actor, query: Record<string, string> = {}) => call(t, actor, 'GET', `${E}/`, { query: { ...range, ...query } });
const titles = async (actor: Actor, query: Record<string, string> = {}) => {
  const res = await list(actor, query);
  expect(res.statusCode, res.body).toBe(200);
  return (json(res).results as { title: string }[]).map((e) => e.title);
};
const eventCount = async (orgId = w.org.id) =>
  (await rows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM calendar_events WHERE organization_id = ${orgId}`))[0]!.n;
const trailOf = (id: string) =>
  rows<{ action: string; changes: Record<string, unknown> }>(
    t.database.db,
    sql`SELECT action, changes FROM audit_trail WHERE entity = 'calendar_event' AND entity_id = ${id} ORDER BY id`,
  );

const meeting = (over: object = {}) => ({
  kind: 'meeting',
  title: 'Team meeting',
  start_at: '2030-03-05T14:00:00Z',
  end_at: '2030-03-05T15:00:00Z',
  ...over,
});

describeServer('calendar events', () => {
  let staff: Actor;
  let ids: Record<string, string>;
  beforeAll(async () => {
    staff = await addStaff(t, w.org);
    const made = async (body: object) => {
      const res = await create(w.org.owner, body);
      expect(res.statusCode, res.body).toBe(201);
      return json(res).id as string;
    };
    ids = {
      everyone: await made(meeting({ title: 'All hands', for_everyone: true })),
      mine: await made(meeting({ title: 'Case review', membership_ids: [w.therapist.membershipId] })),
      others: await made(meeting({ title: 'Supervision', membership_ids: [w.other.therapist.membershipId] })),
      closure: await made({
        kind: 'closure',
        title: 'Spring closure',
        start_at: '2030-03-10T05:00:00Z',
        end_at: '2030-03-11T04:00:00Z',
        for_everyone: true,
      }),
    };
  });

  it('answers an event with its people and who made it, and records it on the trail', async () => {
    const res = await create(staff, meeting({ title: 'Training day', kind: 'training', membership_ids: [w.therapist.membershipId] }));
    expect(res.statusCode, res.body).toBe(201);
    const event = json(res);
    expect(event).toMatchObject({
      kind: 'training',
      title: 'Training day',
      description: '',
      all_day: false,
      for_everyone: false,
      start_at: '2030-03-05T14:00:00.000Z',
      people: [{ membership_id: w.therapist.membershipId, name: expect.any(String) }],
      created_by: expect.any(String),
    });
    const [trail] = await trailOf(event.id);
    expect(trail).toMatchObject({ action: 'create', changes: { title: [null, 'Training day'], kind: [null, 'training'] } });
  });

  it('shows schedulers every event and a therapist the ones for everyone and those listing them', async () => {
    expect(await titles(w.org.owner)).toEqual(expect.arrayContaining(['All hands', 'Case review', 'Supervision', 'Spring closure']));
    expect(await titles(staff)).toEqual(expect.arrayContaining(['All hands', 'Case review', 'Supervision']));
    const mine = await titles(w.therapist);
    expect(mine).toEqual(expect.arrayContaining(['All hands', 'Case review', 'Spring closure']));
    expect(mine).not.toContain('Supervision');
    expect(await titles(w.other.therapist)).not.toContain('Case review');
  });

  it('filters by kind and by the member an event includes', async () => {
    expect(await titles(w.org.owner, { kind: 'closure' })).toEqual(['Spring closure']);
    const forOther = await titles(w.org.owner, { membership_id: w.other.therapist.membershipId! });
    expect(forOther).toContain('Supervision');
    expect(forOther).toContain('All hands');
    expect(forOther).not.toContain('Case review');
  });

  it('refuses a range longer than 62 days or ending before it starts, with a field error', async () => {
    for (const query of [
      { from: '2030-01-01T00:00:00Z', to: '2030-03-15T00:00:00Z' },
      { from: '2030-03-02T00:00:00Z', to: '2030-03-01T00:00:00Z' },
    ]) {
      const res = await list(w.org.owner, query);
      expect(res.statusCode, res.body).toBe(400);
      expect(json(res).errors.to).toBeDefined();
    }
  });

  it('updates the fields and the people, and records before and after', async () => {
    const res = await call(t, staff, 'PATCH', `${E}/${ids.mine}/`, {
      body: { title: 'Case review (moved)', membership_ids: [w.therapist.membershipId, w.other.therapist.membershipId] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).title).toBe('Case review (moved)');
    expect((json(res).people as unknown[]).length).toBe(2);
    expect(await titles(w.other.therapist)).toContain('Case review (moved)');
    const trail = await trailOf(ids.mine!);
    expect(trail.at(-1)).toMatchObject({ action: 'update', changes: { title: ['Case review', 'Case review (moved)'] } });
  });

  it('deletes an event and its people with it', async () => {
    const made = json(await create(staff, meeting({ title: 'Gone soon', membership_ids: [w.therapist.membershipId] })));
    const res = await call(t, staff, 'DELETE', `${E}/${made.id}/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ ok: true });
    const people = await rows(t.database.db, sql`SELECT 1 FROM calendar_event_people WHERE event_id = ${made.id}`);
    expect(people).toHaveLength(0);
    expect((await trailOf(made.id)).at(-1)).toMatchObject({ action: 'delete' });
    expect((await call(t, staff, 'DELETE', `${E}/${made.id}/`)).statusCode).toBe(404);
  });

  it('refuses writes to a therapist without calendar.manage (403), nothing written', async () => {
    const before = await eventCount();
    expect((await create(w.therapist, meeting({ for_everyone: true }))).statusCode).toBe(403);
    expect((await call(t, w.therapist, 'PATCH', `${E}/${ids.everyone}/`, { body: { title: 'Mine now' } })).statusCode).toBe(403);
    expect((await call(t, w.therapist, 'DELETE', `${E}/${ids.everyone}/`)).statusCode).toBe(403);
    expect(await eventCount()).toBe(before);
  });

  it("answers 404 for another organization's event or membership, nothing written", async () => {
    const before = await eventCount();
    const foreignMember = await create(w.org.owner, meeting({ membership_ids: [w.orgB.therapist.membershipId] }));
    expect(foreignMember.statusCode, foreignMember.body).toBe(404);
    expect((await create(w.orgB.org.owner, meeting({ for_everyone: true }), w.org.id)).statusCode).toBe(404);
    expect((await call(t, w.orgB.org.owner, 'PATCH', `${E}/${ids.everyone}/`, { body: { title: 'Theirs' } })).statusCode).toBe(404);
    expect((await call(t, w.orgB.org.owner, 'DELETE', `${E}/${ids.everyone}/`)).statusCode).toBe(404);
    expect(await titles(w.orgB.org.owner)).toEqual([]);
    expect(await eventCount()).toBe(before);
  });

  it('answers 400 with a field error for bad input, nothing written', async () => {
    const before = await eventCount();
    const cases: [object, string][] = [
      [meeting({ title: '  ' }), 'title'],
      [meeting({ end_at: '2030-03-05T13:00:00Z' }), 'end_at'],
      [meeting({ membership_ids: [] }), 'membership_ids'],
      [meeting({ kind: 'party', for_everyone: true }), 'kind'],
      // An all-day event runs from midnight to midnight of the organization's zone (Europe/Berlin here: UTC+1 in March).
      [meeting({ all_day: true, for_everyone: true, start_at: '2030-03-05T00:00:00Z', end_at: '2030-03-05T23:00:00Z' }), 'start_at'],
    ];
    for (const [body, field] of cases) {
      const res = await create(w.org.owner, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(
        Object.keys(json(res).errors ?? {}).some((k) => k.includes(field)),
        res.body,
      ).toBe(true);
    }
    const allDay = await create(
      w.org.owner,
      meeting({ kind: 'holiday', all_day: true, for_everyone: true, start_at: '2030-03-19T23:00:00Z', end_at: '2030-03-20T23:00:00Z' }),
    );
    expect(allDay.statusCode, allDay.body).toBe(201);
    expect(await eventCount()).toBe(before + 1);
  });

  it('refuses a member whose membership ended (404)', async () => {
    const leaving = await addTherapist(t, w.org);
    await t.database.db.execute(sql`UPDATE memberships SET status = 'terminated', ended_at = now() WHERE id = ${leaving.membershipId}`);
    expect((await create(w.org.owner, meeting({ membership_ids: [leaving.membershipId] }))).statusCode).toBe(404);
  });
});
