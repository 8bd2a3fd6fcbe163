import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { RegisterBody, UserType } from '../../../../contract/accounts';
import { ERROR_TEXT } from '../../../shared/api/error-text';
import { FieldTable, useFieldValues } from '../../../shared/ui/field-table';
import { FormError, fieldErrorsOf } from '../../../shared/ui/form-error';
import { SubmitForm } from '../../../shared/ui/submit-form';
import { browserTimeZone } from '../../../shared/ui/time-zones';
import { AuthLayout } from '../components/auth-layout';
import { useRegisterMutation } from '../mutations';
import { REGISTER_FIELDS, registerOrganizationFields } from '../fields';

export function RegisterPage() {
  const registration = useRegisterMutation();
  const organizationFields = useMemo(registerOrganizationFields, []);
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
          Already have an account? <Link to="/sign-in">Sign in</Link>
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
        <FieldTable fields={REGISTER_FIELDS} values={account.values} onChange={account.set} errors={errors} />
        {isOwner && (
          <fieldset className="subform">
            <legend>Your organization</legend>
            <FieldTable
              fields={organizationFields}
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
