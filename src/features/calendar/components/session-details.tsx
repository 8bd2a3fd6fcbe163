import { Link } from 'react-router-dom';
import { studentPath } from '../../../shared/routing/student-links';
import { IonButton } from '@ionic/react';
import { startedNote, type CalendarSession } from '../calendar-events';
import { formatRange } from '../zone';

const STATUS_WORD: Record<CalendarSession['status'], string> = {
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
  ended_early: 'Ended early',
};

interface SessionDetailsProps {
  session: CalendarSession;
  names: Map<string, string>;
  zone: string;
  canMove: boolean;
  onMove: () => void;
}

/** A session's essentials from the calendar's own answer: when, who, for whom, and its status; a scheduled one can be moved. */
export function SessionDetails({ session, names, zone, canMove, onMove }: SessionDetailsProps) {
  return (
    <>
      <dl className="cal-details">
        <dt>When</dt>
        <dd>
          {formatRange(session.start_at, session.end_at, zone)}
          {session.started_at && <span className="muted"> · {startedNote(session.started_at, zone)}</span>}
        </dd>
        <dt>Therapist</dt>
        <dd>{names.get(session.therapist_id) ?? '—'}</dd>
        <dt>Student</dt>
        <dd>
          {names.has(session.student_id) ? (
            <Link className="admin-link" to={studentPath(session.student_id)}>
              {names.get(session.student_id)}
            </Link>
          ) : (
            '—'
          )}
        </dd>
        {session.department_id && (
          <>
            <dt>Department</dt>
            <dd>{names.get(session.department_id) ?? '—'}</dd>
          </>
        )}
        <dt>Status</dt>
        <dd>{STATUS_WORD[session.status]}</dd>
      </dl>
      {canMove && session.status === 'scheduled' && (
        <IonButton fill="outline" onClick={onMove}>
          Move…
        </IonButton>
      )}
    </>
  );
}
