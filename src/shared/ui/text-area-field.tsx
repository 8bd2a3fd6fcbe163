import { IonTextarea } from './ionic-form-controls';
import { LimitNote } from './limit-note';
import { useOutlineField } from './outline-field';

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
export function TextAreaField({ name, disabled, ...options }: TextAreaFieldProps) {
  const field = useOutlineField(options);
  return (
    <div className="field-box">
      <IonTextarea
        {...field.props}
        name={name}
        rows={5}
        disabled={disabled}
        // Ionic's outline draws the label twice (one copy hidden in the notch); the name is given once here.
        aria-label={options.label}
      />
      <LimitNote note={field.note} />
    </div>
  );
}
