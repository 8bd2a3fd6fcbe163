/**
 * The calendar screen's one read: sessions and events overlapping a range, names once in lookup lists.
 *
 * - A scheduler (owner, sessions.manage) sees every session, narrowed to a therapist, a student or a
 *   department when asked; anyone else sees their own sessions (as their session list shows them:
 *   a session not started yet drops out once they are no longer assigned to its student), and asking
 *   for another therapist's is refused (403) rather than quietly answered with their own.
 * - Events: everyone's for those who see the whole calendar (those including the therapist asked
 *   for, when one is), else the events for everyone and those that list the caller.
 * - Children are named in full, as the session lists and Today name them to the same people.
 * - Cost: the organization's zone, one statement for the sessions with their names, two for the
 *   events and their people, whatever the range holds.
 */
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { RequestContext } from '../../lib/request-context';
import type { OrgAccess } from '../../plugins/auth';
import { organizationTimezone } from '../../db/lookups';
import type { calendarItems } from '../../../contract/calendar';
import { selectCalendarSessions, type CalendarSessionRow } from './repository-items';
import { rangeOf, visibleEvents } from './service';

type ItemsAnswer = z.input<typeof calendarItems.response>;
type Named = { id: string; name: string };

const schedulesEveryone = (org: OrgAccess) => org.isOwner || org.permissions.has('sessions.manage');
const NOBODY = '00000000-0000-7000-8000-000000000000';

export async function calendarItemsFor(ctx: RequestContext, query: z.output<typeof calendarItems.query>): Promise<ItemsAnswer> {
  const range = rangeOf(query);
  const { access } = ctx.org;
  const seesAll = schedulesEveryone(access);
  if (!seesAll && query.therapist_id !== undefined && query.therapist_id !== access.membershipId) {
    throw new AppError('FORBIDDEN', "Only people who manage the schedule can see another therapist's sessions.");
  }
  const timeZone = await organizationTimezone(ctx.tx, ctx.org.id);
  const rows = await selectCalendarSessions(ctx.tx, ctx.org.id, {
    ...range,
    therapistMembershipId: seesAll ? query.therapist_id : (access.membershipId ?? NOBODY),
    studentId: query.student_id,
    departmentId: query.department_id,
    assignedUnlessStarted: !seesAll,
  });
  const events = await visibleEvents(ctx, { ...range, membershipId: seesAll ? query.therapist_id : undefined });
  return { time_zone: timeZone, events, ...compact(rows) };
}

/** Rows to the compact answer: a session names its people by id, each name once in its lookup list. */
function compact(rows: CalendarSessionRow[]) {
  const therapists = new Map<string, Named>();
  const students = new Map<string, Named>();
  const departments = new Map<string, Named>();
  const sessions = rows.map((r) => {
    if (!therapists.has(r.therapistId)) {
      therapists.set(r.therapistId, { id: r.therapistId, name: `${r.therapistFirst} ${r.therapistLast}` });
    }
    if (!students.has(r.studentId)) {
      students.set(r.studentId, { id: r.studentId, name: `${r.studentFirst} ${r.studentLast}` });
    }
    if (r.departmentId !== null && r.departmentName !== null && !departments.has(r.departmentId)) {
      departments.set(r.departmentId, { id: r.departmentId, name: r.departmentName });
    }
    return {
      id: r.id,
      start_at: r.startAt.toISOString(),
      end_at: r.endAt.toISOString(),
      status: r.status,
      therapist_id: r.therapistId,
      student_id: r.studentId,
      department_id: r.departmentId,
      service_id: r.serviceId,
    };
  });
  const byName = (a: Named, b: Named) => a.name.localeCompare(b.name);
  return {
    sessions,
    therapists: [...therapists.values()].sort(byName),
    students: [...students.values()].sort(byName),
    departments: [...departments.values()].sort(byName),
  };
}
