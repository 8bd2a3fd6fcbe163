import { useState, type FormEvent } from 'react';
import { IonButton, IonCard, IonCardContent, IonCardHeader, IonCardTitle } from '@ionic/react';
import { LIMITS } from '../../../../contract/limits';
import { FormError, fieldError, fieldErrorsOf } from '../../../shared/ui/form-error';
import { PasswordField } from '../../../shared/ui/password-field';
import { useChangePasswordMutation } from '../mutations';
import { ACCOUNTS_ERROR_TEXT } from '../error-text';

const EMPTY = { old_password: '', new_password: '', confirm: '' };

export function ChangePasswordCard() {
  const change = useChangePasswordMutation();
  const [form, setForm] = useState(EMPTY);
  const [mismatch, setMismatch] = useState(false);
  const errors = fieldErrorsOf(change.error);
  const set = (key: keyof typeof EMPTY) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const isMismatch = form.confirm !== form.new_password;
    setMismatch(isMismatch);
    if (isMismatch) {
      return;
    }
    change.mutate({ old_password: form.old_password, new_password: form.new_password }, { onSuccess: () => setForm(EMPTY) });
  }

  return (
    <IonCard className="settings-card">
      <IonCardHeader>
        <IonCardTitle>
          <h2 className="card-title">Password</h2>
        </IonCardTitle>
      </IonCardHeader>
      <IonCardContent>
        <p className="muted">Changing your password signs you out on your other devices.</p>
        <form onSubmit={submit} noValidate className="form">
          <PasswordField
            label="Current password"
            name="old_password"
            autocomplete="current-password"
            value={form.old_password}
            onChange={set('old_password')}
            error={fieldError(errors, 'old_password')}
            required
          />
          <PasswordField
            label="New password"
            name="new_password"
            autocomplete="new-password"
            value={form.new_password}
            onChange={set('new_password')}
            error={fieldError(errors, 'new_password')}
            helper={`At least ${LIMITS.passwordMin} characters.`}
            maxlength={LIMITS.passwordMax}
            required
          />
          <PasswordField
            label="Repeat the new password"
            name="confirm"
            autocomplete="new-password"
            value={form.confirm}
            onChange={set('confirm')}
            error={mismatch ? 'The two passwords differ.' : undefined}
            required
          />
          <FormError error={change.error} fallback={ACCOUNTS_ERROR_TEXT.changePassword} />
          <IonButton type="submit" disabled={change.isPending}>
            {change.isPending ? 'Changing…' : 'Change password'}
          </IonButton>
        </form>
      </IonCardContent>
    </IonCard>
  );
}
