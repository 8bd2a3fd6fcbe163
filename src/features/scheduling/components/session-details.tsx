import { Link } from 'react-router-dom';
import { studentPath } from '../../../shared/routing/student-links';
import type { Therasession } from '../../../../contract/scheduling';
import { spanIn, timeIn } from '../plan-words';

/**
 * A started session sits at its planned time, as on the calendar and the collector's day list (a
 * start moves start_at to the tap time and keeps the planned one aside), with its start as a note.
 */
const plannedStart = (s: Therasession) => s.planned_start_at ?? s.start_at;
const plannedEnd = (s: Therasession) => new Date(Date.parse(plannedStart(s)) + Date.parse(s.end_at) - Date.parse(s.start_at)).toISOString();

export const STATUS_WORDS: Record<Therasession['status'], string> = {
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
  ended_early: 'Ended early',
};

/**
 * A change of the office that a start on the tablet overtook: the session took place (a session
 * with a start is one that happened), so the office learns why its change did not hold.
 */
const OVERTAKEN_WORDS: Record<NonNullable<Therasession['overtaken_change']>, string> = {
  called_off: 'The office called this session off, but the therapist had started it on the tablet: it took place, with its data.',
  moved: "The office moved this session after the therapist had started it on the tablet: it took place at the tablet's start.",
};

/** A session's facts: when (and where it was moved from), who, what, its status and why it last changed. */
export function SessionDetails({ session: s, timeZone }: { session: Therasession; timeZone: string }) {
  return (
    <dl className="session-panel__details">
      <dt>When</dt>
      <dd>
        {spanIn(plannedStart(s), plannedEnd(s), timeZone)}
        {s.started_at && <span className="muted"> · Started {timeIn(s.started_at, timeZone)}</span>}
      </dd>
      {s.rescheduled_from && (
        <>
          <dt>Moved from</dt>
          <dd>{spanIn(s.rescheduled_from.start_at, s.rescheduled_from.end_at, timeZone)}</dd>
        </>
      )}
      <dt>Therapist</dt>
      <dd>{s.therapist_name}</dd>
      <dt>Student</dt>
      <dd>
        <Link className="admin-link" to={studentPath(s.student.id)}>
          {s.student.first_name} {s.student.last_name}
        </Link>
      </dd>
      <dt>Service</dt>
      <dd>{s.service?.name ?? 'None'}</dd>
      <dt>Department</dt>
      <dd>{s.department?.name ?? 'None'}</dd>
      <dt>Status</dt>
      <dd>
        <span className={`session-status session-status--${s.status}`}>{STATUS_WORDS[s.status]}</span>
      </dd>
      {s.change_reason && (
        <>
          <dt>Reason for the last change</dt>
          <dd>{s.change_reason}</dd>
        </>
      )}
      {s.overtaken_change && (
        <>
          <dt>Started on the tablet</dt>
          <dd data-testid="overtaken-change">{OVERTAKEN_WORDS[s.overtaken_change]}</dd>
        </>
      )}
    </dl>
  );
}
