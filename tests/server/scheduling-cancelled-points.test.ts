/**
 * The office changes a session while its therapist collects offline. The rule: a session with a
 * start or data took place. A start that arrives after the office's cancel overtakes it (the
 * session runs, the cancel is kept on it and said in its activities); a cancel that meets data
 * already delivered is refused; new points on a session cancelled before it started, with nothing
 * recorded, are refused with a sentence. A move made after the tablet's start tap is overtaken by
 * the start, and the activities say so.
 */
import { expect, it } from 'vitest';
import { call, describeServer, freshSession, pointsOf, trialPoint, useCollectorWorld } from '../helpers/collector-fixtures';

const { t, w } = useCollectorWorld();
const S = '/api/scheduling/therasessions';
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const activities = async (id: string) =>
  (await call(t, w.org.owner, 'GET', `${S}/${id}/activities/`)).json().results as { kind: string; sentence: string }[];

describeServer('a start that arrives after the office cancelled the session', () => {
  it('runs the session at the tap, keeps every point, and says so in the activities', async () => {
    const s = await freshSession(t, w);
    const cancel = await call(t, w.org.owner, 'POST', `${S}/${s.id}/cancel/`, { body: { reason: 'child is sick' } });
    expect(cancel.statusCode, cancel.body).toBe(200);

    // The tablet's lane: the start first, then its points.
    const start = await call(t, w.therapist, 'POST', `${S}/${s.id}/start/`, { body: { client_now: minutesAgo(20) } });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json()).toMatchObject({ status: 'in_progress', change_reason: 'child is sick', overtaken_change: 'called_off' });

    const goal = w.placement.goals.discrete.id;
    const points = [trialPoint(goal, null, 1, 'correct'), trialPoint(goal, null, 2, 'incorrect')];
    const sent = await call(t, w.therapist, 'POST', `/api/collector/sessions/${s.id}/points/`, { body: { points } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await pointsOf(t, w.org.id, s.id)).map((p) => p.trialNo)).toEqual([1, 2]);

    const read = await call(t, w.org.owner, 'GET', `${S}/${s.id}/`);
    expect(read.json()).toMatchObject({ status: 'in_progress', overtaken_change: 'called_off' });
    const rows = await activities(s.id);
    expect(rows.map((r) => r.kind)).toEqual(['created', 'cancelled', 'started']);
    expect(rows[1]!.sentence).toContain('cancelled the session: child is sick');
    expect(rows[2]!.sentence).toMatch(/started the session on the tablet at .*, after the office had cancelled it: the session took place/);

    const again = await call(t, w.therapist, 'POST', `${S}/${s.id}/start/`, { body: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_STARTED');
  });

  it('overtakes a no-show the same way, but never restarts a session that ran and ended', async () => {
    const s = await freshSession(t, w);
    const noShow = await call(t, w.org.owner, 'POST', `${S}/${s.id}/end/`, {
      body: { action: 'no_show', client_now: minutesAgo(1) },
    });
    expect(noShow.statusCode, noShow.body).toBe(200);
    const start = await call(t, w.therapist, 'POST', `${S}/${s.id}/start/`, { body: { client_now: minutesAgo(5) } });
    expect(start.json()).toMatchObject({ status: 'in_progress', overtaken_change: 'called_off' });
    expect((await activities(s.id)).at(-1)!.sentence).toContain('after the office had marked it a no-show');

    const ended = await call(t, w.therapist, 'POST', `${S}/${s.id}/end/`, { body: { action: 'cancelled', client_now: minutesAgo(0) } });
    expect(ended.statusCode, ended.body).toBe(200);
    const restart = await call(t, w.therapist, 'POST', `${S}/${s.id}/start/`, { body: {} });
    expect(restart.statusCode).toBe(409);
    expect(restart.json().code).toBe('ALREADY_ENDED');
  });
});

describeServer('points on a session cancelled before it started', () => {
  it('are refused with a sentence from the API when nothing was recorded on it, storing nothing', async () => {
    const s = await freshSession(t, w);
    await call(t, w.org.owner, 'POST', `${S}/${s.id}/cancel/`, { body: { reason: 'child is sick' } });
    const goal = w.placement.goals.discrete.id;
    const sent = await call(t, w.therapist, 'POST', `/api/collector/sessions/${s.id}/points/`, {
      body: { points: [trialPoint(goal, null, 1, 'correct')] },
    });
    expect(sent.statusCode, sent.body).toBe(409);
    expect(sent.json()).toMatchObject({
      code: 'SESSION_CALLED_OFF',
      detail:
        'This session was cancelled before it started, so it takes no new points. If it took place, start it on the tablet first; its points are then kept.',
    });
    const one = await call(t, w.therapist, 'POST', `/api/collector/datapoints/`, {
      body: { ...trialPoint(goal, null, 2, 'correct'), session_id: s.id },
    });
    expect(one.statusCode, one.body).toBe(409);
    expect(await pointsOf(t, w.org.id, s.id)).toHaveLength(0);
    expect((await call(t, w.org.owner, 'GET', `${S}/${s.id}/`)).json()).toMatchObject({ status: 'cancelled' });
  });

  it('stop the office from cancelling once delivered: the session took place', async () => {
    const s = await freshSession(t, w);
    const goal = w.placement.goals.discrete.id;
    const sent = await call(t, w.therapist, 'POST', `/api/collector/sessions/${s.id}/points/`, {
      body: { points: [trialPoint(goal, null, 1, 'correct')] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const cancel = await call(t, w.org.owner, 'POST', `${S}/${s.id}/cancel/`, { body: { reason: 'child is sick' } });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().detail).toBe('This session has recorded data, so it took place; it can no longer be cancelled.');
    expect((await call(t, w.org.owner, 'GET', `${S}/${s.id}/`)).json()).toMatchObject({ status: 'scheduled' });
    const remove = await call(t, w.org.owner, 'DELETE', `${S}/${s.id}/`);
    expect(remove.statusCode).toBe(409);
    expect(await pointsOf(t, w.org.id, s.id)).toHaveLength(1);
  });
});

describeServer('a move the office makes after the tablet started the session', () => {
  it('is overtaken by the start, and the activities say where it was moved and when the tablet started', async () => {
    const s = await freshSession(t, w);
    const moved = await call(t, w.org.owner, 'POST', `${S}/${s.id}/reschedule/`, {
      body: { start_at: '2033-01-06T19:00:00Z', end_at: '2033-01-06T19:45:00Z', reason: 'therapist at training' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const start = await call(t, w.therapist, 'POST', `${S}/${s.id}/start/`, { body: { client_now: minutesAgo(10) } });
    expect(start.statusCode, start.body).toBe(200);
    expect(start.json()).toMatchObject({ status: 'in_progress', overtaken_change: 'moved', planned_start_at: '2033-01-06T19:00:00.000Z' });
    const last = (await activities(s.id)).at(-1)!;
    expect(last.kind).toBe('started');
    expect(last.sentence).toMatch(
      /^Moved by the office to Thu, Jan 6, .* while started on the tablet at .*: the session took place at the tablet's start\.$/,
    );
  });

  it('is not overtaken by a start tapped after the move', async () => {
    const s = await freshSession(t, w);
    await call(t, w.org.owner, 'POST', `${S}/${s.id}/reschedule/`, {
      body: {
        start_at: new Date(Date.now() + 3600_000).toISOString(),
        end_at: new Date(Date.now() + 5400_000).toISOString(),
        reason: 'later',
      },
    });
    const start = await call(t, w.therapist, 'POST', `${S}/${s.id}/start/`, { body: {} });
    expect(start.json()).toMatchObject({ status: 'in_progress', overtaken_change: null });
    expect((await activities(s.id)).at(-1)!.sentence).toMatch(/started the session at /);
  });
});
