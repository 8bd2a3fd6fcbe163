import { flushSync } from 'react-dom';
import { IonTextarea } from './ionic-form-controls';
import { LimitNote, withCounter } from './limit-note';
import { useTextLimit } from './text-limit';

interface TextAreaFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  helper?: string;
  /** Longer text is cut, and the field says so; a counter shows near the limit. */
  maxlength?: number;
  disabled?: boolean;
}

/**
 * A labelled multi-line field for text of several sentences (a description): five lines, and it
 * scrolls past them rather than pushing the form's buttons off a dialog; with the same error, counter and cut note as TextField.
 */
export function TextAreaField({ label, name, value, onChange, error, helper, maxlength, disabled }: TextAreaFieldProps) {
  const limit = useTextLimit(maxlength, value, onChange);
  return (
    <div className="field-box">
      <IonTextarea
        className={error ? 'ion-invalid ion-touched field' : 'field'}
        label={label}
        labelPlacement="stacked"
        fill="outline"
        name={name}
        value={value}
        rows={5}
        errorText={error}
        helperText={withCounter(helper, limit.counter)}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        // Ionic's outline draws the label twice (one copy hidden in the notch); the name is given once here.
        aria-label={label}
        onIonInput={(event) => flushSync(() => limit.change(String(event.detail.value ?? ''), event.target))}
      />
      <LimitNote note={limit.note} />
    </div>
  );
}
