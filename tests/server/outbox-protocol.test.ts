/**
 * What the outbox relies on to tell a real delivery and the right person: every answer to a request
 * carrying an Idempotency-Key echoes it (fresh, replayed, refused); an X-Thera-Author other than the
 * signed-in user is refused with 403 AUTHOR_MISMATCH before the body is validated (absent: no
 * change); session start/end device times are kept as sent, flagged when implausible, beside the
 * server's receipt times.
 */
import { expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  call,
  describeServer,
  freshSession,
  newKey,
  useCollectorWorld,
  pointsOf,
  sessionRow,
  stamp,
  trialPoint,
  type Actor,
} from '../helpers/collector-fixtures';

const { t, w } = useCollectorWorld();

const C = '/api/collector';
const S = '/api/scheduling/therasessions';
const json = (res: LightMyRequestResponse) => res.json() as Record<string, any>;
const g = () => w.placement.goals;

function send(actor: Actor, method: 'POST' | 'DELETE' | 'GET', url: string, body: unknown, headers: Record<string, string>) {
  return t.app.inject({
    method,
    url,
    headers: { cookie: actor.cookie, ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

describeServer('Idempotency-Key is echoed on every answer', () => {
  it('echoes the key on a fresh answer and on its replay', async () => {
    const s = await freshSession(t, w);
    const key = newKey();
    const body = { points: [trialPoint(g().discrete.id, null, 1, 'correct')] };
    const fresh = await send(w.therapist, 'POST', `${C}/sessions/${s.id}/points/`, body, { 'idempotency-key': key });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.headers['idempotency-key']).toBe(key);
    expect(fresh.headers['content-type']).toMatch(/^application\/json/);
    const replay = await send(w.therapist, 'POST', `${C}/sessions/${s.id}/points/`, body, { 'idempotency-key': key });
    expect([replay.statusCode, replay.headers['idempotent-replayed'], replay.headers['idempotency-key']]).toEqual([200, 'true', key]);
  });

  it('echoes the key on a 4xx (validation, not signed in, stale write) and sends none without a key', async () => {
    const s = await freshSession(t, w);
    const key = newKey();
    const bad = await send(w.therapist, 'POST', `${C}/sessions/${s.id}/points/`, { points: [] }, { 'idempotency-key': key });
    expect([bad.statusCode, bad.headers['idempotency-key']]).toEqual([400, key]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${C}/sessions/${s.id}/points/`,
      headers: { 'idempotency-key': key },
      payload: { points: [trialPoint(g().discrete.id, null, 1, 'correct')] },
    });
    expect([anonymous.statusCode, anonymous.headers['idempotency-key']]).toEqual([401, key]);
    const point = trialPoint(g().discrete.id, null, 1, 'correct', stamp(undefined, 'tablet-echo', 10));
    await call(t, w.therapist, 'POST', `${C}/sessions/${s.id}/points/`, { body: { points: [point] } });
    const staleKey = newKey();
    const stale = await send(
      w.therapist,
      'POST',
      `${C}/sessions/${s.id}/points/`,
      { points: [{ ...point, device_seq: 9 }] },
      { 'idempotency-key': staleKey },
    );
    expect([stale.statusCode, json(stale).code, stale.headers['idempotency-key']]).toEqual([409, 'STALE_WRITE', staleKey]);
    const none = await call(t, w.therapist, 'POST', `${C}/sessions/${s.id}/points/`, { body: { points: [] } });
    expect(none.headers['idempotency-key']).toBeUndefined();
  });
});

describeServer("X-Thera-Author: the operation is sent only under its author's sign-in", () => {
  const mismatch = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(403);
    expect(json(res)).toMatchObject({
      code: 'AUTHOR_MISMATCH',
      detail: "These changes were made under another person's sign-in. They wait until that person signs in again.",
    });
  };

  it('refuses a collector batch made by another user, storing nothing, and accepts the author', async () => {
    const s = await freshSession(t, w);
    const body = { points: [trialPoint(g().discrete.id, null, 1, 'correct')] };
    const url = `${C}/sessions/${s.id}/points/`;
    mismatch(await send(w.org.owner, 'POST', url, body, { 'x-thera-author': w.therapist.userId }));
    expect(await pointsOf(t, w.org.id, s.id)).toHaveLength(0);
    const own = await send(w.therapist, 'POST', url, body, { 'x-thera-author': w.therapist.userId });
    expect(own.statusCode, own.body).toBe(200);
    // Without the header nothing changes: the owner may record in the organization.
    const noHeader = await send(w.org.owner, 'POST', url, { points: [trialPoint(g().discrete.id, null, 2, 'correct')] }, {});
    expect(noHeader.statusCode, noHeader.body).toBe(200);
  });

  it('refuses a session start and end made by another user, leaving the session as it was', async () => {
    const s = await freshSession(t, w);
    mismatch(await send(w.org.owner, 'POST', `${S}/${s.id}/start/`, {}, { 'x-thera-author': w.therapist.userId }));
    mismatch(
      await send(
        w.org.owner,
        'POST',
        `${S}/${s.id}/end/`,
        { action: 'cancelled', client_now: new Date().toISOString() },
        { 'x-thera-author': w.therapist.userId },
      ),
    );
    expect((await sessionRow(t, w.org.id, s.id))?.status).toBe('scheduled');
  });

  it('checks the author before the body: an invalid body still answers AUTHOR_MISMATCH', async () => {
    const s = await freshSession(t, w);
    mismatch(
      await send(w.org.owner, 'POST', `${C}/sessions/${s.id}/points/`, { points: 'not a list' }, { 'x-thera-author': w.therapist.userId }),
    );
    mismatch(await send(w.org.owner, 'POST', `${S}/${s.id}/end/`, { action: 'nonsense' }, { 'x-thera-author': w.therapist.userId }));
    const own = await send(
      w.therapist,
      'POST',
      `${C}/sessions/${s.id}/points/`,
      { points: 'not a list' },
      { 'x-thera-author': w.therapist.userId },
    );
    expect([own.statusCode, json(own).code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('answers 401 (not 403) when nobody is signed in', async () => {
    const s = await freshSession(t, w);
    const res = await t.app.inject({
      method: 'POST',
      url: `${S}/${s.id}/start/`,
      headers: { 'x-thera-author': w.therapist.userId },
      payload: {},
    });
    expect([res.statusCode, json(res).code]).toEqual([401, 'NOT_SIGNED_IN']);
  });
});

describeServer('session device times: kept as sent, flagged, with the receipt time', () => {
  it('stores an end 3 h before the start, flags it, keeps the receipt times, and lists the flag', async () => {
    const s = await freshSession(t, w);
    const clientStart = new Date(Date.now() - 60_000).toISOString();
    const clientEnd = new Date(Date.parse(clientStart) - 3 * 3600_000).toISOString();
    const started = await call(t, w.therapist, 'POST', `${S}/${s.id}/start/`, { body: { client_now: clientStart } });
    expect(started.statusCode, started.body).toBe(200);
    expect(json(started)).toMatchObject({ started_at: clientStart, client_started_at: clientStart, client_time_flag: null });
    const ended = await call(t, w.therapist, 'POST', `${S}/${s.id}/end/`, { body: { action: 'completed', client_now: clientEnd } });
    expect(ended.statusCode, ended.body).toBe(200);
    const row = (await sessionRow(t, w.org.id, s.id))!;
    expect(row.clientEndedAt?.toISOString()).toBe(clientEnd);
    expect(row.clientTimeFlag).toBe('end_before_start');
    expect(Math.abs(row.endedAt!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(Math.abs(row.startReceivedAt!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(json(ended)).toMatchObject({ client_ended_at: clientEnd, client_time_flag: 'end_before_start' });
    const list = json(
      await call(t, w.therapist, 'GET', `${S}/`, {
        query: { from: new Date(Date.now() - 86_400_000).toISOString(), therapist_id: w.therapist.membershipId! },
      }),
    );
    const listed = list.results.find((x: any) => x.id === s.id);
    expect(listed).toMatchObject({ client_time_flag: 'end_before_start', client_ended_at: clientEnd });
    expect(json(await call(t, w.therapist, 'GET', `${C}/sessions/${s.id}/`)).client_time_flag).toBe('end_before_start');
  });

  it('flags a start more than 5 minutes ahead of receipt and starts at the receipt time instead', async () => {
    const s = await freshSession(t, w);
    const ahead = new Date(Date.now() + 3 * 3600_000).toISOString();
    const started = json(await call(t, w.therapist, 'POST', `${S}/${s.id}/start/`, { body: { client_now: ahead } }));
    expect(started).toMatchObject({ client_started_at: ahead, client_time_flag: 'ahead' });
    expect(Math.abs(Date.parse(started.started_at) - Date.parse(started.start_received_at))).toBeLessThan(1000);
  });
});
