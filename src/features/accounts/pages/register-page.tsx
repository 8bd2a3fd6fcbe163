import { useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { RegisterBody, UserType } from '../../../../contract/accounts';
import { ERROR_TEXT } from '../../../shared/api/error-text';
import { LIMITS } from '../../../../contract/limits';
import { FieldTable, useFieldValues, type FieldRow } from '../../../shared/ui/field-table';
import {
  EMAIL_FIELD,
  NAME_ROW,
  ORGANIZATION_KIND_FIELD,
  newPasswordField,
  organizationNameField,
  phoneField,
  timeZoneField,
} from '../../../shared/ui/account-fields';
import { FormError, fieldErrorsOf } from '../../../shared/ui/form-error';
import { SubmitForm } from '../../../shared/ui/submit-form';
import { browserTimeZone } from '../../../shared/ui/time-zones';
import { AuthLayout } from '../components/auth-layout';
import { useRegisterMutation } from '../mutations';

const ACCOUNT_TYPES: Array<{ value: UserType; label: string; hint: string }> = [
  { value: 'ORG', label: 'Organization owner', hint: 'I run a clinic or a school' },
  { value: 'THE', label: 'Therapist', hint: 'I work with clients or students' },
  { value: 'PAR', label: 'Parent', hint: 'I follow my child’s progress' },
  { value: 'STU', label: 'Student', hint: 'I follow my own progress' },
];

const ACCOUNT_FIELDS: Array<FieldRow<'user_type' | 'first_name' | 'last_name' | 'email' | 'phone_number' | 'password'>> = [
  { key: 'user_type', label: 'I am registering as', kind: 'choice', options: ACCOUNT_TYPES },
  NAME_ROW,
  EMAIL_FIELD,
  phoneField('Phone (optional)'),
  newPasswordField('password', 'Password', `At least ${LIMITS.passwordMin} characters. A long phrase is easier to remember.`),
];

/** Asked of an organization owner only; a missing organization is reported on its name. */
const organizationFields = (): Array<FieldRow<'name' | 'kind' | 'timezone'>> => [
  { ...organizationNameField('Organization name'), errorAlso: 'organization' },
  ORGANIZATION_KIND_FIELD,
  timeZoneField(),
];

export function RegisterPage() {
  // The place to come back to (an invitation's link) goes along between sign-in and registration.
  const { search } = useLocation();
  const registration = useRegisterMutation();
  const orgFields = useMemo(organizationFields, []);
  const account = useFieldValues({ user_type: 'ORG', first_name: '', last_name: '', email: '', phone_number: '', password: '' });
  const organization = useFieldValues({ name: '', kind: 'clinic', timezone: browserTimeZone() });
  const errors = fieldErrorsOf(registration.error);
  const isOwner = account.values.user_type === 'ORG';

  function submit() {
    const { values } = organization;
    registration.mutate({
      ...account.values,
      email: account.values.email.trim(),
      user_type: account.values.user_type as UserType,
      organization: isOwner ? { ...values, kind: values.kind as NonNullable<RegisterBody['organization']>['kind'] } : undefined,
    });
  }

  return (
    <AuthLayout
      title="Create your account"
      intro="One account works across every clinic or school you are part of."
      footer={
        <p>
          Already have an account? <Link to={`/sign-in${search}`}>Sign in</Link>
        </p>
      }
    >
      <SubmitForm
        onSubmit={submit}
        isPending={registration.isPending}
        submitLabel="Create account"
        pendingLabel="Creating your account…"
        alert={<FormError error={registration.error} fallback={{ text: ERROR_TEXT.register, network: ERROR_TEXT.registerNetwork }} />}
        isWide
      >
        <FieldTable fields={ACCOUNT_FIELDS} values={account.values} onChange={account.set} errors={errors} />
        {isOwner && (
          <fieldset className="subform">
            <legend>Your organization</legend>
            <FieldTable
              fields={orgFields}
              values={organization.values}
              onChange={organization.set}
              errors={errors}
              prefix="organization."
            />
          </fieldset>
        )}
      </SubmitForm>
    </AuthLayout>
  );
}
