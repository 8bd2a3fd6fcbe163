/**
 * Never lose a trial: a tablet that collected offline on a session the office cancelled meanwhile
 * delivers every point when it comes back. The points belong to the session's id, which stays; the
 * session stays cancelled, its start is refused with a sentence (the tablet shows it as needing
 * attention), and it can no longer be deleted, since it now holds data.
 */
import { expect, it } from 'vitest';
import { call, describeServer, freshSession, pointsOf, trialPoint, useCollectorWorld } from '../helpers/collector-fixtures';

const { t, w } = useCollectorWorld();
const S = '/api/scheduling/therasessions';

describeServer('points on a session cancelled while the tablet was offline', () => {
  it('are all stored, and the session stays cancelled with its reason', async () => {
    const s = await freshSession(t, w);
    const cancel = await call(t, w.org.owner, 'POST', `${S}/${s.id}/cancel/`, { body: { reason: 'child is sick' } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'cancelled', change_reason: 'child is sick' });

    const goal = w.placement.goals.discrete.id;
    const points = [trialPoint(goal, null, 1, 'correct'), trialPoint(goal, null, 2, 'incorrect'), trialPoint(goal, null, 3, 'prompted')];
    const sent = await call(t, w.therapist, 'POST', `/api/collector/sessions/${s.id}/points/`, { body: { points } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(new Set(sent.json().received_ids)).toEqual(new Set(points.map((p) => p.id)));
    expect((await pointsOf(t, w.org.id, s.id)).map((p) => p.trialNo)).toEqual([1, 2, 3]);

    const start = await call(t, w.therapist, 'POST', `${S}/${s.id}/start/`, { body: {} });
    expect(start.statusCode, start.body).toBe(409);
    expect(start.json().detail).toBe('This session was cancelled, so it cannot start; anything recorded on it is kept.');

    const read = await call(t, w.org.owner, 'GET', `${S}/${s.id}/`);
    expect(read.json()).toMatchObject({ status: 'cancelled', change_reason: 'child is sick' });

    const remove = await call(t, w.org.owner, 'DELETE', `${S}/${s.id}/`);
    expect(remove.statusCode, remove.body).toBe(409);
    expect(remove.json().detail).toContain('Cancel it instead');
    expect(await pointsOf(t, w.org.id, s.id)).toHaveLength(3);
  });
});
