/**
 * The demo calendar: a public holiday next month (a closure for everyone: no session can be booked
 * on it), a team meeting this week for two of the clinic's therapists, and a training next week.
 */
import type { Database } from '../db/client';
import type { OrganizationId, UserId } from '../lib/ids';
import { createEvent } from '../features/calendar';
import { createCalendarEvent } from '../../contract/calendar';
import { addDays, localDate, weekStart, zonedTimeToUtc } from '../lib/time-zones';
import { systemContext } from '../lib/request-context';

/** The first Monday of the month after the one holding `date` (YYYY-MM-DD). */
function firstMondayOfNextMonth(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  const monday = weekStart(first);
  return monday < first ? addDays(monday, 7) : monday;
}

export async function seedDemoCalendar(
  database: Database,
  organizationId: OrganizationId,
  ownerUserId: UserId,
  timeZone: string,
  teamMembershipIds: string[],
): Promise<void> {
  const today = localDate(timeZone);
  const thisMonday = weekStart(today);
  const holiday = firstMondayOfNextMonth(today);
  const at = (date: string, time: string) => zonedTimeToUtc(date, time, timeZone).toISOString();
  const events = [
    {
      kind: 'holiday',
      title: 'Public holiday: clinic closed',
      start_at: at(holiday, '00:00'),
      end_at: at(addDays(holiday, 1), '00:00'),
      all_day: true,
      for_everyone: true,
    },
    {
      kind: 'meeting',
      title: 'Team meeting',
      description: 'Caseload review and the week ahead.',
      // Thursday lunchtime, between the morning and the afternoon sessions.
      start_at: at(addDays(thisMonday, 3), '12:00'),
      end_at: at(addDays(thisMonday, 3), '12:45'),
      membership_ids: teamMembershipIds,
    },
    {
      kind: 'training',
      title: 'Training: prompting hierarchies',
      start_at: at(addDays(thisMonday, 9), '11:45'),
      end_at: at(addDays(thisMonday, 9), '12:45'),
      for_everyone: true,
    },
  ];
  await database.tenant(organizationId, async (tx) => {
    const ctx = systemContext(tx, { organizationId, actor: ownerUserId, call: 'seed.calendar' });
    for (const event of events) {
      await createEvent(ctx, createCalendarEvent.body.parse({ organization_id: organizationId, ...event }));
    }
  });
}
