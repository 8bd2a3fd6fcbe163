import type { UserType } from '../../../contract/accounts';
import { LIMITS } from '../../../contract/limits';
import type { FieldRow, InputSpec } from '../../shared/ui/field-table';
import { ORGANIZATION_KIND_FIELD, organizationNameField, timeZoneField } from '../../shared/ui/organization-fields';
import { NAME_ROW, phoneField } from '../../shared/ui/person-fields';

/* The accounts' forms as tables: the words, keyboard, autofill and limits of each input. */

const currentPassword = <K extends string>(key: K, label: string): InputSpec<K> => ({
  key,
  label,
  kind: 'password',
  autocomplete: 'current-password',
  required: true,
});

const newPassword = <K extends string>(key: K, label: string, helper?: string): InputSpec<K> => ({
  key,
  label,
  kind: 'password',
  autocomplete: 'new-password',
  helper,
  // Only the password being chosen is held to the limit; a repeat that differs is caught anyway.
  maxlength: helper === undefined ? undefined : LIMITS.passwordMax,
  required: true,
});

const EMAIL: InputSpec<'email'> = { key: 'email', label: 'E-mail address', kind: 'email', required: true };

export const SIGN_IN_FIELDS: Array<FieldRow<'email' | 'password'>> = [EMAIL, currentPassword('password', 'Password')];

export const UNLOCK_FIELDS: Array<FieldRow<'password'>> = [{ ...currentPassword('password', 'Password'), autofocus: true }];

export const CHANGE_EMAIL_FIELDS: Array<FieldRow<'new_email' | 'password'>> = [
  { key: 'new_email', label: 'New e-mail address', kind: 'email', required: true },
  currentPassword('password', 'Current password'),
];

export const CHANGE_PASSWORD_FIELDS: Array<FieldRow<'old_password' | 'new_password' | 'confirm'>> = [
  currentPassword('old_password', 'Current password'),
  newPassword('new_password', 'New password', `At least ${LIMITS.passwordMin} characters.`),
  newPassword('confirm', 'Repeat the new password'),
];

const ACCOUNT_TYPES: Array<{ value: UserType; label: string; hint: string }> = [
  { value: 'ORG', label: 'Organization owner', hint: 'I run a clinic or a school' },
  { value: 'THE', label: 'Therapist', hint: 'I work with clients or students' },
  { value: 'PAR', label: 'Parent', hint: 'I follow my child’s progress' },
  { value: 'STU', label: 'Student', hint: 'I follow my own progress' },
];

export const REGISTER_FIELDS: Array<FieldRow<'user_type' | 'first_name' | 'last_name' | 'email' | 'phone_number' | 'password'>> = [
  { key: 'user_type', label: 'I am registering as', kind: 'choice', options: ACCOUNT_TYPES },
  NAME_ROW,
  EMAIL,
  phoneField('Phone (optional)'),
  newPassword('password', 'Password', `At least ${LIMITS.passwordMin} characters. A long phrase is easier to remember.`),
];

/** Asked of an organization owner only; a missing organization is reported on its name. */
export const registerOrganizationFields = (): Array<FieldRow<'name' | 'kind' | 'timezone'>> => [
  { ...organizationNameField('Organization name'), errorAlso: 'organization' },
  ORGANIZATION_KIND_FIELD,
  timeZoneField(),
];
