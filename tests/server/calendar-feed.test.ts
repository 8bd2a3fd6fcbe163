/**
 * The iCal feed: a secret address made, shown once, replaced and revoked; the public feed's text
 * read back (its events, initials only, no last name or note anywhere); only its member's schedule.
 */
import { beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { call, describeServer, newKey, scheduleFor, useCollectorWorld, type Actor } from '../helpers/collector-fixtures';
import { rows } from '../helpers/db';

const { t, w } = useCollectorWorld();

const FEED = '/api/thera-calendar/feed/';
const json = (res: LightMyRequestResponse) => res.json() as Record<string, any>;
const DAY = 24 * 3600_000;

/** VEVENT blocks of an iCalendar text as property maps (folded lines joined). */
function veventsOf(text: string): Record<string, string>[] {
  const lines = text.replace(/\r\n[ \t]/g, '').split(/\r\n/);
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') {
      current = {};
    } else if (line === 'END:VEVENT' && current) {
      events.push(current);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      current[line.slice(0, colon)] = line.slice(colon + 1);
    }
  }
  return events;
}

const subscribe = async (actor: Actor) => {
  const res = await call(t, actor, 'POST', FEED);
  expect(res.statusCode, res.body).toBe(201);
  return json(res).url as string;
};
const fetchFeed = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

describeServer('the iCal feed', () => {
  let lastName: string;
  beforeAll(async () => {
    const soon = new Date(Math.ceil((Date.now() + 3 * DAY) / 3600_000) * 3600_000);
    await scheduleFor(t, w.org, w.therapist, w.placement, { startAt: soon });
    await scheduleFor(t, w.org, w.therapist, w.placement, { startAt: new Date(soon.getTime() - 10 * DAY) });
    // Beyond 180 days ahead: not in the feed.
    await scheduleFor(t, w.org, w.therapist, w.placement, { startAt: new Date(soon.getTime() + 200 * DAY) });
    await scheduleFor(t, w.org, w.other.therapist, w.other.placement, { startAt: soon });
    await t.database.db.execute(
      sql`UPDATE therasessions SET end_note = 'Private note about the child' WHERE student_id = ${w.placement.studentId}`,
    );
    const event = async (title: string, audience: object) => {
      const res = await call(t, w.org.owner, 'POST', '/api/thera-calendar/events/', {
        body: {
          organization_id: w.org.id,
          kind: 'meeting',
          title,
          description: 'Agenda with a child named in full',
          start_at: new Date(soon.getTime() + DAY).toISOString(),
          end_at: new Date(soon.getTime() + DAY + 3600_000).toISOString(),
          ...audience,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await event('Everyone meets', { for_everyone: true });
    await event('Just the other', { membership_ids: [w.other.therapist.membershipId] });
    const [student] = await rows<{ last_name: string }>(
      t.database.db,
      sql`SELECT last_name FROM students WHERE id = ${w.placement.studentId}`,
    );
    lastName = student!.last_name;
  });

  it('shows the address once, then only that a subscription exists', async () => {
    const before = json(await call(t, w.therapist, 'GET', FEED));
    expect(before).toEqual({ url: null, created_at: null, last_used_at: null });
    const url = await subscribe(w.therapist);
    expect(url).toMatch(/^http:\/\/[^/]+\/api\/thera-calendar\/feed\/[A-Za-z0-9_-]{40,}\/schedule\.ics$/);
    const after = json(await call(t, w.therapist, 'GET', FEED));
    expect(after).toMatchObject({ url: null, created_at: expect.any(String) });
    const [stored] = await rows<{ token_hash: string }>(
      t.database.db,
      sql`SELECT token_hash FROM calendar_feeds WHERE membership_id = ${w.therapist.membershipId}`,
    );
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(url).not.toContain(stored!.token_hash);
  });

  it('never keeps the address for a replay: a retry with the same Idempotency-Key makes a new one', async () => {
    const key = newKey();
    const first = await call(t, w.therapist, 'POST', FEED, { key });
    const retry = await call(t, w.therapist, 'POST', FEED, { key });
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(json(retry).url).not.toBe(json(first).url);
    const kept = await rows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM idempotency_records WHERE key = ${key}`);
    expect(kept[0]!.n).toBe(0);
  });

  it("answers the member's schedule as text/calendar, children by initials, no last name, no notes", async () => {
    const res = await fetchFeed(await subscribe(w.therapist));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const text = res.body;
    expect(text).toContain('X-WR-TIMEZONE:Europe/Berlin');
    const events = veventsOf(text);
    const sessions = events.filter((e) => e.UID!.startsWith('session-'));
    expect(sessions).toHaveLength(2);
    for (const s of sessions) {
      expect(s.SUMMARY).toBe('Session with S. S.');
      expect(s.DTSTART).toMatch(/^\d{8}T\d{6}Z$/);
    }
    expect(events.filter((e) => e.UID!.startsWith('event-')).map((e) => e.SUMMARY)).toEqual(['Everyone meets']);
    expect(text).not.toContain(lastName);
    expect(text).not.toContain('Private note');
    expect(text).not.toContain('Agenda');
    const [used] = await rows<{ last_used_at: Date | null }>(
      t.database.db,
      sql`SELECT last_used_at FROM calendar_feeds WHERE membership_id = ${w.therapist.membershipId}`,
    );
    expect(used!.last_used_at).not.toBeNull();
  });

  it("shows another member's token only their schedule", async () => {
    const text = (await fetchFeed(await subscribe(w.other.therapist))).body;
    const events = veventsOf(text);
    expect(events.filter((e) => e.UID!.startsWith('session-'))).toHaveLength(1);
    expect(events.map((e) => e.SUMMARY).sort()).toEqual(['Everyone meets', 'Just the other', 'Session with S. S.']);
  });

  it('stops the old address when a new one is made, and any address when revoked (404, no reason)', async () => {
    const old = await subscribe(w.therapist);
    const fresh = await subscribe(w.therapist);
    expect((await fetchFeed(old)).statusCode).toBe(404);
    expect((await fetchFeed(fresh)).statusCode).toBe(200);
    const revoked = await call(t, w.therapist, 'DELETE', FEED);
    expect(revoked.statusCode, revoked.body).toBe(200);
    const gone = await fetchFeed(fresh);
    expect(gone.statusCode).toBe(404);
    expect(json(gone).code).toBe('NOT_FOUND');
    expect(json(await call(t, w.therapist, 'GET', FEED)).created_at).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `${FEED}${'x'.repeat(43)}/schedule.ics` })).statusCode).toBe(404);
  });

  it('answers 404 once the membership has ended', async () => {
    const url = await subscribe(w.other.therapist);
    await t.database.db.execute(
      sql`UPDATE memberships SET status = 'terminated', ended_at = now() WHERE id = ${w.other.therapist.membershipId}`,
    );
    try {
      expect((await fetchFeed(url)).statusCode).toBe(404);
    } finally {
      await t.database.db.execute(
        sql`UPDATE memberships SET status = 'active', ended_at = NULL WHERE id = ${w.other.therapist.membershipId}`,
      );
    }
  });

  it('refuses an owner without a membership a subscription (409), nothing written', async () => {
    const res = await call(t, w.org.owner, 'POST', FEED);
    expect(res.statusCode, res.body).toBe(409);
    const [count] = await rows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM calendar_feeds WHERE organization_id = ${w.org.id}`,
    );
    expect(count!.n).toBe(1); // the other therapist's, made above
  });
});
