import { useState, type FormEvent } from 'react';
import { IonButton, IonCard, IonCardContent, IonCardHeader, IonCardTitle } from '@ionic/react';
import { useAuth } from '../../../shared/auth/auth-store';
import { FormError, fieldError, fieldErrorsOf } from '../../../shared/ui/form-error';
import { PasswordField } from '../../../shared/ui/password-field';
import { TextField } from '../../../shared/ui/text-field';
import { useChangeEmailMutation } from '../mutations';
import { ACCOUNTS_ERROR_TEXT } from '../error-text';

const EMPTY = { new_email: '', password: '' };

export function ChangeEmailCard() {
  const { user } = useAuth();
  const change = useChangeEmailMutation();
  const [form, setForm] = useState(EMPTY);
  const errors = fieldErrorsOf(change.error);
  const set = (key: keyof typeof EMPTY) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate({ ...form, new_email: form.new_email.trim() }, { onSuccess: () => setForm(EMPTY) });
  }

  return (
    <IonCard className="settings-card">
      <IonCardHeader>
        <IonCardTitle>
          <h2 className="card-title">E-mail address</h2>
        </IonCardTitle>
      </IonCardHeader>
      <IonCardContent>
        <p className="muted">
          You sign in with <strong>{user?.email}</strong>. Confirm a change with your current password.
        </p>
        <form onSubmit={submit} noValidate className="form">
          <TextField
            label="New e-mail address"
            name="new_email"
            type="email"
            inputmode="email"
            autocomplete="email"
            value={form.new_email}
            onChange={set('new_email')}
            error={fieldError(errors, 'new_email')}
            required
          />
          <PasswordField
            label="Current password"
            name="password"
            autocomplete="current-password"
            value={form.password}
            onChange={set('password')}
            error={fieldError(errors, 'password')}
            required
          />
          <FormError error={change.error} fallback={ACCOUNTS_ERROR_TEXT.changeEmail} />
          <IonButton type="submit" disabled={change.isPending}>
            {change.isPending ? 'Changing…' : 'Change e-mail'}
          </IonButton>
        </form>
      </IonCardContent>
    </IonCard>
  );
}
