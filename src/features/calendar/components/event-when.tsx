import type { FieldErrors } from '../../../shared/api/api-error';
import { TextField } from '../../../shared/ui/text-field';
import { fieldError } from '../../../shared/ui/form-error';
import type { EventFormValues } from './use-event-form';

interface EventWhenProps {
  form: EventFormValues;
  set: <K extends keyof EventFormValues>(field: K) => (value: EventFormValues[K]) => void;
  errors: FieldErrors;
}

/** When an event is: whole days (first and last) or one day's hours, in the organization's zone. */
export function EventWhen({ form, set, errors }: EventWhenProps) {
  return (
    <fieldset className="cal-form__group">
      <legend>When</legend>
      <label className="cal-check">
        <input type="checkbox" name="all_day" checked={form.allDay} onChange={(event) => set('allDay')(event.target.checked)} />
        <span>All day</span>
      </label>
      <div className="cal-form__when">
        <TextField
          label={form.allDay ? 'First day' : 'Date'}
          name="date"
          type="date"
          value={form.date}
          onChange={set('date')}
          error={fieldError(errors, 'start_at')}
        />
        {form.allDay ? (
          <TextField
            label="Last day"
            name="last_date"
            type="date"
            value={form.lastDate}
            onChange={set('lastDate')}
            error={fieldError(errors, 'end_at')}
          />
        ) : (
          <>
            <TextField label="Start" name="start" type="time" value={form.time} onChange={set('time')} />
            <TextField
              label="End"
              name="end"
              type="time"
              value={form.endTime}
              onChange={set('endTime')}
              error={fieldError(errors, 'end_at')}
            />
          </>
        )}
      </div>
    </fieldset>
  );
}
