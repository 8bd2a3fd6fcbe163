import { useState } from 'react';
import { IonButton } from '@ionic/react';
import type { OutboxOp } from '../../../shared/outbox/types';
import { ago } from '../format';
import { OP_LABEL, describeOperation, discardOperation, exportOperations, retryAllOperations, retryOperation } from '../sync-actions';

/**
 * Operations the server refused (a 4xx other than sign-in/unlock): each with the server's reason and
 * what the therapist can do about it. Nothing here is ever dropped without their say.
 */
export function AttentionList({ operations, now }: { operations: OutboxOp[]; now: number }) {
  const [busy, setBusy] = useState<number | null>(null);
  // Discard asks in place: an alert would open behind the sync dialog (the dialog is in the top layer).
  const [confirming, setConfirming] = useState<number | null>(null);
  const [isRetryingAll, setIsRetryingAll] = useState(false);
  if (operations.length === 0) {
    return null;
  }

  async function act(op: OutboxOp, work: (op: OutboxOp) => Promise<void>) {
    setBusy(op.seq ?? null);
    try {
      await work(op);
    } finally {
      setBusy(null);
    }
  }

  async function retryAll() {
    setIsRetryingAll(true);
    try {
      await retryAllOperations();
    } finally {
      setIsRetryingAll(false);
    }
  }

  return (
    <section className="attention" aria-labelledby="attention-title">
      <h3 id="attention-title" className="attention__title">
        Needs attention ({operations.length})
      </h3>
      <p className="muted">
        The server refused these, or kept failing on them. They stay on this device and what was recorded after them keeps sending. Retry
        once the cause is fixed, export them to keep a copy, or discard them.
      </p>
      <IonButton className="attention__retry-all" onClick={() => void retryAll()} disabled={isRetryingAll}>
        Retry all ({operations.length})
      </IonButton>
      <ul className="attention__list">
        {operations.map((op) => (
          <li key={op.seq} className="attention__item" data-testid="attention-item">
            <OperationFacts op={op} now={now} />
            {confirming === op.seq ? (
              <div className="attention__confirm" role="group" aria-label="Discard this item?">
                <p>Discard it? It will not be sent to the server. Export it first if you may need it.</p>
                <IonButton size="small" fill="outline" onClick={() => setConfirming(null)}>
                  Keep it
                </IonButton>
                <IonButton size="small" color="danger" onClick={() => void act(op, discardOperation)} disabled={busy === op.seq}>
                  Discard now
                </IonButton>
              </div>
            ) : (
              <div className="attention__actions">
                <IonButton size="small" onClick={() => void act(op, retryOperation)} disabled={busy === op.seq}>
                  Retry
                </IonButton>
                <IonButton size="small" fill="outline" onClick={() => exportOperations([op])}>
                  Export
                </IonButton>
                <IonButton
                  size="small"
                  fill="outline"
                  color="danger"
                  onClick={() => setConfirming(op.seq ?? null)}
                  disabled={busy === op.seq}
                >
                  Discard
                </IonButton>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What an operation was, when it was recorded, and why the server refused it. */
function OperationFacts({ op, now }: { op: OutboxOp; now: number }) {
  return (
    <>
      <div className="attention__what">
        <strong>{OP_LABEL[op.kind]}</strong>
        <span className="muted">
          {describeOperation(op)}
          {describeOperation(op) ? ' · ' : ''}recorded {ago(op.createdAt, now)}
        </span>
      </div>
      <p className="attention__reason">
        {op.lastError?.detail ?? 'The server refused it.'}
        {op.lastError?.status ? <span className="muted"> (HTTP {op.lastError.status})</span> : null}
      </p>
    </>
  );
}
