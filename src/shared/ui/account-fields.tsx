import { LIMITS } from '../../../contract/limits';
import { ERROR_TEXT } from '../api/error-text';
import type { FieldRow, FieldSpec, InputSpec } from './field-table';
import { FormError } from './form-error';
import { RecordForm } from './record-form';
import { TextField } from './text-field';

/*
 * The fields of an account, as the forms that ask for them share them: a person's at registration,
 * sign-in and in their profile; an owner's organization at registration and in its settings.
 */

/** First and last name side by side: registration and both profile forms. */
export const NAME_ROW: Array<FieldSpec<'first_name' | 'last_name'>> = [
  { key: 'first_name', label: 'First name', autocomplete: 'given-name', maxlength: LIMITS.nameMax, required: true },
  { key: 'last_name', label: 'Last name', autocomplete: 'family-name', maxlength: LIMITS.nameMax, required: true },
];

export const phoneField = (label = 'Phone'): FieldSpec<'phone_number'> => ({ key: 'phone_number', label, kind: 'tel' });

/** The e-mail address an account signs in with. */
export const EMAIL_FIELD: InputSpec<'email'> = { key: 'email', label: 'E-mail address', kind: 'email', required: true };

/** The password a person has now, to prove it is them. */
export const currentPasswordField = <K extends string>(key: K, label: string): InputSpec<K> => ({
  key,
  label,
  kind: 'password',
  autocomplete: 'current-password',
  required: true,
});

/** A password being chosen: held to the contract's limit, with the rule as its helper. */
export const newPasswordField = <K extends string>(key: K, label: string, helper: string): InputSpec<K> => ({
  key,
  label,
  kind: 'password',
  autocomplete: 'new-password',
  helper,
  maxlength: LIMITS.passwordMax,
  required: true,
});

export interface ProfileFields {
  first_name: string;
  last_name: string;
  phone_number: string;
}

const PROFILE_FIELDS: Array<FieldRow<keyof ProfileFields>> = [NAME_ROW, phoneField()];

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
  return (
    <RecordForm
      fields={PROFILE_FIELDS}
      initial={initial}
      save={save}
      submitLabel="Save profile"
      alert={<FormError error={save.error} fallback={ERROR_TEXT.updateProfile} />}
    >
      <TextField
        label="E-mail address"
        name="email"
        value={email}
        onChange={() => undefined}
        helper="Change it under Account & security."
        readonly
      />
    </RecordForm>
  );
}

/** An organization's name, kind and time zone: asked of an owner at registration, kept in its settings. */
export const organizationNameField = (label: string): InputSpec<'name'> => ({
  key: 'name',
  label,
  autocomplete: 'organization',
  maxlength: LIMITS.nameMax,
  required: true,
});

export const ORGANIZATION_KIND_FIELD: FieldSpec<'kind'> = {
  key: 'kind',
  label: 'Kind',
  kind: 'choice',
  isInline: true,
  options: [
    { value: 'clinic', label: 'Clinic' },
    { value: 'school', label: 'School' },
  ],
};

export const timeZoneField = (saved?: string): FieldSpec<'timezone'> => ({ key: 'timezone', label: 'Time zone', kind: 'timezone', saved });
