import { asDepartmentId, asMembershipId, asStudentId } from '../../lib/ids';
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
 * - Cost: one statement for the organization's zone and the sessions with their names (written as
 *   JSON by the database and sent as it is), one for the events and one for the people of those not
 *   for everyone, whatever the range holds.
 */
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { RequestContext } from '../../lib/request-context';
import { sessionListTherapist, sessionReach } from '../../lib/access';
import type { CalendarItemsAnswer, calendarItems } from '../../../contract/calendar';
import { jsonObject, jsonText, type JsonText } from '../../lib/json-text';
import { selectCalendarSessions } from './repository-items';
import { rangeOf, visibleEvents } from './service';

export async function calendarItemsFor(
  ctx: RequestContext,
  query: z.output<typeof calendarItems.query>,
): Promise<JsonText<CalendarItemsAnswer>> {
  const range = rangeOf(query);
  const seesAll = sessionReach(ctx.org.access).every;
  const { membershipId: therapistMembershipId, ok } = sessionListTherapist(ctx.org.access, query.therapist_id);
  if (!ok) {
    throw new AppError('FORBIDDEN', "Only people who manage the schedule can see another therapist's sessions.");
  }
  const sessions = await selectCalendarSessions(ctx.tx, ctx.org.id, {
    ...range,
    therapistMembershipId,
    studentId: asStudentId(query.student_id),
    departmentId: asDepartmentId(query.department_id),
    assignedUnlessStarted: !seesAll,
  });
  const events = await visibleEvents(ctx, { ...range, membershipId: seesAll ? asMembershipId(query.therapist_id) : undefined });
  const { time_zone, ...rest } = sessions;
  return jsonObject<CalendarItemsAnswer>({ time_zone, events: jsonText(events), ...rest });
}
