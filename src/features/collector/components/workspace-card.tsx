import { useState } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { briefcaseOutline } from 'ionicons/icons';
import { updateSessionUser } from '../../../shared/auth/auth-actions';
import { closeWorkspace, openWorkspace } from '../actions';
import { ago, timeOf } from '../format';
import type { WorkspaceMeta } from '../local-store';
import { LIMITS } from '../../../../contract/limits';
import { Dialog } from '../../../shared/ui/dialog';

interface Props {
  organizationId: string;
  membershipId: string;
  workspace: WorkspaceMeta;
  /** A usage the server knows is open (opened on another device), when this device has none. */
  serverUsageId: string | null;
  timeZone?: string;
  now: number;
  onChange: () => void;
}

/**
 * Workspace usage: open when the working day starts, close with notes. Both go through the
 * outbox with a usage id made here, so they work offline.
 */
export function WorkspaceCard({ organizationId, membershipId, workspace, serverUsageId, timeZone, now, onChange }: Props) {
  const [isBusy, setIsBusy] = useState(false);
  const [isClosing, setIsClosing] = useState(false);
  const [notes, setNotes] = useState('');
  const usageId = workspace?.usageId ?? serverUsageId;

  async function open() {
    setIsBusy(true);
    try {
      const id = await openWorkspace(organizationId, membershipId);
      // Sign-out ends the open usage: the session user carries it.
      updateSessionUser({ current_usage: { id } });
      onChange();
    } finally {
      setIsBusy(false);
    }
  }

  async function close() {
    if (!usageId) {
      return;
    }
    setIsBusy(true);
    try {
      await closeWorkspace(organizationId, usageId, notes);
      setIsClosing(false);
      updateSessionUser({ current_usage: null });
      onChange();
    } finally {
      setIsBusy(false);
    }
  }

  function askNotes() {
    setNotes('');
    setIsClosing(true);
  }

  return (
    <section className="workspace" aria-labelledby="workspace-title">
      <IonIcon icon={briefcaseOutline} aria-hidden="true" className="workspace__icon" />
      <div className="workspace__text">
        <h2 id="workspace-title">Workspace {usageId ? 'open' : 'closed'}</h2>
        <p className="muted" data-testid="workspace-state">
          {workspace
            ? `Open since ${timeOf(workspace.openedAt, timeZone)} (${ago(Date.parse(workspace.openedAt), now)})`
            : usageId
              ? 'Open (started on another device)'
              : 'Open it when your working time starts; close it with notes at the end.'}
        </p>
      </div>
      {usageId ? (
        <IonButton fill="outline" onClick={askNotes} disabled={isBusy}>
          Close workspace
        </IonButton>
      ) : (
        <IonButton onClick={() => void open()} disabled={isBusy}>
          Open workspace
        </IonButton>
      )}
      <Dialog open={isClosing} onClose={() => setIsClosing(false)} title="Close workspace" closeText="Cancel" wide inBody>
        <label className="end-field">
          <span>Notes about this working time (optional)</span>
          <textarea rows={4} maxLength={LIMITS.noteMax} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </label>
        <IonButton expand="block" onClick={() => void close()} disabled={isBusy}>
          Close workspace
        </IonButton>
      </Dialog>
    </section>
  );
}
