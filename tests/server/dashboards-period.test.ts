/**
 * A member's dashboard for a period: workspace time day by day, each usage clipped to the period's
 * and the days' edges in the organization's time zone (the test organizations are in Europe/Berlin,
 * UTC+1 in March 2031), an open usage counted up to now, sessions by status; who may ask, and which
 * periods are refused.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { json } from '../helpers/admin-fixtures';
import { call, describeServer, freshSession, scheduleFor, useCollectorWorld, type Actor } from '../helpers/collector-fixtures';
import { workspaceUsages } from '../../server/db/schema/workspace';

const { t, w } = useCollectorWorld();
const T = '/api/tenant-management';
const S = '/api/scheduling/therasessions';
const dashboardOf = (actor: Pick<Actor, 'membershipId'>) => `${T}/memberships/${actor.membershipId}/dashboard/`;

/** A usage as the workspace calls leave it, at times the calls' clock checks would not accept. */
async function usage(actor: Actor, openedAt: string, closedAt: string | null) {
  await t.database.db.insert(workspaceUsages).values({
    organizationId: w.org.id,
    id: randomUUID(),
    membershipId: actor.membershipId!,
    userId: actor.userId,
    openedAt: new Date(openedAt),
    closedAt: closedAt ? new Date(closedAt) : null,
  });
}

beforeAll(async () => {
  // Sunday 23:00 → Monday 02:00 in Berlin: two hours on Monday, one before the period.
  await usage(w.therapist, '2031-03-02T22:00:00Z', '2031-03-03T01:00:00Z');
  // Tuesday 09:00 → 12:30: three and a half hours.
  await usage(w.therapist, '2031-03-04T08:00:00Z', '2031-03-04T11:30:00Z');
  // Tuesday 23:00 → Wednesday 01:00: an hour on each day.
  await usage(w.therapist, '2031-03-04T22:00:00Z', '2031-03-05T00:00:00Z');
  // Wednesday 23:00 → Thursday 03:00: one hour inside a period ending on Wednesday.
  await usage(w.therapist, '2031-03-05T22:00:00Z', '2031-03-06T02:00:00Z');
  // Another member's usage in the same days: never theirs.
  await usage(w.other.therapist, '2031-03-03T08:00:00Z', '2031-03-03T16:00:00Z');
  const cancelled = await freshSession(t, w, { startAt: new Date('2031-03-04T09:00:00Z') });
  const ended = await call(t, w.therapist, 'POST', `${S}/${cancelled.id}/end/`, {
    body: { action: 'cancelled', client_now: '2031-03-04T09:00:00Z' },
  });
  expect(ended.statusCode, ended.body).toBe(200);
  await freshSession(t, w, { startAt: new Date('2031-03-05T09:00:00Z') });
  await freshSession(t, w, { startAt: new Date('2031-03-06T09:00:00Z') }); // Thursday: after the period
  await scheduleFor(t, w.org, w.other.therapist, w.other.placement, { startAt: new Date('2031-03-05T10:00:00Z') });
});

describeServer('member dashboard for a period', () => {
  it("adds up the member's workspace time day by day, clipped at the period's edges, and their sessions by status", async () => {
    const res = await call(t, w.therapist, 'GET', dashboardOf(w.therapist), { query: { from: '2031-03-03', to: '2031-03-05' } });
    expect(res.statusCode, res.body).toBe(200);
    const { period } = json(res);
    expect(period).toMatchObject({ from: '2031-03-03', to: '2031-03-05', time_zone: 'Europe/Berlin', workspace_minutes: 510 });
    expect(period.days.map((d: any) => [d.date, d.workspace_minutes, d.sessions_planned, d.sessions_cancelled])).toEqual([
      ['2031-03-03', 120, 0, 0],
      ['2031-03-04', 270, 0, 1],
      ['2031-03-05', 120, 1, 0],
    ]);
    expect(period.sessions_by_status).toEqual({ scheduled: 1, in_progress: 0, completed: 0, cancelled: 1, no_show: 0, ended_early: 0 });
  });

  it('answers the week of week_of as the period when no from and to are given, and keeps the week as it was', async () => {
    const res = await call(t, w.therapist, 'GET', dashboardOf(w.therapist), { query: { week_of: '2031-03-05' } });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.week).toMatchObject({ week_start: '2031-03-03', sessions_planned: 2, sessions_cancelled: 1 });
    expect(body.period).toMatchObject({ from: '2031-03-03', to: '2031-03-09', workspace_minutes: 690 });
    expect(body.period.days.map((d: any) => d.workspace_minutes)).toEqual([120, 270, 120, 180, 0, 0, 0]);
  });

  it('counts an open usage up to now', async () => {
    const member = w.other.therapist;
    const openedAt = new Date(Date.now() - 90 * 60_000);
    await usage(member, openedAt.toISOString(), null);
    // Yesterday and today in Berlin, so a usage opened before midnight is inside the period too.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const res = await call(t, member, 'GET', dashboardOf(member), { query: { from: yesterday, to: today } });
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(body.totals.workspace_open).toBe(true);
    // Each day's minutes are rounded: a usage split by midnight may gain or lose one.
    expect(body.period.workspace_minutes).toBeGreaterThanOrEqual(89);
    expect(body.period.workspace_minutes).toBeLessThanOrEqual(91);
  });

  it('answers a whole leap year, day by day', async () => {
    const res = await call(t, w.therapist, 'GET', dashboardOf(w.therapist), { query: { from: '2032-01-01', to: '2032-12-31' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).period.days).toHaveLength(366);
    const year = await call(t, w.therapist, 'GET', dashboardOf(w.therapist), { query: { from: '2031-01-01', to: '2031-12-31' } });
    // The hour before Monday 3 March (Sunday 23:00 in Berlin) is inside this one.
    expect(json(year).period.workspace_minutes).toBe(750);
  });

  it("hides another organization's membership and refuses someone else's dashboard without dashboard.view", async () => {
    const query = { from: '2031-03-03', to: '2031-03-05' };
    const other = await call(t, w.orgB.org.owner, 'GET', dashboardOf(w.therapist), { query });
    expect(other.statusCode, other.body).toBe(404);
    const theirs = await call(t, w.other.therapist, 'GET', dashboardOf(w.therapist), { query });
    expect(theirs.statusCode, theirs.body).toBe(403);
    const owner = await call(t, w.org.owner, 'GET', dashboardOf(w.therapist), { query });
    expect(json(owner).period.workspace_minutes).toBe(510);
  });

  it.each([
    ['a first day without a last', { from: '2031-03-03' }, 'to'],
    ['a last day without a first', { to: '2031-03-03' }, 'from'],
    ['a last day before the first', { from: '2031-03-05', to: '2031-03-03' }, 'to'],
    ['a period longer than a leap year', { from: '2031-01-01', to: '2032-01-02' }, 'to'],
    ['a day that does not exist', { from: '2031-02-30', to: '2031-03-03' }, 'from'],
    ['a date in words', { from: '3 March', to: '2031-03-03' }, 'from'],
  ])('answers 400 to %s', async (_name, query, field) => {
    const res = await call(t, w.therapist, 'GET', dashboardOf(w.therapist), { query });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(json(res).errors)).toEqual([field]);
  });
});
