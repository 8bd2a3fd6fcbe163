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
import { listSessions, scheduleSessions, type ScheduleSessionInput } from '../features/scheduling';
import { addDays, localDate, zonedTimeToUtc } from '../lib/time-zones';
import { systemContext, type RequestContext } from '../lib/request-context';

const timeOf = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
const dateOf = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);

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
    const all = await asOwner((ctx) => listSessions(ctx, {}));
    const first = all[0];
    if (!first) {
      continue;
    }
    const patternDay = dateOf(first.session.startAt, org.timezone);
    const pattern = all.filter((s) => dateOf(s.session.startAt, org.timezone) === patternDay);
    const today = localDate(org.timezone);
    for (const date of [today, addDays(today, 1)]) {
      if (all.some((s) => dateOf(s.session.startAt, org.timezone) === date)) {
        continue;
      }
      const sessions: ScheduleSessionInput[] = pattern.map(({ session }) => {
        const startAt = zonedTimeToUtc(date, timeOf(session.startAt, org.timezone), org.timezone);
        return {
          therapistMembershipId: session.therapistMembershipId,
          studentId: session.studentId,
          departmentId: session.departmentId,
          startAt,
          endAt: new Date(startAt.getTime() + (session.endAt.getTime() - session.startAt.getTime())),
        };
      });
      await asOwner((ctx) => scheduleSessions(ctx, sessions));
      created += sessions.length;
    }
  }
  return created;
}
