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
import { AuthLayout } from '../../../shared/ui/auth-layout';
import { useRegisterMutation } from '../mutations';
import { invitedSentence, signInSearch, WithLinkInvitation, type InvitedFormProps } from '../components/link-invitation';

const ACCOUNT_TYPES: Array<{ value: UserType; label: string; hint: string }> = [
  { value: 'ORG', label: 'Organization owner', hint: 'I run a clinic or a school' },
  { value: 'THE', label: 'Therapist', hint: 'I work with clients or students' },
  { value: 'PAR', label: 'Parent', hint: 'I follow my child’s progress' },
  { value: 'STU', label: 'Student', hint: 'I follow my own progress' },
];

type AccountKey = 'user_type' | 'first_name' | 'last_name' | 'email' | 'phone_number' | 'password';
const PASSWORD_FIELD = newPasswordField(
  'password',
  'Password',
  `At least ${LIMITS.passwordMin} characters. A long phrase is easier to remember.`,
);
const ACCOUNT_FIELDS: Array<FieldRow<AccountKey>> = [
  { key: 'user_type', label: 'I am registering as', kind: 'choice', options: ACCOUNT_TYPES },
  NAME_ROW,
  EMAIL_FIELD,
  phoneField('Phone (optional)'),
  PASSWORD_FIELD,
];
/**
 * Invited, the account is a therapist's with the invited address: the invitation belongs to that
 * address, so another one would register an account the invitation is not for.
 */
const INVITED_FIELDS: Array<FieldRow<AccountKey>> = [
  NAME_ROW,
  { ...EMAIL_FIELD, readonly: true, helper: 'The invitation was sent to this address.' },
  phoneField('Phone (optional)'),
  PASSWORD_FIELD,
];

/** Asked of an organization owner only; a missing organization is reported on its name. */
const organizationFields = (): Array<FieldRow<'name' | 'kind' | 'timezone'>> => [
  { ...organizationNameField('Organization name'), errorAlso: 'organization' },
  ORGANIZATION_KIND_FIELD,
  timeZoneField(),
];

/** Registration; opened from an invitation's link (`?invitation=`), the invited therapist's, joining as they register. */
export function RegisterPage() {
  return <WithLinkInvitation title="Create your account" Form={RegisterForm} />;
}

function RegisterForm({ invitation, token }: InvitedFormProps) {
  // The place to come back to (an invitation's link) goes along between sign-in and registration.
  const { search } = useLocation();
  const registration = useRegisterMutation(token ?? undefined);
  const orgFields = useMemo(organizationFields, []);
  const account = useFieldValues({
    user_type: invitation ? 'THE' : 'ORG',
    first_name: '',
    last_name: '',
    email: invitation?.email ?? '',
    phone_number: '',
    password: '',
  });
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
      title={invitation ? `Join ${invitation.organization.name}` : 'Create your account'}
      intro={
        invitation
          ? `${invitedSentence(invitation)} Create your therapist account to accept.`
          : 'One account works across every clinic or school you are part of.'
      }
      footer={
        <p>
          Already have an account? <Link to={`/sign-in${token ? signInSearch(token) : search}`}>Sign in</Link>
        </p>
      }
    >
      <SubmitForm
        onSubmit={submit}
        isPending={registration.isPending}
        submitLabel={invitation ? 'Create account and join' : 'Create account'}
        pendingLabel="Creating your account…"
        alert={<FormError error={registration.error} fallback={{ text: ERROR_TEXT.register, network: ERROR_TEXT.registerNetwork }} />}
        isWide
      >
        <FieldTable fields={invitation ? INVITED_FIELDS : ACCOUNT_FIELDS} values={account.values} onChange={account.set} errors={errors} />
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
