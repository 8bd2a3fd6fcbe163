import type { DashboardPeriodDay } from '../../../../contract/dashboards';
import { formatMinutes } from '../../../shared/ui/duration-text';

import { calendarDayPart } from '../../../shared/ui/time-zones';

const dayLabel = (date: string) => calendarDayPart(date, 'weekday');

/** Workspace time day by day, as a table a person reads (and a screen reader walks). */
export function WorkspaceDays({ days, caption }: { days: DashboardPeriodDay[]; caption: string }) {
  return (
    <table className="workspace-days">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {days.map((day) => (
            <th key={day.date} scope="col">
              {dayLabel(day.date)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          {days.map((day) => (
            <td key={day.date} className={day.workspace_minutes === 0 ? 'muted' : undefined}>
              {day.workspace_minutes === 0 ? (
                <>
                  <span aria-hidden="true">–</span>
                  <span className="visually-hidden">No time</span>
                </>
              ) : (
                formatMinutes(day.workspace_minutes)
              )}
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}
