/**
 * Workspace usage: open for a membership with a client-made usage id (so a
 * workspace opened offline can be closed offline), open again returns it, close with trimmed notes.
 * Success, 400 with field errors and nothing written, 404 for someone else's usage or membership and
 * for another organization.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { call, describeServer, useCollectorWorld, outsidersOf, usagesOf, type Actor } from '../helpers/collector-fixtures';

const { t, w } = useCollectorWorld();

const W = '/api/tenant-management/organization/workspace';
const json = (res: LightMyRequestResponse) => res.json() as Record<string, any>;

function expectBadInput(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = json(res);
  expect(body.code).toBe('VALIDATION_FAILED');
  expect(
    Object.keys(body.errors ?? {}).some((k) => k.includes(field)),
    JSON.stringify(body.errors),
  ).toBe(true);
}
const expectNotFound = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(404);
  expect(json(res).code).toBe('NOT_FOUND');
};

const open = (body: object, actor: Actor = w.therapist, query?: Record<string, string>) =>
  call(t, actor, 'POST', `${W}/open/`, { body, ...(query ? { query } : {}) });
const close = (usageId: string, body: object, actor: Actor = w.therapist, query?: Record<string, string>) =>
  call(t, actor, 'PATCH', `${W}/close/${usageId}/`, { body, ...(query ? { query } : {}) });
const usage = async (id: string) => (await usagesOf(t, w.org.id)).find((u) => u.id === id);
const ago = (s: number) => new Date(Date.now() - s * 1000).toISOString();

describeServer('POST workspace/open/', () => {
  it('opens a usage with the client-made id at the tap time (201) and shows it as the current usage', async () => {
    const id = randomUUID();
    const openedAt = ago(30);
    const res = await open({ membership_id: w.therapist.membershipId, usage_id: id, client_now: openedAt });
    expect(res.statusCode, res.body).toBe(201);
    expect(json(res)).toEqual({ id, membership_id: w.therapist.membershipId, opened_at: openedAt, closed_at: null, notes: '' });
    expect(await usage(id)).toMatchObject({ membershipId: w.therapist.membershipId, userId: w.therapist.userId, closedAt: null });
    const state = json(await call(t, w.therapist, 'GET', '/api/users/auth/session/'));
    expect(state.user.current_usage).toEqual({ id });
  });

  it('returns the same usage when the same id is opened again, without a second row', async () => {
    const id = randomUUID();
    const first = json(await open({ membership_id: w.therapist.membershipId, usage_id: id, client_now: ago(60) }));
    const again = await open({ membership_id: w.therapist.membershipId, usage_id: id, client_now: ago(1) });
    expect(again.statusCode, again.body).toBe(201);
    expect(json(again)).toEqual(first);
    expect((await usagesOf(t, w.org.id)).filter((u) => u.id === id)).toHaveLength(1);
  });

  it('makes an id when the client sends none', async () => {
    const res = await open({ membership_id: w.therapist.membershipId });
    expect(res.statusCode, res.body).toBe(201);
    expect(await usage(json(res).id)).toBeDefined();
  });

  it.each([
    ['a membership id that is not a uuid', { membership_id: 'me' }, 'membership_id'],
    ['no membership id', { membership_id: undefined }, 'membership_id'],
    ['a usage id that is not a uuid', { usage_id: 'u-1' }, 'usage_id'],
    ['a client_now without a zone', { client_now: '2031-01-01 10:00' }, 'client_now'],
  ])('answers 400 to %s and writes nothing', async (_name, over, field) => {
    const before = (await usagesOf(t, w.org.id)).length;
    expectBadInput(await open({ membership_id: w.therapist.membershipId, usage_id: randomUUID(), ...over }), field);
    expect((await usagesOf(t, w.org.id)).length).toBe(before);
  });

  it("answers 404 for another therapist's membership, for the owner (no membership) and for someone else's usage id", async () => {
    const theirs = randomUUID();
    await open({ membership_id: w.other.therapist.membershipId, usage_id: theirs }, w.other.therapist);
    const before = await usagesOf(t, w.org.id);
    expectNotFound(await open({ membership_id: w.other.therapist.membershipId, usage_id: randomUUID() }));
    expectNotFound(await open({ membership_id: w.therapist.membershipId, usage_id: randomUUID() }, w.org.owner));
    expectNotFound(await open({ membership_id: w.therapist.membershipId, usage_id: theirs }));
    expect(await usagesOf(t, w.org.id)).toEqual(before);
  });

  it("answers 404 to org B naming org A, and org B can't open on org A's membership", async () => {
    const beforeA = await usagesOf(t, w.org.id);
    const beforeB = await usagesOf(t, w.orgB.org.id);
    expectNotFound(
      await open({ membership_id: w.therapist.membershipId, usage_id: randomUUID() }, w.orgB.therapist, { organization_id: w.org.id }),
    );
    expectNotFound(await open({ membership_id: w.therapist.membershipId, usage_id: randomUUID() }, w.orgB.therapist));
    expectNotFound(
      await open({ membership_id: w.orgB.therapist.membershipId, usage_id: randomUUID() }, w.orgB.org.owner, { organization_id: w.org.id }),
    );
    expect(await usagesOf(t, w.org.id)).toEqual(beforeA);
    expect(await usagesOf(t, w.orgB.org.id)).toEqual(beforeB);
  });

  it('opens once when 20 opens of the same usage id race without a key (all 201, one row)', async () => {
    const id = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => open({ membership_id: w.therapist.membershipId, usage_id: id })));
    expect(
      answers.map((r) => r.statusCode),
      answers.map((r) => r.body).join('\n'),
    ).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect((await usagesOf(t, w.org.id)).filter((u) => u.id === id)).toHaveLength(1);
  });
});

describeServer('PATCH workspace/close/{usageId}/', () => {
  const opened = async (actor: Actor = w.therapist) => {
    const id = randomUUID();
    const res = await open({ membership_id: actor.membershipId, usage_id: id, client_now: ago(600) }, actor);
    expect(res.statusCode, res.body).toBe(201);
    return id;
  };

  it('closes with notes trimmed at the tap time; closing again changes nothing', async () => {
    const id = await opened();
    const closedAt = ago(5);
    const res = await close(id, { notes: '  Good session; Leo tired.\n ', client_now: closedAt });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ id, closed_at: closedAt, notes: 'Good session; Leo tired.' });
    expect(await usage(id)).toMatchObject({ notes: 'Good session; Leo tired.' });
    expect((await usage(id))!.closedAt!.toISOString()).toBe(closedAt);
    const again = await close(id, { notes: 'other notes', client_now: ago(1) });
    expect(again.statusCode).toBe(200);
    expect(json(again)).toMatchObject({ closed_at: closedAt, notes: 'Good session; Leo tired.' });
    expect(json(await call(t, w.therapist, 'GET', '/api/users/auth/session/')).user.current_usage?.id).not.toBe(id);
  });

  it('closes without notes (empty notes)', async () => {
    const id = await opened();
    expect(json(await close(id, {}))).toMatchObject({ notes: '' });
    expect((await usage(id))!.closedAt).not.toBeNull();
  });

  it.each([
    ['notes over 4000 characters', { notes: 'x'.repeat(4001) }, 'notes'],
    ['notes that are not text', { notes: 42 }, 'notes'],
    ['a client_now that is not a time', { client_now: 'later' }, 'client_now'],
  ])('answers 400 to %s and changes nothing', async (_name, body, field) => {
    const id = await opened();
    const before = await usage(id);
    expectBadInput(await close(id, body), field);
    expect(await usage(id)).toEqual(before);
  });

  it('answers 400 for a usage id that is not a uuid, 404 for an unknown one', async () => {
    expectBadInput(await close('u-1', { notes: '' }), 'usageId');
    expectNotFound(await close(randomUUID(), { notes: '' }));
  });

  it.each([0, 1, 2, 3])("answers 404 to an outsider closing the therapist's usage and changes nothing (%#)", async (i) => {
    const id = await opened();
    const before = await usage(id);
    const [, actor, query] = outsidersOf(w)[i]!;
    expectNotFound(await close(id, { notes: 'not mine' }, actor, query));
    expect(await usage(id)).toEqual(before);
  });

  it("answers 404 to the owner closing a therapist's usage (only its own user closes it)", async () => {
    const id = await opened();
    const before = await usage(id);
    expectNotFound(await close(id, { notes: 'owner' }, w.org.owner));
    expect(await usage(id)).toEqual(before);
  });
});
