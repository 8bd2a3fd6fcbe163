import { useAuth } from '../../../shared/auth/auth-store';
import { FieldTable, useFieldValues, type FieldRow } from '../../../shared/ui/field-table';
import { currentPasswordField } from '../../../shared/ui/account-fields';
import { FormError, fieldErrorsOf } from '../../../shared/ui/form-error';
import { SettingsCard } from '../../../shared/ui/settings-card';
import { SubmitForm } from '../../../shared/ui/submit-form';
import { useChangeEmailMutation } from '../mutations';
import { ACCOUNTS_ERROR_TEXT } from '../error-text';

const FIELDS: Array<FieldRow<'new_email' | 'password'>> = [
  { key: 'new_email', label: 'New e-mail address', kind: 'email', required: true },
  currentPasswordField('password', 'Current password'),
];

export function ChangeEmailCard() {
  const { user } = useAuth();
  const change = useChangeEmailMutation();
  const { values, set, reset } = useFieldValues({ new_email: '', password: '' });

  return (
    <SettingsCard
      title="E-mail address"
      intro={
        <>
          You sign in with <strong>{user?.email}</strong>. Confirm a change with your current password.
        </>
      }
    >
      <SubmitForm
        onSubmit={() => change.mutate({ ...values, new_email: values.new_email.trim() }, { onSuccess: reset })}
        isPending={change.isPending}
        submitLabel="Change e-mail"
        pendingLabel="Changing…"
        alert={<FormError error={change.error} fallback={ACCOUNTS_ERROR_TEXT.changeEmail} />}
      >
        <FieldTable fields={FIELDS} values={values} onChange={set} errors={fieldErrorsOf(change.error)} />
      </SubmitForm>
    </SettingsCard>
  );
}
