import { useState } from 'react';
import { LIMITS } from '../../../../contract/limits';
import { FieldTable, useFieldValues, type FieldRow } from '../../../shared/ui/field-table';
import { currentPasswordField, newPasswordField } from '../../../shared/ui/account-fields';
import { FormError, fieldErrorsOf } from '../../../shared/ui/form-error';
import { SettingsCard } from '../../../shared/ui/settings-card';
import { SubmitForm } from '../../../shared/ui/submit-form';
import { useChangePasswordMutation } from '../mutations';
import { ACCOUNTS_ERROR_TEXT } from '../error-text';

const FIELDS: Array<FieldRow<'old_password' | 'new_password' | 'confirm'>> = [
  currentPasswordField('old_password', 'Current password'),
  newPasswordField('new_password', 'New password', `At least ${LIMITS.passwordMin} characters.`),
  // Only the password being chosen is held to the limit; a repeat that differs is caught anyway.
  { key: 'confirm', label: 'Repeat the new password', kind: 'password', autocomplete: 'new-password', required: true },
];

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
        <FieldTable fields={FIELDS} values={values} onChange={set} errors={errors} />
      </SubmitForm>
    </SettingsCard>
  );
}
