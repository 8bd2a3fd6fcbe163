import { useId } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { TextAreaField } from '../ui/text-area-field';
import { TextField } from '../ui/text-field';

/** '' is null, digits a number; anything else stays text so the schema names the mistake. */
const asInteger = (value: string) => (value.trim() === '' ? null : /^\d+$/.test(value.trim()) ? Number(value) : value);
/** A date input answers "2027-01-31", the contract's ISO day, or '' when cleared: a date not given. */
const asDate = (value: string) => (value === '' ? null : value);
const FROM_INPUT = { text: (value: string) => value, integer: asInteger, date: asDate };

interface FormTextProps<V extends FieldValues> {
  control: Control<V>;
  name: FieldPath<V>;
  label: string;
  helper?: string;
  required?: boolean;
  maxlength?: number;
  inputmode?: 'text' | 'numeric' | 'decimal';
  /** How a number, day or null field shows in the input, and back ('' is null); a day gets the browser's date input. */
  kind?: 'text' | 'integer' | 'date';
  /** Several lines (a description) instead of one. */
  multiline?: boolean;
  autofocus?: boolean;
}

/** A react-hook-form field on the app's TextField: its error (client or server) under it. */
export function FormText<V extends FieldValues>({
  control,
  name,
  label,
  helper,
  required,
  maxlength,
  inputmode,
  kind = 'text',
  multiline,
  autofocus,
}: FormTextProps<V>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) =>
        multiline ? (
          <TextAreaField
            label={required ? `${label} (required)` : label}
            name={field.name}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={field.onChange}
            error={fieldState.error?.message}
            helper={helper}
            maxlength={maxlength}
          />
        ) : (
          <TextField
            label={required ? `${label} (required)` : label}
            name={field.name}
            value={field.value === null || field.value === undefined ? '' : String(field.value)}
            onChange={(value) => field.onChange(FROM_INPUT[kind](value))}
            type={kind === 'date' ? 'date' : 'text'}
            error={fieldState.error?.message}
            helper={helper}
            maxlength={maxlength}
            inputmode={inputmode === 'decimal' ? 'text' : inputmode}
            autofocus={autofocus}
          />
        )
      }
    />
  );
}

/** A labelled checkbox (native: a toggle from @ionic/react would join the first download). */
export function FormCheckbox<V extends FieldValues>({
  control,
  name,
  label,
  hint,
}: {
  control: Control<V>;
  name: FieldPath<V>;
  label: string;
  hint?: string;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className="admin-check">
          <label className="admin-check__box">
            <input
              type="checkbox"
              name={field.name}
              checked={Boolean(field.value)}
              onChange={(event) => field.onChange(event.target.checked)}
              onBlur={field.onBlur}
              aria-describedby={hint ? `${id}-hint` : undefined}
            />
            <span>{label}</span>
          </label>
          {hint && (
            <p id={`${id}-hint`} className="admin-check__hint">
              {hint}
            </p>
          )}
        </div>
      )}
    />
  );
}
