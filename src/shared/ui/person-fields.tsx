import { useState, type FormEvent } from 'react';
import { IonButton } from '@ionic/react';
import { LIMITS } from '../../../contract/limits';
import { ERROR_TEXT } from '../api/error-text';
import type { FieldErrors } from '../api/api-error';
import { FormError, fieldError, fieldErrorsOf } from './form-error';
import { TextField } from './text-field';

interface Names {
  first_name: string;
  last_name: string;
}

/** First and last name side by side: registration and both profile forms. */
export function NameFields({
  values,
  onChange,
  errors,
}: {
  values: Names;
  onChange: (key: keyof Names) => (value: string) => void;
  errors: FieldErrors;
}) {
  return (
    <div className="form-row">
      <TextField
        label="First name"
        name="first_name"
        autocomplete="given-name"
        value={values.first_name}
        onChange={onChange('first_name')}
        error={fieldError(errors, 'first_name')}
        maxlength={LIMITS.nameMax}
        required
      />
      <TextField
        label="Last name"
        name="last_name"
        autocomplete="family-name"
        value={values.last_name}
        onChange={onChange('last_name')}
        error={fieldError(errors, 'last_name')}
        maxlength={LIMITS.nameMax}
        required
      />
    </div>
  );
}

export function PhoneField({
  label = 'Phone',
  value,
  onChange,
  errors,
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  errors: FieldErrors;
}) {
  return (
    <TextField
      label={label}
      name="phone_number"
      type="tel"
      inputmode="tel"
      autocomplete="tel"
      value={value}
      onChange={onChange}
      error={fieldError(errors, 'phone_number')}
    />
  );
}

export interface ProfileFields extends Names {
  phone_number: string;
}

/**
 * A person's own name and phone, with the e-mail shown read-only: the account profile (therapists,
 * parents, students) and the owner profile differ only in the call that saves it.
 */
export function ProfileForm({
  initial,
  email,
  save,
}: {
  initial: ProfileFields;
  email: string;
  save: { mutate: (fields: ProfileFields) => void; isPending: boolean; error: unknown };
}) {
  const [form, setForm] = useState(initial);
  const errors = fieldErrorsOf(save.error);
  const set = (key: keyof ProfileFields) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(form);
  }

  return (
    <form onSubmit={submit} noValidate className="form panel">
      <NameFields values={form} onChange={set} errors={errors} />
      <PhoneField value={form.phone_number} onChange={set('phone_number')} errors={errors} />
      <TextField
        label="E-mail address"
        name="email"
        value={email}
        onChange={() => undefined}
        helper="Change it under Account & security."
        readonly
      />
      <FormError error={save.error} fallback={ERROR_TEXT.updateProfile} />
      <IonButton type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save profile'}
      </IonButton>
    </form>
  );
}
