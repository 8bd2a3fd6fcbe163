import type { CalendarEvent } from '../../../../contract/calendar';
import { formatRange } from '../zone';

const KIND_WORD: Record<CalendarEvent['kind'], string> = {
  meeting: 'Meeting',
  training: 'Training',
  holiday: 'Holiday',
  closure: 'Closure',
};

/** An event as those who cannot change it see it: what, when, for whom. */
export function EventDetails({ event, zone }: { event: CalendarEvent; zone: string }) {
  return (
    <dl className="cal-details">
      <dt>What</dt>
      <dd>
        {KIND_WORD[event.kind]}: {event.title}
      </dd>
      <dt>When</dt>
      <dd>
        {event.all_day
          ? `${formatRange(event.start_at, event.end_at, zone)} (whole days)`
          : formatRange(event.start_at, event.end_at, zone)}
      </dd>
      <dt>For</dt>
      <dd>{event.for_everyone ? 'Everyone' : event.people.map((person) => person.name).join(', ')}</dd>
      {event.description && (
        <>
          <dt>About</dt>
          <dd>{event.description}</dd>
        </>
      )}
    </dl>
  );
}
