import { useId } from 'react';

interface SelectFieldProps {
  label: string;
  name: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange: (value: string) => void;
  error?: string;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * A native <select> dressed like the Ionic outline inputs. Native on purpose: type-ahead over 400
 * time zones, the platform's own picker on tablets, and IonSelect would pull alert, action sheet,
 * modal and popover into the first download (about 50 KB gzip).
 */
export function SelectField({ label, name, value, options, onChange, error, placeholder, disabled, className }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`select-field${error ? ' select-field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="select-field__label">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {placeholder !== undefined && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="select-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
