/**
 * Dashboards: the organization's summary and one member's week, counted in
 * the organization's time zone (the test organizations are in Europe/Berlin), with who may see
 * what: dashboard.view for the organization and for others' weeks, anyone for their own.
 */
import { expect, it } from 'vitest';
import { json } from '../helpers/admin-fixtures';
import {
  addStaff,
  call,
  describeServer,
  freshSession,
  scheduleFor,
  stamp,
  trialPoint,
  useCollectorWorld,
} from '../helpers/collector-fixtures';

const { t, w } = useCollectorWorld();
const T = '/api/tenant-management';
const S = '/api/scheduling/therasessions';

// The week of Monday 3 March 2031 in Berlin (UTC+1 then): it starts at 2031-03-02T23:00Z.
const WEEK = '2031-03-03';

describeServer('dashboards', () => {
  it("counts the organization's week day by day in its time zone, and its totals", async () => {
    const g = w.placement.goals.discrete;
    // Monday 00:30 in Berlin is still Sunday in UTC: it counts on Monday. Completed, 3 points, one deleted.
    const monday = await freshSession(t, w, { startAt: new Date('2031-03-02T23:30:00Z'), minutes: 30 });
    expect((await call(t, w.therapist, 'POST', `${S}/${monday.id}/start/`, { body: { shift_to_now: false } })).statusCode).toBe(200);
    const points = [1, 2, 3].map((n) => trialPoint(g.id, g.subGoalIds[0]!, n, 'correct', stamp()));
    expect((await call(t, w.therapist, 'POST', `/api/collector/sessions/${monday.id}/points/`, { body: { points } })).statusCode).toBe(200);
    const removed = await call(t, w.therapist, 'DELETE', `/api/collector/sessions/${monday.id}/points/`, {
      body: { keys: [{ goal_id: g.id, sub_goal_id: g.subGoalIds[0], trial_no: 3, ...stamp() }] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const ended = await call(t, w.therapist, 'POST', `${S}/${monday.id}/end/`, {
      body: { action: 'completed', client_now: '2031-03-03T00:05:00Z' },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    // Tuesday: cancelled. Sunday 23:30 Berlin: planned. The next Monday 00:30 Berlin: another week.
    const tuesday = await freshSession(t, w, { startAt: new Date('2031-03-04T09:00:00Z') });
    await call(t, w.therapist, 'POST', `${S}/${tuesday.id}/end/`, { body: { action: 'cancelled', client_now: '2031-03-04T09:00:00Z' } });
    await freshSession(t, w, { startAt: new Date('2031-03-09T22:30:00Z'), minutes: 20 });
    await freshSession(t, w, { startAt: new Date('2031-03-09T23:30:00Z'), minutes: 20 });
    // Wednesday: the other therapist's planned session.
    await scheduleFor(t, w.org, w.other.therapist, w.other.placement, { startAt: new Date('2031-03-05T09:00:00Z') });

    const res = await call(t, w.org.owner, 'GET', `${T}/organization/${w.org.code}/dashboard/summary/`, {
      query: { week_of: '2031-03-07' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { totals, week } = json(res);
    expect(totals).toEqual({ students: 2, therapists: 2, open_workspaces: 0 });
    expect(week).toMatchObject({
      week_start: WEEK,
      time_zone: 'Europe/Berlin',
      sessions_done: 1,
      sessions_planned: 2,
      sessions_cancelled: 1,
      data_points: 2,
    });
    expect(week.days.map((d: any) => d.date)).toEqual([
      '2031-03-03',
      '2031-03-04',
      '2031-03-05',
      '2031-03-06',
      '2031-03-07',
      '2031-03-08',
      '2031-03-09',
    ]);
    expect(week.days.map((d: any) => [d.sessions_done, d.sessions_planned, d.sessions_cancelled, d.data_points])).toEqual([
      [1, 0, 0, 2],
      [0, 0, 1, 0],
      [0, 1, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 1, 0, 0],
    ]);
  });

  it("shows a member their own week; another member's week needs dashboard.view", async () => {
    const mine = await call(t, w.therapist, 'GET', `${T}/memberships/${w.therapist.membershipId}/dashboard/`, { query: { week_of: WEEK } });
    expect(mine.statusCode, mine.body).toBe(200);
    const body = json(mine);
    expect(body.membership).toMatchObject({ id: w.therapist.membershipId, role: 'therapist' });
    expect(body.totals).toEqual({ assigned_students: 1, workspace_open: false });
    // Without the other therapist's Wednesday session.
    expect(body.week.days[2].sessions_planned).toBe(0);
    expect(body.week).toMatchObject({ sessions_done: 1, sessions_planned: 1, sessions_cancelled: 1, data_points: 2 });

    const theirs = `${T}/memberships/${w.other.therapist.membershipId}/dashboard/`;
    expect((await call(t, w.therapist, 'GET', theirs)).statusCode).toBe(403);
    // Staff hold dashboard.view; the owner holds every key.
    const staff = await addStaff(t, w.org);
    for (const actor of [staff, w.org.owner]) {
      const res = await call(t, actor, 'GET', theirs, { query: { week_of: WEEK } });
      expect(res.statusCode, res.body).toBe(200);
      expect(json(res).week.days[2].sessions_planned).toBe(1);
    }
  });

  it('refuses the summary to a member without dashboard.view, and hides another organization', async () => {
    expect((await call(t, w.therapist, 'GET', `${T}/organization/${w.org.code}/dashboard/summary/`)).statusCode).toBe(403);
    expect((await call(t, w.orgB.org.owner, 'GET', `${T}/organization/${w.org.code}/dashboard/summary/`)).statusCode).toBe(404);
    const other = await call(t, w.orgB.org.owner, 'GET', `${T}/memberships/${w.therapist.membershipId}/dashboard/`);
    expect(other.statusCode, other.body).toBe(404);
    const bad = await call(t, w.org.owner, 'GET', `${T}/organization/${w.org.code}/dashboard/summary/`, { query: { week_of: '3 March' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(json(bad).errors)).toEqual(['week_of']);
  });
});
