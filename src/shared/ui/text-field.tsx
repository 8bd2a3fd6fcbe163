import type { ComponentProps, ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { IonInput } from './ionic-form-controls';
import { LimitNote, withCounter } from './limit-note';
import { useTextLimit } from './text-limit';

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
  /** Longer text is cut, and the field says so; a counter shows near the limit. */
  maxlength?: number;
  autofocus?: boolean;
  children?: ReactNode;
}

/**
 * A labelled input with its error shown under it (Ionic shows `errorText` only on
 * `ion-invalid ion-touched`). The label is a real label, so screen readers name the field.
 * With a `maxlength`, the browser's own limit is not used: it drops pasted text without a word.
 */
export function TextField({ label, name, value, onChange, type = 'text', error, helper, children, maxlength, ...rest }: TextFieldProps) {
  const limit = useTextLimit(maxlength, value, onChange);
  const input = (
    <IonInput
      className={error ? 'ion-invalid ion-touched field' : 'field'}
      label={label}
      labelPlacement="stacked"
      fill="outline"
      name={name}
      type={type}
      value={value}
      errorText={error}
      helperText={withCounter(helper, limit.counter)}
      aria-invalid={error ? true : undefined}
      // ionInput is a custom event, so React renders its update at default priority; an Enter that
      // follows at once (autofill, fast typing) would submit the previous value. Render it now.
      onIonInput={(event) => flushSync(() => limit.change(String(event.detail.value ?? ''), event.target))}
      {...rest}
    >
      {children}
    </IonInput>
  );
  if (maxlength === undefined) {
    return input;
  }
  return (
    <div className="field-box">
      {input}
      <LimitNote note={limit.note} />
    </div>
  );
}
