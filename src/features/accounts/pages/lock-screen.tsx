import { useEffect } from 'react';
import { IonButton, IonPage } from '@ionic/react';
import { lockClosedOutline } from 'ionicons/icons';
import { useSignOut } from '../../../shared/auth/use-sign-out';
import { FieldTable, useFieldValues, type FieldRow } from '../../../shared/ui/field-table';
import { currentPasswordField } from '../../../shared/ui/account-fields';
import { FormError, fieldErrorsOf } from '../../../shared/ui/form-error';
import { SubmitForm } from '../../../shared/ui/submit-form';
import { AuthLayout } from '../../../shared/ui/auth-layout';
import { useUnlockMutation } from '../mutations';
import { ACCOUNTS_ERROR_TEXT } from '../error-text';

const FIELDS: Array<FieldRow<'password'>> = [{ ...currentPasswordField('password', 'Password'), autofocus: true }];

/**
 * Shown whenever the session is locked. It carries no personal data at all (no name, no e-mail,
 * no organization): only the password field and a way to sign out.
 */
export function LockScreen() {
  const unlock = useUnlockMutation();
  const { values, set } = useFieldValues({ password: '' });
  const { isSigningOut, signOut } = useSignOut();

  useEffect(() => {
    document.title = 'Locked · Thera';
  }, []);

  return (
    <IonPage>
      <AuthLayout
        title="Thera is locked"
        intro="Enter your password to continue."
        icon={lockClosedOutline}
        className="auth-page lock-screen"
      >
        <SubmitForm
          onSubmit={() => unlock.mutate(values.password)}
          isPending={unlock.isPending}
          isDisabled={isSigningOut}
          submitLabel="Unlock"
          pendingLabel="Unlocking…"
          alert={<FormError error={unlock.error} fallback={ACCOUNTS_ERROR_TEXT.unlockAccount} />}
          isWide
        >
          <FieldTable fields={FIELDS} values={values} onChange={set} errors={fieldErrorsOf(unlock.error)} />
        </SubmitForm>
        <IonButton expand="block" fill="clear" onClick={() => void signOut()} disabled={isSigningOut}>
          {isSigningOut ? 'Signing out…' : 'Sign out'}
        </IonButton>
      </AuthLayout>
    </IonPage>
  );
}
