import { useState } from 'react';
import { FormError } from '../../../shared/ui/form-error';
import { SelectField } from '../../../shared/ui/select-field';
import { TextAreaField } from '../../../shared/ui/text-area-field';
import type { OrgStatus } from '../../../../contract/enrollments';
import { useSetOrgStatusMutation } from '../mutations';
import type { EnrollmentRow } from '../queries';
import { ENROLLMENTS_ERROR_TEXT } from '../error-text';
import { NEXT_STATUSES, ORG_STATUS_WORDS } from './enrollment-words';
import { FormActions } from '../../../shared/admin/form-actions';

/** Moves an enrollment to one of the statuses it may reach, with the reason the server requires. */
export function StatusForm({ orgCode, enrollment, onDone }: { orgCode: string; enrollment: EnrollmentRow; onDone: () => void }) {
  const choices = NEXT_STATUSES[enrollment.org_status];
  const [status, setStatus] = useState<OrgStatus>(choices[0] ?? enrollment.org_status);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const mutation = useSetOrgStatusMutation(orgCode);
  const submit = async () => {
    if (reason.trim() === '') {
      setReasonError('Give a reason for the status change.');
      return;
    }
    await mutation.mutateAsync({ id: enrollment.id, body: { new_status: status, reason } }).then(onDone, () => undefined);
  };
  return (
    <form className="form admin-form" noValidate onSubmit={(event) => (event.preventDefault(), void submit())}>
      <p>
        {enrollment.name} is <strong>{ORG_STATUS_WORDS[enrollment.org_status].toLowerCase()}</strong>.
      </p>
      <SelectField
        label="New status"
        name="new_status"
        value={status}
        options={choices.map((value) => ({ value, label: ORG_STATUS_WORDS[value] }))}
        onChange={(value) => setStatus(value as OrgStatus)}
      />
      <TextAreaField label="Reason (required)" name="reason" value={reason} onChange={setReason} error={reasonError} maxlength={4000} />
      <FormError error={mutation.error} fallback={ENROLLMENTS_ERROR_TEXT.changeStatus} />
      <FormActions isPending={mutation.isPending} onCancel={onDone} label="Change status" pendingLabel="Saving…" />
    </form>
  );
}
