import { useEffect, useState, type FormEvent } from 'react';
import { IonButton } from '@ionic/react';
import { Link } from 'react-router-dom';
import { clearAuthError } from '../../../shared/auth/auth-actions';
import { useAuth } from '../../../shared/auth/auth-store';
import { FormError, fieldError, fieldErrorsOf } from '../../../shared/ui/form-error';
import { PasswordField } from '../../../shared/ui/password-field';
import { TextField } from '../../../shared/ui/text-field';
import { AuthLayout } from '../components/auth-layout';
import { useLoginMutation } from '../mutations';

export function SignInPage() {
  const auth = useAuth();
  const signIn = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const errors = fieldErrorsOf(signIn.error);

  useEffect(() => clearAuthError, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    // Autofill on tablets often adds a trailing space; the contract checks the e-mail before trimming.
    signIn.mutate({ email: email.trim(), password });
  }

  return (
    <AuthLayout
      title="Sign in"
      intro="Welcome back. Sign in with the e-mail address of your Thera account."
      footer={
        <p>
          New to Thera? <Link to="/register">Create an account</Link>
        </p>
      }
    >
      <form onSubmit={submit} noValidate className="form">
        <TextField
          label="E-mail address"
          name="email"
          type="email"
          inputmode="email"
          autocomplete="email"
          value={email}
          onChange={setEmail}
          error={fieldError(errors, 'email')}
          required
        />
        <PasswordField
          label="Password"
          name="password"
          autocomplete="current-password"
          value={password}
          onChange={setPassword}
          error={fieldError(errors, 'password')}
          required
        />
        <FormError text={auth.error} />
        <IonButton type="submit" expand="block" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </IonButton>
      </form>
    </AuthLayout>
  );
}
