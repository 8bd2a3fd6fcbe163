import type { CalendarEvent } from '../../../contract/calendar';
import type { EventPerson, EventRow, EventWithCreator } from './repository';

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/** What an event says, as the contract and the audit trail both name it. */
const eventFields = (row: EventRow) => ({
  kind: row.kind,
  title: row.title,
  description: row.description,
  start_at: row.startAt.toISOString(),
  end_at: row.endAt.toISOString(),
  all_day: row.allDay,
  for_everyone: row.forEveryone,
});

/** An event with the people it lists (already in name order) and who made it, as the contract's CalendarEvent. */
export function presentEvent({ event: e, creator }: EventWithCreator, people: EventPerson[]): CalendarEvent {
  return {
    id: e.id,
    organization_id: e.organizationId,
    ...eventFields(e),
    people: people.map((p) => ({ membership_id: p.membershipId, name: fullName(p) })),
    created_by: creator ? fullName(creator) : null,
  };
}

/** Events with their people, the people grouped by event in one pass. */
export function presentEvents(rows: EventWithCreator[], people: EventPerson[]): CalendarEvent[] {
  const byEvent = new Map<string, EventPerson[]>();
  for (const person of people) {
    const list = byEvent.get(person.eventId);
    if (list) {
      list.push(person);
    } else {
      byEvent.set(person.eventId, [person]);
    }
  }
  return rows.map((row) => presentEvent(row, byEvent.get(row.event.id) ?? []));
}

/** The fields the audit trail keeps of an event (no ids or timestamps of its own: those are the row's). */
export const auditedEvent = (row: EventRow, membershipIds: string[]) => ({
  ...eventFields(row),
  membership_ids: membershipIds.join(','),
});

/** A child named by initials only ("M. C."), for the feed a phone shows on a lock screen. */
export function initials(firstName: string, lastName: string): string {
  return [firstName, lastName]
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map((part) => `${[...part][0]!.toUpperCase()}.`)
    .join(' ');
}
