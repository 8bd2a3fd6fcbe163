import { useState, type ComponentProps } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { eyeOffOutline, eyeOutline } from 'ionicons/icons';
import { TextField } from './text-field';

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'children'>;

/**
 * A password input with a show/hide button. Our own button rather than IonInputPasswordToggle,
 * whose shadow-DOM button is 40 px and cannot be styled to the 44 px touch target.
 */
export function PasswordField(props: PasswordFieldProps) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextField {...props} type={isVisible ? 'text' : 'password'}>
      {/* Cancelling pointer-down keeps the caret in the field. The handler sits on a plain element:
          on an Ionic component a camel-case event prop makes the React wrapper probe support with
          an inline handler attribute, which the CSP (script-src-attr 'none') reports. */}
      <span slot="end" className="password-toggle-slot" onPointerDown={(event) => event.preventDefault()}>
        <IonButton
          fill="clear"
          className="password-toggle"
          aria-label={isVisible ? 'Hide password' : 'Show password'}
          aria-pressed={isVisible}
          onClick={() => setIsVisible((visible) => !visible)}
        >
          <IonIcon slot="icon-only" icon={isVisible ? eyeOffOutline : eyeOutline} aria-hidden="true" />
        </IonButton>
      </span>
    </TextField>
  );
}
