import { useState } from 'react';
import { FieldTable, useFieldValues } from '../../../shared/ui/field-table';
import { FormError, fieldErrorsOf } from '../../../shared/ui/form-error';
import { SettingsCard } from '../../../shared/ui/settings-card';
import { SubmitForm } from '../../../shared/ui/submit-form';
import { useChangePasswordMutation } from '../mutations';
import { ACCOUNTS_ERROR_TEXT } from '../error-text';
import { CHANGE_PASSWORD_FIELDS } from '../fields';

export function ChangePasswordCard() {
  const change = useChangePasswordMutation();
  const { values, set, reset } = useFieldValues({ old_password: '', new_password: '', confirm: '' });
  const [isMismatch, setIsMismatch] = useState(false);
  // The repeat never reaches the server: its error is this form's own, beside the server's.
  const errors = { ...fieldErrorsOf(change.error), ...(isMismatch ? { confirm: ['The two passwords differ.'] } : {}) };

  function submit() {
    const differs = values.confirm !== values.new_password;
    setIsMismatch(differs);
    if (differs) {
      return;
    }
    change.mutate({ old_password: values.old_password, new_password: values.new_password }, { onSuccess: reset });
  }

  return (
    <SettingsCard title="Password" intro="Changing your password signs you out on your other devices.">
      <SubmitForm
        onSubmit={submit}
        isPending={change.isPending}
        submitLabel="Change password"
        pendingLabel="Changing…"
        alert={<FormError error={change.error} fallback={ACCOUNTS_ERROR_TEXT.changePassword} />}
      >
        <FieldTable fields={CHANGE_PASSWORD_FIELDS} values={values} onChange={set} errors={errors} />
      </SubmitForm>
    </SettingsCard>
  );
}
