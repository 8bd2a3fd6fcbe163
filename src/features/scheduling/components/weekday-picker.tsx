import { useId } from 'react';
import { WEEKDAYS, type WeekdayCode } from '../plan-form';

/** The days a slot repeats on, as checkboxes under one legend: several days make the same slot on each. */
export function WeekdayPicker({
  value,
  onChange,
  error,
}: {
  value: WeekdayCode[];
  onChange: (days: WeekdayCode[]) => void;
  error?: string;
}) {
  const errorId = useId();
  function toggle(code: WeekdayCode, isOn: boolean) {
    onChange(isOn ? [...value, code] : value.filter((d) => d !== code));
  }
  return (
    <fieldset className="weekday-picker" aria-describedby={error ? errorId : undefined}>
      <legend>Days of the week</legend>
      <div className="weekday-picker__days">
        {WEEKDAYS.map((day) => (
          <label key={day.code} className="weekday-picker__day">
            <input type="checkbox" checked={value.includes(day.code)} onChange={(event) => toggle(day.code, event.target.checked)} />
            <span aria-hidden="true">{day.short}</span>
            <span className="visually-hidden">{day.long}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="select-field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
