import { useEffect, useState, type FormEvent } from 'react';
import { IonButton, IonContent, IonIcon, IonPage } from '@ionic/react';
import { lockClosedOutline } from 'ionicons/icons';
import { logout } from '../../../shared/auth/auth-actions';
import { BrandMark } from '../../../shared/ui/brand-mark';
import { FormError, fieldError, fieldErrorsOf } from '../../../shared/ui/form-error';
import { confirmSignOut } from '../../../shared/ui/sync-indicator-sign-out-guard';
import { PasswordField } from '../../../shared/ui/password-field';
import { useUnlockMutation } from '../mutations';
import { ACCOUNTS_ERROR_TEXT } from '../error-text';

/**
 * Shown whenever the session is locked. It carries no personal data at all (no name, no e-mail,
 * no organization): only the password field and a way to sign out.
 */
export function LockScreen() {
  const unlock = useUnlockMutation();
  const [password, setPassword] = useState('');
  const [isSigningOut, setIsSigningOut] = useState(false);

  useEffect(() => {
    document.title = 'Locked · Thera';
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    unlock.mutate(password);
  }

  async function signOut() {
    if (!(await confirmSignOut())) {
      return;
    }
    setIsSigningOut(true);
    await logout();
  }

  return (
    <IonPage>
      <IonContent className="auth-page lock-screen">
        <div className="auth-page__main">
          <div className="auth-page__brand">
            <BrandMark size={56} />
            <span>Thera</span>
          </div>
          <section className="auth-card" aria-labelledby="lock-title">
            <IonIcon icon={lockClosedOutline} aria-hidden="true" className="lock-screen__icon" />
            <h1 id="lock-title">Thera is locked</h1>
            <p className="auth-card__intro">Enter your password to continue.</p>
            <form onSubmit={submit} noValidate className="form">
              <PasswordField
                label="Password"
                name="password"
                autocomplete="current-password"
                value={password}
                onChange={setPassword}
                error={fieldError(fieldErrorsOf(unlock.error), 'password')}
                required
                autofocus
              />
              <FormError error={unlock.error} fallback={ACCOUNTS_ERROR_TEXT.unlockAccount} />
              <IonButton type="submit" expand="block" disabled={unlock.isPending || isSigningOut}>
                {unlock.isPending ? 'Unlocking…' : 'Unlock'}
              </IonButton>
            </form>
            <IonButton expand="block" fill="clear" onClick={() => void signOut()} disabled={isSigningOut}>
              {isSigningOut ? 'Signing out…' : 'Sign out'}
            </IonButton>
          </section>
        </div>
      </IonContent>
    </IonPage>
  );
}
