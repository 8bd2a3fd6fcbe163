import type { ComponentProps, ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { IonInput } from './ionic-form-controls';

type InputProps = ComponentProps<typeof IonInput>;

interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  type?: InputProps['type'];
  autocomplete?: InputProps['autocomplete'];
  inputmode?: 'text' | 'tel' | 'url' | 'email' | 'numeric';
  error?: string;
  helper?: string;
  required?: boolean;
  disabled?: boolean;
  readonly?: boolean;
  maxlength?: number;
  autofocus?: boolean;
  children?: ReactNode;
}

/**
 * A labelled input with its error shown under it (Ionic shows `errorText` only on
 * `ion-invalid ion-touched`). The label is a real label, so screen readers name the field.
 */
export function TextField({ label, name, value, onChange, type = 'text', error, helper, children, ...rest }: TextFieldProps) {
  return (
    <IonInput
      className={error ? 'ion-invalid ion-touched field' : 'field'}
      label={label}
      labelPlacement="stacked"
      fill="outline"
      name={name}
      type={type}
      value={value}
      errorText={error}
      helperText={helper}
      aria-invalid={error ? true : undefined}
      // ionInput is a custom event, so React renders its update at default priority; an Enter that
      // follows at once (autofill, fast typing) would submit the previous value. Render it now.
      onIonInput={(event) => flushSync(() => onChange(String(event.detail.value ?? '')))}
      {...rest}
    >
      {children}
    </IonInput>
  );
}
