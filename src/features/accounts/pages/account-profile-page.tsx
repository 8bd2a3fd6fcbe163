import { useState, type FormEvent } from 'react';
import { IonButton, IonContent } from '@ionic/react';
import { LIMITS } from '../../../../contract/limits';
import { ERROR_TEXT } from '../../../shared/api/error-text';
import { useAuth } from '../../../shared/auth/auth-store';
import { FormError, fieldError, fieldErrorsOf } from '../../../shared/ui/form-error';
import { PageHeader } from '../../../shared/ui/page-header';
import { TextField } from '../../../shared/ui/text-field';
import { useUpdateProfileMutation } from '../mutations';

/** Name and phone of a therapist, parent or student; the session user follows (spec §5). */
export function AccountProfilePage() {
  const { user } = useAuth();
  const save = useUpdateProfileMutation();
  const [form, setForm] = useState({
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    phone_number: user?.phone_number ?? '',
  });
  const errors = fieldErrorsOf(save.error);
  const set = (key: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(form);
  }

  return (
    <>
      <PageHeader title="My profile" />
      <IonContent>
        <div className="page page--narrow">
          <form onSubmit={submit} noValidate className="form panel">
            <div className="form-row">
              <TextField
                label="First name"
                name="first_name"
                autocomplete="given-name"
                value={form.first_name}
                onChange={set('first_name')}
                error={fieldError(errors, 'first_name')}
                maxlength={LIMITS.nameMax}
                required
              />
              <TextField
                label="Last name"
                name="last_name"
                autocomplete="family-name"
                value={form.last_name}
                onChange={set('last_name')}
                error={fieldError(errors, 'last_name')}
                maxlength={LIMITS.nameMax}
                required
              />
            </div>
            <TextField
              label="Phone"
              name="phone_number"
              type="tel"
              inputmode="tel"
              autocomplete="tel"
              value={form.phone_number}
              onChange={set('phone_number')}
              error={fieldError(errors, 'phone_number')}
            />
            <TextField
              label="E-mail address"
              name="email"
              value={user?.email ?? ''}
              onChange={() => undefined}
              helper="Change it under Account & security."
              readonly
            />
            <FormError error={save.error} fallback={ERROR_TEXT.updateProfile} />
            <IonButton type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save profile'}
            </IonButton>
          </form>
        </div>
      </IonContent>
    </>
  );
}
