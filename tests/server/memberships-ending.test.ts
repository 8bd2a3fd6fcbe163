import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../helpers/db';
import {
  addTherapist,
  call,
  describeServer,
  placeStudent,
  pointsOf,
  scheduleFor,
  stamp,
  trialPoint,
  useCollectorWorld,
  usagesOf,
  type Actor,
  type Org,
} from '../helpers/collector-fixtures';

/** The end as the refusal says it to the person (UTC). */
const endedOn = (at: Date) =>
  `${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;

const T = '/api/tenant-management';
const json = (res: { body: string }) => JSON.parse(res.body);
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describeServer('a membership that ends: access, workspace, sessions', () => {
  const { t, w } = useCollectorWorld();

  const end = (org: Org, member: Actor, how: 'terminate' | 'accept') =>
    how === 'terminate'
      ? call(t, org.owner, 'PATCH', `${T}/organization/${org.code}/memberships/${member.membershipId}/terminate/`, {
          body: { reason: 'Contract ended' },
        })
      : call(t, org.owner, 'PATCH', `${T}/organization/${org.code}/memberships/${member.membershipId}/accept-resignation/`);

  for (const how of ['terminate', 'accept'] as const) {
    it(`loses access at once after ${how === 'terminate' ? 'a termination' : 'an accepted resignation'}, the active organization included`, async () => {
      const member = await addTherapist(t, w.org);
      const placement = await placeStudent(t, w.org, member);
      const session = await scheduleFor(t, w.org, member, placement);
      const myAccess = `${T}/organization/${w.org.code}/my-access/`;
      const read = (query?: Record<string, string>) =>
        call(t, member, 'GET', `/api/collector/sessions/${session.id}/`, { ...(query ? { query } : {}) });
      expect((await read()).statusCode).toBe(200);
      if (how === 'accept') {
        const resigned = await call(t, member, 'PATCH', `/api/therapist-management/memberships/${member.membershipId}/resign/`, {
          body: { reason: 'Leaving' },
        });
        expect(resigned.statusCode, resigned.body).toBe(200);
        // Resigning is not leaving yet: access lasts until the organization accepts.
        expect((await read()).statusCode).toBe(200);
      }
      expect((await end(w.org, member, how)).statusCode).toBe(200);

      // The sign-in still names this organization as its active one: that is refused like any other.
      for (const res of [await read(), await read({ organization_id: w.org.id }), await call(t, member, 'GET', myAccess)]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(json(res).detail).toBe('Organization not found.');
      }
      const organizations = json(await call(t, member, 'GET', `${T}/organizations/`));
      expect(organizations.results.map((o: { id: string }) => o.id)).not.toContain(w.org.id);
    });
  }

  it('closes the workspace the member had open at the end, and keeps their future sessions, counted as upcoming', async () => {
    const member = await addTherapist(t, w.org);
    const placement = await placeStudent(t, w.org, member);
    await scheduleFor(t, w.org, member, placement);
    await scheduleFor(t, w.org, member, placement);
    const usageId = randomUUID();
    const opened = await call(t, member, 'POST', `${T}/organization/workspace/open/`, {
      body: { membership_id: member.membershipId, usage_id: usageId, client_now: minutesAgo(30).toISOString() },
    });
    expect(opened.statusCode, opened.body).toBe(201);

    const ended = json(await end(w.org, member, 'terminate'));
    const usage = (await usagesOf(t, w.org.id)).find((u) => u.id === usageId)!;
    expect(usage.closedAt?.toISOString()).toBe(ended.ended_at);
    expect(json(await call(t, member, 'GET', '/api/users/auth/session/')).user.current_usage).toBeNull();
    const closeLater = await call(t, member, 'PATCH', `${T}/organization/workspace/close/${usageId}/`, { body: { notes: 'late' } });
    expect(closeLater.statusCode).toBe(404);

    const detail = json(await call(t, w.org.owner, 'GET', `${T}/organization/${w.org.code}/memberships/${member.membershipId}/detail/`));
    expect(detail).toMatchObject({ status: 'terminated', sessions: { held: 0, upcoming: 2 } });
    expect(detail.assigned_students).toEqual([expect.objectContaining({ id: placement.studentId })]);
    expect(detail.workspace_minutes.this_month + detail.workspace_minutes.last_month).toBeGreaterThanOrEqual(29);
    const trail = await rows(
      t.database.db,
      sql`SELECT call FROM audit_trail WHERE organization_id = ${w.org.id} AND entity = 'workspace_usage' AND entity_id = ${usageId}`,
    );
    expect(trail).toEqual([{ call: 'memberships.terminateMembership' }]);
  });
});

describeServer('the collector after a membership ends: before is kept, after is refused', () => {
  const { t, w } = useCollectorWorld();

  async function formerTherapist() {
    const member = await addTherapist(t, w.org);
    const placement = await placeStudent(t, w.org, member);
    // A session that began an hour ago (before the end) and one planned for later (after it).
    const began = await scheduleFor(t, w.org, member, placement, { startAt: minutesAgo(60), minutes: 90 });
    const later = await scheduleFor(t, w.org, member, placement);
    const goal = placement.goals.discrete.id;
    const res = await call(t, w.org.owner, 'PATCH', `${T}/organization/${w.org.code}/memberships/${member.membershipId}/terminate/`, {
      body: { reason: 'Contract ended' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { member, began, later, goal, endedAt: new Date(json(res).ended_at) };
  }
  let trial = 0;
  const tap = (goal: string, at: Date) => trialPoint(goal, null, (trial += 1), 'correct', stamp(at));
  const send = (member: Actor, sessionId: string, points: unknown[]) =>
    call(t, member, 'POST', `/api/collector/sessions/${sessionId}/points/`, { body: { points }, query: { organization_id: w.org.id } });

  it('accepts points tapped offline before the end and refuses the batch holding a later one, naming it', async () => {
    const { member, began, goal, endedAt } = await formerTherapist();
    const before = tap(goal, minutesAgo(10));
    const after = tap(goal, new Date(endedAt.getTime() + 60_000));

    const refused = await send(member, began.id, [before, after]);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(json(refused)).toMatchObject({ code: 'MEMBERSHIP_ENDED', errors: { 'points.1.recorded_at': [expect.any(String)] } });
    expect(json(refused).detail).toBe(
      `Your membership in this organization ended on ${endedOn(endedAt)}: data recorded after that is not accepted.`,
    );
    expect(json(refused).errors['points.0.recorded_at']).toBeUndefined();
    expect(await pointsOf(t, w.org.id, began.id)).toEqual([]);

    // The outbox sends the refused batch's points one by one: the earlier lands, the later stays refused.
    const accepted = await send(member, began.id, [before]);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(json(accepted)).toMatchObject({ applied: 1, received_ids: [before.id] });
    expect((await send(member, began.id, [after])).statusCode).toBe(409);
    const single = await call(t, member, 'POST', '/api/collector/datapoints/', {
      body: { ...after, session_id: began.id },
      query: { organization_id: w.org.id },
    });
    expect(json(single).code).toBe('MEMBERSHIP_ENDED');
    expect((await pointsOf(t, w.org.id, began.id)).map((p) => p.id)).toEqual([before.id]);
  });

  it('does not take the device clock alone: a session planned after the end is refused whatever recorded_at says', async () => {
    const { member, later, goal, endedAt } = await formerTherapist();
    // A clock set back claims the tap happened before the end; the schedule says the session came after.
    const res = await send(member, later.id, [tap(goal, minutesAgo(30))]);
    expect(res.statusCode, res.body).toBe(409);
    expect(json(res).detail).toBe(
      `Your membership in this organization ended on ${endedOn(endedAt)}, before this session was planned: its data is not accepted.`,
    );
    expect(await pointsOf(t, w.org.id, later.id)).toEqual([]);
  });

  it('takes deletions recorded before the end and refuses later ones; nothing else of the organization opens', async () => {
    const { member, began, goal, endedAt } = await formerTherapist();
    const point = tap(goal, minutesAgo(20));
    expect((await send(member, began.id, [point])).statusCode).toBe(200);
    const remove = (at: Date) =>
      call(t, member, 'DELETE', `/api/collector/sessions/${began.id}/points/`, {
        body: { keys: [{ goal_id: goal, sub_goal_id: null, trial_no: point.trial_no, ...stamp(at) }] },
        query: { organization_id: w.org.id },
      });
    const late = await remove(new Date(endedAt.getTime() + 1000));
    expect(json(late)).toMatchObject({ code: 'MEMBERSHIP_ENDED', errors: { 'keys.0.recorded_at': [expect.any(String)] } });
    expect((await remove(minutesAgo(5))).statusCode).toBe(200);

    for (const res of [
      await call(t, member, 'GET', `/api/collector/sessions/${began.id}/`, { query: { organization_id: w.org.id } }),
      await call(t, member, 'POST', `/api/collector/sessions/${began.id}/focus/start/`, {
        body: { goal_id: goal, sub_goal_id: null, ...stamp(minutesAgo(5)) },
        query: { organization_id: w.org.id },
      }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
  });

  it("opens no one else's session to a former member, and no organization to someone who never belonged", async () => {
    const { member } = await formerTherapist();
    const colleagues = await send(member, w.session.id, [tap(w.placement.goals.discrete.id, minutesAgo(5))]);
    expect(colleagues.statusCode).toBe(404);
    expect(json(colleagues).detail).toBe('Session not found.');
    const stranger = await send(w.orgB.therapist, w.session.id, [tap(w.placement.goals.discrete.id, minutesAgo(5))]);
    expect(stranger.statusCode).toBe(404);
    expect(json(stranger).detail).toBe('Organization not found.');
  });

  it('accepts nothing from a former member whose end time was never recorded', async () => {
    const { member, began, goal } = await formerTherapist();
    await t.database.db.execute(sql`UPDATE memberships SET ended_at = NULL WHERE id = ${member.membershipId}`);
    const res = await send(member, began.id, [tap(goal, minutesAgo(30))]);
    expect(json(res).code).toBe('MEMBERSHIP_ENDED');
  });
});
