import { useState } from 'react';
import type { SlotRow } from '../plan-form';
import { needsAttention, type PlanDate } from '../plan-dates';
import { conflictSentence, dayIn, spanIn, timeIn, type Names } from '../plan-words';

interface Props {
  dates: PlanDate[];
  rows: SlotRow[];
  names: Names;
  zone: string;
}

/** What became of one date, in words: nothing to say, its conflicts, past (left out or included), or closed. */
function dateNote(date: PlanDate, zone: string): { text: string; tone: 'ok' | 'warn' | 'off' } | null {
  if (date.kind === 'closed') {
    return { text: `Not planned: the organization is closed (${date.closure}).`, tone: 'off' };
  }
  if (date.kind === 'past') {
    return { text: 'In the past: left out.', tone: 'off' };
  }
  const past = date.inPast ? 'In the past: included, to record a session that already happened. ' : '';
  if (date.conflicts.length > 0) {
    return { text: `${past}${date.conflicts.map((c) => conflictSentence(c, zone)).join(' ')}`, tone: 'warn' };
  }
  return past ? { text: past.trim(), tone: 'warn' } : null;
}

/**
 * Every date of the plan with its time on the organization's clock, who it is for, and what stands in
 * its way, in one scrolling list that stays usable for a term (three months of three slots a week is
 * some forty dates): it can narrow to the dates that need a look.
 */
export function PlanDateList({ dates, rows, names, zone }: Props) {
  const flagged = dates.filter(needsAttention).length;
  const [onlyFlagged, setOnlyFlagged] = useState(false);
  const shown = onlyFlagged ? dates.filter(needsAttention) : dates;
  const who = (row: number) => {
    const r = rows[row];
    return r ? `Slot ${row + 1}: ${names.therapist(r.therapistId)} with ${names.student(r.studentId)}` : `Slot ${row + 1}`;
  };
  return (
    <div className="plan-dates">
      <div className="plan-dates__head">
        <h3 id="plan-dates-title">Every date ({dates.length})</h3>
        {flagged > 0 && flagged < dates.length && (
          <label className="plan-dates__only">
            <input type="checkbox" checked={onlyFlagged} onChange={(event) => setOnlyFlagged(event.target.checked)} />
            {flagged === 1 ? 'Only the date that needs a look' : `Only the ${flagged} dates that need a look`}
          </label>
        )}
      </div>
      {/* A long plan scrolls inside its own box; it takes the keyboard's focus so arrows scroll it. */}
      <ul className="plan-dates__list" aria-labelledby="plan-dates-title" tabIndex={0}>
        {shown.map((date) => {
          const note = dateNote(date, zone);
          const when =
            date.kind === 'closed'
              ? `${dayIn(date.start_at, zone)}, ${timeIn(date.start_at, zone)}`
              : spanIn(date.start_at, date.end_at, zone);
          return (
            <li key={`${date.kind}-${date.row}-${date.start_at}`} className={`plan-dates__item plan-dates__item--${note?.tone ?? 'ok'}`}>
              <span className="plan-dates__when">{when}</span>
              <span className="plan-dates__who">{who(date.row)}</span>
              {note && <span className="plan-dates__note">{note.text}</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
