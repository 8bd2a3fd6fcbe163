import { useState } from 'react';
import { LIMITS } from '../../../../contract/limits';
import { Dialog } from '../../../shared/ui/dialog';
import { FormActions } from '../../../shared/admin/form-actions';
import { FormError, fieldError, fieldErrorsOf } from '../../../shared/ui/form-error';
import { TextAreaField } from '../../../shared/ui/text-area-field';
import { SCHEDULING_ERROR_TEXT } from '../error-text';
import { useCancelSessionMutation } from '../mutations';

interface Props {
  open: boolean;
  organizationId: string;
  sessionId: string;
  what: string;
  onClose: () => void;
}

/** Cancelling asks why: the reason reaches the therapist's tablet and stays in the session's history. */
export function CancelSessionDialog({ open, organizationId, sessionId, what, onClose }: Props) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const cancel = useCancelSessionMutation(organizationId, sessionId);
  function close() {
    setReason('');
    setMissing(false);
    cancel.reset();
    onClose();
  }
  return (
    <Dialog open={open} title="Cancel this session?" onClose={close}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (reason.trim() === '') {
            setMissing(true);
            return;
          }
          cancel.mutate(reason.trim(), { onSuccess: close });
        }}
      >
        <p>{what}. The therapist sees it as cancelled, with your reason; anything recorded on it stays.</p>
        <TextAreaField
          label="Reason"
          name="reason"
          value={reason}
          onChange={(value) => {
            setReason(value);
            setMissing(false);
          }}
          error={missing ? 'Give a reason.' : fieldError(fieldErrorsOf(cancel.error), 'reason')}
          maxlength={LIMITS.noteMax}
        />
        <FormError error={cancel.error} fallback={SCHEDULING_ERROR_TEXT.cancelSession} />
        <FormActions isPending={cancel.isPending} onCancel={close} label="Cancel the session" pendingLabel="Cancelling…" />
      </form>
    </Dialog>
  );
}
