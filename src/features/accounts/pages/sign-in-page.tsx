import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { clearAuthError } from '../../../shared/auth/auth-actions';
import { useAuth } from '../../../shared/auth/auth-store';
import { FieldTable, useFieldValues, type FieldRow } from '../../../shared/ui/field-table';
import { EMAIL_FIELD, currentPasswordField } from '../../../shared/ui/account-fields';
import { FormError, fieldErrorsOf } from '../../../shared/ui/form-error';
import { SubmitForm } from '../../../shared/ui/submit-form';
import { AuthLayout } from '../../../shared/ui/auth-layout';
import { useLoginMutation } from '../mutations';
import { invitedSentence, WithLinkInvitation, type InvitedFormProps } from '../components/link-invitation';

const FIELDS: Array<FieldRow<'email' | 'password'>> = [EMAIL_FIELD, currentPasswordField('password', 'Password')];

/** Sign-in; opened from an invitation's link (`?invitation=`), it says whose and fills in the invited address. */
export function SignInPage() {
  return <WithLinkInvitation title="Sign in" Form={SignInForm} />;
}

function SignInForm({ invitation, token }: InvitedFormProps) {
  // The place to come back to (an invitation's link) goes along between sign-in and registration.
  const { search } = useLocation();
  const auth = useAuth();
  const signIn = useLoginMutation();
  const { values, set } = useFieldValues({ email: invitation?.email ?? '', password: '' });

  useEffect(() => clearAuthError, []);

  return (
    <AuthLayout
      title="Sign in"
      intro={
        invitation
          ? `${invitedSentence(invitation)} Sign in to answer.`
          : 'Welcome back. Sign in with the e-mail address of your Thera account.'
      }
      footer={
        <p>
          New to Thera? <Link to={token ? `/register?invitation=${token}` : `/register${search}`}>Create an account</Link>
        </p>
      }
    >
      <SubmitForm
        // Autofill on tablets often adds a trailing space; the contract checks the e-mail before trimming.
        onSubmit={() => signIn.mutate({ email: values.email.trim(), password: values.password })}
        isPending={signIn.isPending}
        submitLabel="Sign in"
        pendingLabel="Signing in…"
        alert={<FormError text={auth.error} />}
        isWide
      >
        <FieldTable fields={FIELDS} values={values} onChange={set} errors={fieldErrorsOf(signIn.error)} />
      </SubmitForm>
    </AuthLayout>
  );
}
