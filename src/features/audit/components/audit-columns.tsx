import { IonButton } from '@ionic/react';
import type { AuditEntry } from '../../../../contract/audit';
import { adminColumnHelper, type AdminColumn } from '../../../shared/admin/admin-table';
import { ACTION_WORDS, changeText, formatWhen, personName } from '../format';

const helper = adminColumnHelper<AuditEntry>();

/** The record an entry is about, as the screen names it: its recorded name, or its id. */
export const recordName = (entry: AuditEntry) => entry.record_label ?? entry.entity_id;

const ACTION_BADGE: Record<AuditEntry['action'], string> = {
  create: 'admin-badge admin-badge--on',
  update: 'admin-badge audit-badge--update',
  delete: 'admin-badge audit-badge--delete',
  read: 'admin-badge admin-badge--off',
};

function Changes({ entry }: { entry: AuditEntry }) {
  if (entry.changes.length === 0) {
    return <span className="muted">{entry.action === 'read' ? 'Opened the record' : 'No field changed'}</span>;
  }
  return (
    <ul className="audit-changes">
      {entry.changes.map((change) => (
        <li key={change.field}>{changeText(entry.action, change)}</li>
      ))}
    </ul>
  );
}

/** The trail's columns; "When" (with what was done) sorts newest or oldest first, the others are filtered above the table. */
export function auditColumns(timeZone: string, onPickRecord: (entry: AuditEntry) => void): AdminColumn<AuditEntry>[] {
  return [
    helper.accessor('at', {
      id: 'at',
      header: 'When',
      enableSorting: true,
      cell: ({ row }) => {
        const when = formatWhen(row.original.at, timeZone);
        return (
          <div className="admin-cell-main">
            <span className={ACTION_BADGE[row.original.action]}>{ACTION_WORDS[row.original.action]}</span>
            <time dateTime={row.original.at} className="audit-when">
              <span>{when.day}</span>
              <span className="admin-cell-main__sub">{when.time}</span>
            </time>
          </div>
        );
      },
    }),
    helper.accessor('user', {
      id: 'who',
      header: 'Who',
      enableSorting: false,
      cell: ({ row }) => {
        const { user, acting_as: actingAs } = row.original;
        return (
          <div className="admin-cell-main">
            <span className="admin-cell-main__title">{user ? personName(user) : 'A former account'}</span>
            {user && <span className="admin-cell-main__sub audit-email">{user.email}</span>}
            {actingAs && <span className="admin-cell-main__sub">acting as {personName(actingAs)}</span>}
          </div>
        );
      },
    }),
    helper.accessor('entity_label', {
      id: 'record',
      header: 'Record',
      enableSorting: false,
      cell: ({ row }) => (
        <div className="admin-cell-main">
          <span className="admin-cell-main__title">{row.original.entity_label}</span>
          <span className="audit-record">{recordName(row.original)}</span>
          <IonButton
            fill="clear"
            size="small"
            className="audit-record__history"
            onClick={() => onPickRecord(row.original)}
            aria-label={`Show only the history of ${row.original.entity_label.toLowerCase()} ${recordName(row.original)}`}
          >
            Its history
          </IonButton>
        </div>
      ),
    }),
    helper.accessor('changes', {
      id: 'changes',
      header: 'Changes',
      enableSorting: false,
      cell: ({ row }) => <Changes entry={row.original} />,
    }),
  ];
}
