import { Dialog } from '../../../shared/ui/dialog';
import '../invitations.css';
import { InviteForm } from './invite-form';

/** "Invite a therapist" as the app's one dialog; the form inside closes it when sent or cancelled. */
export function InviteDialog({
  open,
  orgCode,
  organizationId,
  onClose,
}: {
  open: boolean;
  orgCode: string;
  organizationId: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} title="Invite a therapist" onClose={onClose} wide>
      {open && <InviteForm orgCode={orgCode} organizationId={organizationId} onDone={onClose} />}
    </Dialog>
  );
}
