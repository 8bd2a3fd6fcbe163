import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { IonButton } from '@ionic/react';
import { closeOutline } from 'ionicons/icons';
import type { Therasession } from '../../../../contract/scheduling';
import { errorText } from '../../../shared/api/error-text';
import { IconButton } from '../../../shared/ui/icon-button';
import { browserTimeZone } from '../../../shared/ui/time-zones';
import { studentSessionsPath } from '../../../shared/routing/student-links';
import { ErrorState, LoadingState } from '../../../shared/ui/page-states';
import { SCHEDULING_ERROR_TEXT } from '../error-text';
import { spanIn, zoneNote } from '../plan-words';
import { schedulingQueries, useOrganizationOf } from '../queries';
import { CancelSessionDialog } from './cancel-session-dialog';
import { DeleteSessionDialog } from './delete-session-dialog';
import { SessionDetails } from './session-details';
import { SessionHistory } from './session-history';
import '../scheduling.css';

export interface SessionPanelProps {
  organizationId: string;
  sessionId: string;
  onClose: () => void;
  /** The calendar's own way to move a session (drag, or its keyboard form); without it there is no Move. */
  onMove?: () => void;
}

/** One session: its details, its history, and what can still be done with it (move, cancel, delete). */
export function SessionPanel({ organizationId, sessionId, onClose, onMove }: SessionPanelProps) {
  const session = useQuery(schedulingQueries.session(organizationId, sessionId));
  const { timeZone: orgZone, access } = useOrganizationOf(organizationId);
  const timeZone = orgZone ?? browserTimeZone();
  const titleId = `session-panel-${sessionId}`;
  let body;
  if (session.isPending) {
    body = <LoadingState label="Loading the session…" />;
  } else if (session.isError) {
    body = <ErrorState message={errorText(session.error, SCHEDULING_ERROR_TEXT.fetchSession)} onRetry={() => void session.refetch()} />;
  } else {
    body = (
      <>
        <SessionDetails session={session.data} timeZone={timeZone} />
        <p className="muted">{zoneNote(timeZone, Date.parse(session.data.start_at))}</p>
        {/* What was recorded (results, the note, conflicts, corrections) is read in the student's session history. */}
        {session.data.status !== 'scheduled' && (access.isOwner || access.can('students.records')) && (
          <p>
            <Link to={studentSessionsPath(session.data.student.id, sessionId)}>Results and note in the session history</Link>
          </p>
        )}
        {access.can('sessions.manage') && <SessionActions session={session.data} timeZone={timeZone} onMove={onMove} onDeleted={onClose} />}
        <h3 className="session-panel__subtitle">History</h3>
        <SessionHistory organizationId={organizationId} sessionId={sessionId} timeZone={timeZone} />
      </>
    );
  }
  return (
    <section className="session-panel" aria-labelledby={titleId}>
      <header className="session-panel__head">
        <h2 className="section-title" id={titleId}>
          Session
        </h2>
        <IconButton icon={closeOutline} fill="clear" onClick={onClose}>
          Close
        </IconButton>
      </header>
      {body}
    </section>
  );
}

interface ActionsProps {
  session: Therasession;
  timeZone: string;
  onMove: (() => void) | undefined;
  onDeleted: () => void;
}

/** Move and cancel while it has not started; delete while nothing is recorded on it (the server has the last word). */
function SessionActions({ session: s, timeZone, onMove, onDeleted }: ActionsProps) {
  const [dialog, setDialog] = useState<'cancel' | 'delete' | null>(null);
  const isScheduled = s.status === 'scheduled';
  if (!isScheduled && s.status !== 'cancelled') {
    return null;
  }
  const what = `${s.student.first_name} ${s.student.last_name} with ${s.therapist_name}, ${spanIn(s.start_at, s.end_at, timeZone)}`;
  const ids = { organizationId: s.organization_id, sessionId: s.id };
  return (
    <div className="session-panel__actions">
      {isScheduled && onMove && (
        <IonButton fill="outline" onClick={onMove}>
          Move…
        </IonButton>
      )}
      {isScheduled && (
        <IonButton fill="outline" color="warning" onClick={() => setDialog('cancel')}>
          Cancel session…
        </IonButton>
      )}
      <IonButton fill="outline" color="danger" onClick={() => setDialog('delete')}>
        Delete…
      </IonButton>
      <CancelSessionDialog open={dialog === 'cancel'} {...ids} what={what} onClose={() => setDialog(null)} />
      <DeleteSessionDialog open={dialog === 'delete'} {...ids} what={what} onClose={() => setDialog(null)} onDeleted={onDeleted} />
    </div>
  );
}
