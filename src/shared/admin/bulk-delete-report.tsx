import { IonButton, IonIcon } from '@ionic/react';
import { alertCircleOutline } from 'ionicons/icons';

export interface BulkReport {
  deleted: number;
  /** 'deleted' unless the rows were taken out of something ('removed'). */
  past?: string;
  failed: Array<{ label: string; reason: string }>;
}

/** After a bulk delete where some rows stayed: which, and why. */
export function BulkDeleteReport({
  report,
  noun,
  onDismiss,
}: {
  report: BulkReport;
  noun: { one: string; many: string };
  onDismiss: () => void;
}) {
  const word = (n: number) => (n === 1 ? noun.one : noun.many);
  return (
    <div className="admin-report" role="alert">
      <IonIcon icon={alertCircleOutline} aria-hidden="true" className="admin-report__icon" />
      <div>
        <p className="admin-report__title">
          {report.deleted} {word(report.deleted)} {report.past ?? 'deleted'}; {report.failed.length} could not be {report.past ?? 'deleted'}
          :
        </p>
        <ul>
          {report.failed.map((failure, index) => (
            <li key={index}>
              <strong>{failure.label}</strong>: {failure.reason}
            </li>
          ))}
        </ul>
      </div>
      <IonButton fill="clear" onClick={onDismiss}>
        Dismiss
      </IonButton>
    </div>
  );
}
