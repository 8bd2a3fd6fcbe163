import { isApiError } from '../../../shared/api/api-error';
import { errorText } from '../../../shared/api/error-text';
import { ConfirmDialog } from '../../../shared/admin/confirm-dialog';
import { FormError } from '../../../shared/ui/form-error';
import { SCHEDULING_ERROR_TEXT } from '../error-text';
import { useDeleteSessionMutation } from '../mutations';

interface Props {
  open: boolean;
  organizationId: string;
  sessionId: string;
  what: string;
  onClose: () => void;
  onDeleted: () => void;
}

/** A session that holds data is never deleted: the server refuses (409), and the dialog says to cancel it instead. */
export function deleteRefusal(error: unknown): string {
  if (isApiError(error) && error.status === 409) {
    return 'This session cannot be deleted: it was started or holds recorded data. Cancel it instead: its data stays with it.';
  }
  return errorText(error, SCHEDULING_ERROR_TEXT.deleteSession);
}

export function DeleteSessionDialog({ open, organizationId, sessionId, what, onClose, onDeleted }: Props) {
  const remove = useDeleteSessionMutation(organizationId, sessionId);
  function close() {
    remove.reset();
    onClose();
  }
  return (
    <ConfirmDialog
      open={open}
      title="Delete this session?"
      confirmLabel="Delete the session"
      busyLabel="Deleting…"
      isBusy={remove.isPending}
      onCancel={close}
      onConfirm={() => remove.mutate(undefined, { onSuccess: onDeleted })}
    >
      <p>{what}. It leaves the calendar and its history for good. Only a session with nothing recorded on it can be deleted.</p>
      {remove.isError && <FormError text={deleteRefusal(remove.error)} />}
    </ConfirmDialog>
  );
}
