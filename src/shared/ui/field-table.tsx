import { useState, type ComponentProps } from 'react';
import type { FieldErrors } from '../api/api-error';
import { ChoiceGroup, type ChoiceOption } from './choice-group';
import { fieldError } from './form-error';
import { PasswordField } from './password-field';
import { SelectField } from './select-field';
import { TextAreaField } from './text-area-field';
import { TextField } from './text-field';
import { TimeZonePicker } from './time-zone-picker';

type TextFieldProps = ComponentProps<typeof TextField>;

export interface InputSpec<K extends string> {
  key: K;
  label: string;
  /** What the keyboard offers and how the browser fills it in; plain text when left out. */
  kind?: keyof typeof INPUT_KINDS | 'password' | 'textarea';
  autocomplete?: TextFieldProps['autocomplete'];
  helper?: string;
  maxlength?: number;
  required?: boolean;
  readonly?: boolean;
  autofocus?: boolean;
  /** Another error path shown on this field when it has none of its own (a whole nested object). */
  errorAlso?: string;
}

interface SelectSpec<K extends string> {
  key: K;
  label: string;
  kind: 'select';
  options: Array<{ value: string; label: string }>;
}

/** A time zone searched by city (TimeZonePicker); `saved` stays choosable if this browser does not know it. */
interface TimeZoneSpec<K extends string> {
  key: K;
  label: string;
  kind: 'timezone';
  saved?: string;
}

interface ChoiceSpec<K extends string> {
  key: K;
  label: string;
  kind: 'choice';
  options: ChoiceOption[];
  isInline?: boolean;
}

export type FieldSpec<K extends string> = InputSpec<K> | SelectSpec<K> | ChoiceSpec<K> | TimeZoneSpec<K>;

/** A field, or several side by side on one row. */
export type FieldRow<K extends string> = FieldSpec<K> | Array<FieldSpec<K>>;

const INPUT_KINDS = {
  text: {},
  email: { type: 'email', inputmode: 'email', autocomplete: 'email' },
  tel: { type: 'tel', inputmode: 'tel', autocomplete: 'tel' },
  url: { type: 'url', inputmode: 'url', autocomplete: 'url' },
  // The browser's own date picker; the value is YYYY-MM-DD, as the contract's calendar days are.
  date: { type: 'date' },
} satisfies Record<string, Partial<TextFieldProps>>;

interface TableProps<K extends string> {
  fields: Array<FieldRow<K>>;
  values: Record<K, string>;
  onChange: (key: K) => (value: string) => void;
  errors: FieldErrors;
  /** Put before each key in the field's name and error path ('organization.'). */
  prefix?: string;
}

/**
 * A form's fields from a table of words and settings, each with its error from the server's (or
 * the contract's) answer under it. The values are strings as the inputs hold them.
 */
export function FieldTable<K extends string>({ fields, ...props }: TableProps<K>) {
  return (
    <>
      {fields.map((row) =>
        Array.isArray(row) ? (
          <div key={row.map((spec) => spec.key).join(' ')} className="form-row">
            {row.map((spec) => (
              <Field key={spec.key} spec={spec} {...props} />
            ))}
          </div>
        ) : (
          <Field key={row.key} spec={row} {...props} />
        ),
      )}
    </>
  );
}

function Field<K extends string>({ spec, values, onChange, errors, prefix = '' }: Omit<TableProps<K>, 'fields'> & { spec: FieldSpec<K> }) {
  const name = prefix + spec.key;
  const common = { value: values[spec.key], onChange: onChange(spec.key) };
  if (spec.kind === 'choice') {
    return <ChoiceGroup legend={spec.label} {...common} options={spec.options} isInline={spec.isInline} />;
  }
  if (spec.kind === 'timezone') {
    return <TimeZonePicker label={spec.label} name={name} {...common} saved={spec.saved} error={fieldError(errors, name)} />;
  }
  if (spec.kind === 'select') {
    return <SelectField label={spec.label} name={name} {...common} options={spec.options} error={fieldError(errors, name)} />;
  }
  const { key: _key, kind = 'text', errorAlso, ...rest } = spec;
  const error = fieldError(errors, name) ?? (errorAlso === undefined ? undefined : fieldError(errors, errorAlso));
  if (kind === 'password') {
    return <PasswordField name={name} {...common} {...rest} error={error} />;
  }
  if (kind === 'textarea') {
    return <TextAreaField name={name} {...common} label={rest.label} helper={rest.helper} maxlength={rest.maxlength} error={error} />;
  }
  return <TextField name={name} {...INPUT_KINDS[kind]} {...common} {...rest} error={error} />;
}

/** A form's string values and a setter per key, as the table's `onChange` wants it. */
export function useFieldValues<V extends Record<keyof V, string>>(initial: V | (() => V)) {
  const [values, setValues] = useState(initial);
  const set = (key: keyof V) => (value: string) => setValues((current) => ({ ...current, [key]: value }));
  return { values, set, reset: () => setValues(initial) };
}
