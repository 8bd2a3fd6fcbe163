import { IonButton } from '@ionic/react';
import type { AuditEntry } from '../../../../contract/audit';
import { column } from '../../../shared/admin/admin-columns';
import type { AdminColumn } from '../../../shared/admin/admin-table';
import { Link } from 'react-router-dom';
import { ACTION_WORDS, changeText, formatWhen, personName, recordName, recordPath } from '../format';

const ACTION_BADGE: Record<AuditEntry['action'], string> = {
  create: 'admin-badge admin-badge--on',
  update: 'admin-badge audit-badge--update',
  delete: 'admin-badge audit-badge--delete',
  read: 'admin-badge admin-badge--off',
};

function Changes({ entry, timeZone }: { entry: AuditEntry; timeZone: string }) {
  if (entry.changes.length === 0) {
    return <span className="muted">{entry.action === 'read' ? 'Opened the record' : 'No field changed'}</span>;
  }
  return (
    <ul className="audit-changes">
      {entry.changes.map((change) => (
        <li key={change.field}>{changeText(entry.action, change, timeZone)}</li>
      ))}
    </ul>
  );
}

function When({ entry, timeZone }: { entry: AuditEntry; timeZone: string }) {
  const when = formatWhen(entry.at, timeZone);
  return (
    <div className="admin-cell-main">
      <span className={ACTION_BADGE[entry.action]}>{ACTION_WORDS[entry.action]}</span>
      <time dateTime={entry.at} className="audit-when">
        <span>{when.day}</span>
        <span className="admin-cell-main__sub">{when.time}</span>
      </time>
    </div>
  );
}

function Who({ entry: { user, acting_as: actingAs } }: { entry: AuditEntry }) {
  return (
    <div className="admin-cell-main">
      <span className="admin-cell-main__title">{user ? personName(user) : 'A former account'}</span>
      {user && <span className="admin-cell-main__sub audit-email">{user.email}</span>}
      {actingAs && <span className="admin-cell-main__sub">acting as {personName(actingAs)}</span>}
    </div>
  );
}

/** The record's name, a link to its screen where it has one. */
function RecordLink({ entry }: { entry: AuditEntry }) {
  const path = recordPath(entry);
  return path ? (
    <Link className="audit-record" to={path}>
      {recordName(entry)}
    </Link>
  ) : (
    <span className="audit-record">{recordName(entry)}</span>
  );
}

function RecordCell({ entry, onPick }: { entry: AuditEntry; onPick: (entry: AuditEntry) => void }) {
  return (
    <div className="admin-cell-main">
      <span className="admin-cell-main__title">{entry.entity_label}</span>
      <RecordLink entry={entry} />
      <IonButton
        fill="clear"
        size="small"
        className="audit-record__history"
        onClick={() => onPick(entry)}
        aria-label={`Show only the history of ${entry.entity_label.toLowerCase()} ${recordName(entry)}`}
      >
        Its history
      </IonButton>
    </div>
  );
}

/** The trail's columns; "When" (with what was done) sorts newest or oldest first, the others are filtered above the table. */
export function auditColumns(timeZone: string, onPickRecord: (entry: AuditEntry) => void): AdminColumn<AuditEntry>[] {
  return [
    column('at', 'When', (entry) => <When entry={entry} timeZone={timeZone} />, true),
    column('who', 'Who', (entry) => <Who entry={entry} />),
    column('record', 'Record', (entry) => <RecordCell entry={entry} onPick={onPickRecord} />),
    column('changes', 'Changes', (entry) => <Changes entry={entry} timeZone={timeZone} />),
  ];
}
