/**
 * A busy week on the scale organization's calendar, for the calendar read's benchmark: next week,
 * every therapist sees five children a day (25 sessions a week each: 5,000 at 200 therapists),
 * with a team meeting for a tenth of them and a training for everyone. Planned through the
 * services like the rest of the scale seed. Idempotent: a week that already holds sessions is left
 * as it is.
 */
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { organizations } from '../db/schema/organizations';
import { therasessions } from '../db/schema/scheduling';
import { departmentStudents, departmentStudentTherapists } from '../db/schema/departments';
import { users } from '../db/schema/accounts';
import { scheduleSessions, type ScheduleSessionInput } from '../features/scheduling';
import { createEvent } from '../features/calendar';
import { createCalendarEvent } from '../../contract/calendar';
import { asOrganizationId, type DepartmentId, type MembershipId, type OrganizationId, type StudentId } from '../lib/ids';
import { systemContext, type RequestContext } from '../lib/request-context';
import { addDays, localDate, weekStart, zonedTimeToUtc } from '../lib/time-zones';
import { SCALE_OWNER } from './scale';

const TIMES = ['08:00', '09:00', '10:00', '13:00', '14:00'];
const MINUTES = 45;

/** The first and last instants of next week in the organization's zone. */
export function nextWeekOf(timeZone: string): { monday: string; from: Date; to: Date } {
  const monday = addDays(weekStart(localDate(timeZone)), 7);
  return { monday, from: zonedTimeToUtc(monday, '00:00', timeZone), to: zonedTimeToUtc(addDays(monday, 7), '00:00', timeZone) };
}

/** The scale organization, if seeded: its id, its zone, and its owner's desk for the seed's calls. */
export async function scaleOrganization(database: Database, call: string) {
  const [org] = await database.db
    .select({ id: organizations.id, timeZone: organizations.timezone, ownerUserId: organizations.ownerUserId })
    .from(organizations)
    .innerJoin(users, eq(users.id, organizations.ownerUserId))
    .where(eq(users.email, SCALE_OWNER));
  if (!org) {
    return null;
  }
  const organizationId = asOrganizationId(org.id);
  const asOwner = <T>(work: (ctx: RequestContext) => Promise<T>) =>
    database.tenant(organizationId, (tx) => work(systemContext(tx, { organizationId, actor: org.ownerUserId, call })));
  return { organizationId, timeZone: org.timeZone, asOwner };
}

export async function seedScaleCalendarWeek(database: Database, log: (line: string) => void = () => undefined): Promise<number> {
  const org = await scaleOrganization(database, 'seed.scale.calendar');
  if (!org) {
    return 0;
  }
  const { organizationId, asOwner } = org;
  const week = nextWeekOf(org.timeZone);
  const planned = await asOwner((ctx) =>
    ctx.tx
      .select({ n: sql<number>`count(*)::int` })
      .from(therasessions)
      .where(
        and(eq(therasessions.organizationId, organizationId), gte(therasessions.startAt, week.from), lt(therasessions.startAt, week.to)),
      ),
  );
  if ((planned[0]?.n ?? 0) > 0) {
    return 0;
  }
  const caseloads = await caseloadsOf(database, organizationId);
  log(`calendar week: ${caseloads.size} therapists × 25 sessions`);
  let sessions = 0;
  for (const [therapist, places] of caseloads) {
    const plan: ScheduleSessionInput[] = [];
    for (let day = 0; day < 5; day++) {
      for (const [slot, time] of TIMES.entries()) {
        const place = places[(day * TIMES.length + slot) % places.length]!;
        const startAt = zonedTimeToUtc(addDays(week.monday, day), time, org.timeZone);
        plan.push({ therapistMembershipId: therapist, ...place, startAt, endAt: new Date(startAt.getTime() + MINUTES * 60_000) });
      }
    }
    await asOwner((ctx) => scheduleSessions(ctx, plan));
    sessions += plan.length;
  }
  await asOwner((ctx) => seedWeekEvents(ctx, organizationId, week.monday, org.timeZone, [...caseloads.keys()]));
  return sessions;
}

/** Each therapist's assigned students with the department they are placed in. */
export async function caseloadsOf(database: Database, organizationId: OrganizationId) {
  const rows = await database.tenant(organizationId, (tx) =>
    tx
      .select({
        membershipId: departmentStudentTherapists.membershipId,
        studentId: departmentStudents.studentId,
        departmentId: departmentStudents.departmentId,
      })
      .from(departmentStudentTherapists)
      .innerJoin(
        departmentStudents,
        and(
          eq(departmentStudents.organizationId, departmentStudentTherapists.organizationId),
          eq(departmentStudents.id, departmentStudentTherapists.departmentStudentId),
        ),
      )
      .where(eq(departmentStudentTherapists.organizationId, organizationId))
      .orderBy(departmentStudentTherapists.membershipId, departmentStudents.studentId),
  );
  const caseloads = new Map<MembershipId, { studentId: StudentId; departmentId: DepartmentId }[]>();
  for (const row of rows) {
    const list = caseloads.get(row.membershipId) ?? [];
    list.push({ studentId: row.studentId, departmentId: row.departmentId });
    caseloads.set(row.membershipId, list);
  }
  return caseloads;
}

async function seedWeekEvents(ctx: RequestContext, organizationId: OrganizationId, monday: string, timeZone: string, therapists: string[]) {
  const at = (day: number, time: string) => zonedTimeToUtc(addDays(monday, day), time, timeZone).toISOString();
  const events = [
    {
      kind: 'meeting',
      title: 'Team meeting',
      start_at: at(1, '12:00'),
      end_at: at(1, '12:45'),
      membership_ids: therapists.filter((_, i) => i % 10 === 0),
    },
    { kind: 'training', title: 'Training', start_at: at(3, '15:00'), end_at: at(3, '16:00'), for_everyone: true },
  ];
  for (const event of events) {
    await createEvent(ctx, createCalendarEvent.body.parse({ organization_id: organizationId, ...event }));
  }
}
