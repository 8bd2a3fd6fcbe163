/**
 * The demo's "today" stays populated: on a database seeded days ago, `npm start` schedules today's
 * and tomorrow's sessions again from the pattern of the first seeded day (same therapists, students,
 * departments and local times). Days that already have sessions are left alone, so it is safe to run
 * at every start.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { organizations } from '../db/schema/organizations';
import { users } from '../db/schema/accounts';
import { listSessionPage, scheduleSessions, type ScheduleSessionInput } from '../features/scheduling';
import type { Therasession } from '../../contract/scheduling';
import { addDays, localDate, zonedTimeToUtc } from '../lib/time-zones';
import { systemContext, type RequestContext } from '../lib/request-context';
import { asDepartmentId, asMembershipId, asStudentId } from '../lib/ids';

const timeOf = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
const dateOf = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);

/** Every session of the organization, in start order, read a page at a time through the list call as a client would. */
async function everySession(ctx: RequestContext): Promise<Therasession[]> {
  const sessions: Therasession[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await listSessionPage(ctx, { page, page_size: 100 });
    sessions.push(...answer.results);
    if (!answer.next) {
      return sessions;
    }
  }
}

export async function topUpDemoDays(database: Database, ownerEmails: string[]): Promise<number> {
  const orgs = await database.db
    .select({ id: organizations.id, timezone: organizations.timezone, ownerUserId: organizations.ownerUserId })
    .from(organizations)
    .innerJoin(users, eq(users.id, organizations.ownerUserId))
    .where(inArray(users.email, ownerEmails));
  let created = 0;
  for (const org of orgs) {
    const asOwner = <T>(fn: (ctx: RequestContext) => Promise<T>) =>
      database.tenant(org.id, (tx) => fn(systemContext(tx, { organizationId: org.id, actor: org.ownerUserId, call: 'seed.demo-days' })));
    const all = await asOwner(everySession);
    // The past weeks' sessions (demo-history.ts) all ran: the pattern is the first day still planned.
    const first = all.find((s) => s.status === 'scheduled') ?? all[0];
    if (!first) {
      continue;
    }
    const startOf = (s: Therasession) => new Date(s.start_at);
    const patternDay = dateOf(startOf(first), org.timezone);
    const pattern = all.filter((s) => dateOf(startOf(s), org.timezone) === patternDay);
    const today = localDate(org.timezone);
    for (const date of [today, addDays(today, 1)]) {
      if (all.some((s) => dateOf(startOf(s), org.timezone) === date)) {
        continue;
      }
      const sessions: ScheduleSessionInput[] = pattern.map((session) => {
        const startAt = zonedTimeToUtc(date, timeOf(startOf(session), org.timezone), org.timezone);
        return {
          therapistMembershipId: asMembershipId(session.therapist_id),
          studentId: asStudentId(session.student.id),
          departmentId: asDepartmentId(session.department?.id ?? null),
          startAt,
          endAt: new Date(startAt.getTime() + (Date.parse(session.end_at) - Date.parse(session.start_at))),
        };
      });
      await asOwner((ctx) => scheduleSessions(ctx, sessions));
      created += sessions.length;
    }
  }
  return created;
}
