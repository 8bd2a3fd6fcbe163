import { dayLabel, timeOf } from '../format';
import type { MovedAway } from '../moved-away';
import { dayAndTime } from '../session-change';

/** "Sam's 10:00 AM session on Tuesday, December 1 was moved to Thursday, December 3 at 2:00 PM — reason", in the organization's zone. */
export function movedAwayText(m: MovedAway, timeZone?: string): string {
  const was = `${m.firstName}'s ${timeOf(m.from, timeZone)} session on ${dayLabel(m.from, timeZone)}`;
  if (!m.to) {
    return `${was} is no longer on your schedule.`;
  }
  return `${was} was moved to ${dayAndTime(m.to, timeZone)}${m.reason ? ` — ${m.reason}` : ''}.`;
}

/** Sessions the office moved off today and tomorrow: said on Today rather than gone without a word. */
export function MovedAwayNotes({ movedAway, timeZone }: { movedAway: MovedAway[]; timeZone?: string | undefined }) {
  if (movedAway.length === 0) {
    return null;
  }
  return (
    <ul className="moved-away" aria-label="Sessions moved off these days" data-testid="moved-away">
      {movedAway.map((m) => (
        <li key={m.id} className="session-change">
          {movedAwayText(m, timeZone)}
        </li>
      ))}
    </ul>
  );
}
