import type { ComponentProps, ReactNode } from 'react';
import { IonInput } from './ionic-form-controls';
import { LimitNote } from './limit-note';
import { useOutlineField } from './outline-field';

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
 * A labelled input with its error shown under it. The label is a real label, so screen readers
 * name the field. With a `maxlength`, the browser's own limit is not used: it drops pasted text
 * without a word.
 */
export function TextField({ label, value, onChange, type = 'text', error, helper, children, maxlength, ...rest }: TextFieldProps) {
  const field = useOutlineField({ label, value, onChange, error, helper, maxlength });
  const input = (
    <IonInput {...field.props} type={type} {...rest}>
      {children}
    </IonInput>
  );
  if (maxlength === undefined) {
    return input;
  }
  return (
    <div className="field-box">
      {input}
      <LimitNote note={field.note} />
    </div>
  );
}
