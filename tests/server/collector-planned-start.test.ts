/**
 * Starting a session moves start_at to the tap time (shift_to_now), and the planned slot is kept:
 * planned_start_at answers the time the session was planned for, before and after the start.
 */
import { expect, it } from 'vitest';
import { call, describeServer, freshSession, useCollectorWorld } from '../helpers/collector-fixtures';

const { t, w } = useCollectorWorld();
const S = '/api/scheduling/therasessions';
const listed = async (id: string) => {
  const res = await call(t, w.therapist, 'GET', `${S}/`, {
    query: { page_size: '100', from: new Date(Date.now() - 3600_000).toISOString() },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: { id: string; start_at: string; planned_start_at: string; started_at: string | null }[] }).results.find(
    (s) => s.id === id,
  )!;
};

describeServer('a started session keeps its planned slot', () => {
  it('answers the planned start before the start, and after a start that moved start_at to the tap time', async () => {
    const s = await freshSession(t, w);
    const planned = s.startAt.toISOString();
    expect(await listed(s.id)).toMatchObject({ start_at: planned, planned_start_at: planned, started_at: null });

    const tappedAt = new Date().toISOString();
    const started = await call(t, w.therapist, 'POST', `${S}/${s.id}/start/`, { body: { client_now: tappedAt } });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ start_at: tappedAt, planned_start_at: planned, started_at: tappedAt });
    expect(await listed(s.id)).toMatchObject({ start_at: tappedAt, planned_start_at: planned });

    // The calendar keeps the block at the planned minute too, and names the minute it was started (cut, not rounded).
    const minute = (iso: string) => Math.floor(Date.parse(iso) / 60_000);
    const week = { from: new Date(Date.now() - 2 * 86_400_000).toISOString(), to: new Date(Date.now() + 5 * 86_400_000).toISOString() };
    const items = await call(t, w.therapist, 'GET', '/api/thera-calendar/items/', { query: week });
    expect(items.statusCode, items.body).toBe(200);
    const cell = (items.json() as { sessions: unknown[][] }).sessions.find(([id]) => id === s.id);
    expect(cell?.[1]).toBe(minute(planned));
    expect(cell?.[7]).toBe(minute(tappedAt));
  });

  it('answers start_at as planned when the start kept the scheduled time', async () => {
    const s = await freshSession(t, w);
    const started = await call(t, w.therapist, 'POST', `${S}/${s.id}/start/`, { body: { shift_to_now: false } });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ start_at: s.startAt.toISOString(), planned_start_at: s.startAt.toISOString() });
  });
});
