import { NO_DEPARTMENT_COLOUR, type ColourBy, type LegendEntry } from '../calendar-events';

/** What each colour on the calendar stands for. */
export function CalendarLegend({ entries, colourBy }: { entries: LegendEntry[]; colourBy: ColourBy }) {
  if (entries.length === 0) {
    return null;
  }
  return (
    <ul className="cal-legend" aria-label={colourBy === 'therapist' ? 'Colours by therapist' : 'Colours by department'}>
      {entries.map((entry) => (
        <li key={entry.id}>
          <span className="cal-legend__swatch" style={{ background: entry.colour }} aria-hidden="true" />
          {entry.name}
        </li>
      ))}
      {colourBy === 'department' && (
        <li>
          <span className="cal-legend__swatch" style={{ background: NO_DEPARTMENT_COLOUR }} aria-hidden="true" />
          No department
        </li>
      )}
    </ul>
  );
}
