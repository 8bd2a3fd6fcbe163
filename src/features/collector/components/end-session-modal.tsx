import { memo, useEffect, useState } from 'react';
import { IonButton } from '@ionic/react';
import type { EndAction } from '../../../../contract/scheduling';
import { LIMITS } from '../../../../contract/limits';
import type { CachedSession } from '../../../shared/db/types';
import { timeOf } from '../format';
import { Dialog } from '../../../shared/ui/dialog';

interface Props {
  isOpen: boolean;
  session: CachedSession;
  timeZone?: string;
  onClose: () => void;
  onEnd: (action: EndAction, note: string, overtimeReason: string) => Promise<unknown>;
}

const ACTIONS: { value: EndAction; label: string; hint: string }[] = [
  {
    value: 'completed',
    label: 'Completed',
    hint: 'The session took place as planned.',
  },
  {
    value: 'ended_early',
    label: 'Ended early',
    hint: 'It started but stopped before the planned end.',
  },
  { value: 'cancelled', label: 'Cancelled', hint: 'It did not take place.' },
  { value: 'no_show', label: 'No-show', hint: 'The student did not come.' },
];

/**
 * End of session: an action, a note and an overtime reason (both trimmed by the action),
 * sent with the device time of the tap. A session that never started can only be cancelled or a no-show.
 */
export const EndSessionModal = memo(function EndSessionModal({ isOpen, session, timeZone, onClose, onEnd }: Props) {
  const hasStarted = session.localStatus === 'in_progress';
  const allowed = ACTIONS.filter((a) => hasStarted || a.value === 'cancelled' || a.value === 'no_show');
  const [action, setAction] = useState<EndAction>(hasStarted ? 'completed' : 'cancelled');
  const [note, setNote] = useState('');
  const [overtime, setOvertime] = useState('');
  const [isSaving, setIsSaving] = useState(false);
  const isOvertime = hasStarted && Date.now() > Date.parse(session.end_at);

  useEffect(() => {
    if (isOpen) {
      setAction(hasStarted ? 'completed' : 'cancelled');
    }
  }, [isOpen, hasStarted]);

  async function save() {
    setIsSaving(true);
    try {
      await onEnd(action, note, overtime);
      onClose();
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <Dialog open={isOpen} onClose={onClose} title="End session" closeText="Cancel" className="end-modal" wide inBody>
      <fieldset className="end-modal__actions">
        <legend>How did it go?</legend>
        {allowed.map((a) => (
          <label key={a.value} className={`end-choice${action === a.value ? ' end-choice--on' : ''}`}>
            <input type="radio" name="end-action" value={a.value} checked={action === a.value} onChange={() => setAction(a.value)} />
            <span>
              <strong>{a.label}</strong>
              <span className="muted">{a.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <label className="end-field">
        <span>Note</span>
        <textarea rows={3} maxLength={LIMITS.noteMax} value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      <label className="end-field">
        <span>
          Overtime reason
          {isOvertime ? ` (planned end was ${timeOf(session.end_at, timeZone)})` : ' (if it ran over)'}
        </span>
        <textarea rows={2} maxLength={LIMITS.noteMax} value={overtime} onChange={(e) => setOvertime(e.target.value)} />
      </label>
      <IonButton expand="block" onClick={() => void save()} disabled={isSaving}>
        Save and end
      </IonButton>
    </Dialog>
  );
});
