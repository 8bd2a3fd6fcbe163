import { LIMITS } from '../../../contract/limits';
import { ERROR_TEXT } from '../api/error-text';
import type { FieldRow, FieldSpec } from './field-table';
import { FormError } from './form-error';
import { RecordForm } from './record-form';
import { TextField } from './text-field';

/** First and last name side by side: registration and both profile forms. */
export const NAME_ROW: Array<FieldSpec<'first_name' | 'last_name'>> = [
  { key: 'first_name', label: 'First name', autocomplete: 'given-name', maxlength: LIMITS.nameMax, required: true },
  { key: 'last_name', label: 'Last name', autocomplete: 'family-name', maxlength: LIMITS.nameMax, required: true },
];

export const phoneField = (label = 'Phone'): FieldSpec<'phone_number'> => ({ key: 'phone_number', label, kind: 'tel' });

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
