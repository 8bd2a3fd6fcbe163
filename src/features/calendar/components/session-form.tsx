import { SelectField } from '../../../shared/ui/select-field';
import { TextField } from '../../../shared/ui/text-field';
import { FormError, fieldError } from '../../../shared/ui/form-error';
import { FormActions } from '../../../shared/admin/form-actions';
import { CALENDAR_ERROR_TEXT } from '../error-text';
import type { WallTime } from '../zone';
import { ConflictNotice } from './conflict-notice';
import { useSessionForm } from './use-session-form';

interface SessionFormProps {
  orgCode: string;
  organizationId: string;
  zone: string;
  /** The slot chosen on the calendar; the end is left to the service unless a longer stretch was chosen. */
  slot: { start: WallTime; endTime: string };
  canOverride: boolean;
  onDone: () => void;
}

/** A new session at the chosen slot: who, for whom, which service; the end comes from the service unless given. */
export function SessionForm({ orgCode, organizationId, zone, slot, canOverride, onDone }: SessionFormProps) {
  const state = useSessionForm(orgCode, organizationId, zone, slot);
  const { choices, form, set, errors, override } = state;
  return (
    <form
      className="cal-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        state.submit(onDone);
      }}
    >
      <SelectField
        label="Therapist"
        name="therapist"
        value={form.therapist}
        options={choices.therapists}
        onChange={set('therapist')}
        placeholder="Choose a therapist"
        error={fieldError(errors, 'therapist_id')}
      />
      <SelectField
        label="Student"
        name="student"
        value={form.student}
        options={choices.students}
        onChange={set('student')}
        placeholder="Choose a student"
        error={fieldError(errors, 'student_id')}
      />
      <SelectField label="Service" name="service" value={form.service} options={choices.serviceOptions} onChange={state.setService} />
      <SelectField
        label="Department (optional)"
        name="department"
        value={form.department}
        options={choices.departments}
        onChange={set('department')}
      />
      <div className="cal-form__when">
        <TextField label="Date" name="date" type="date" value={form.date} onChange={set('date')} error={fieldError(errors, 'start_at')} />
        <TextField label="Start" name="start" type="time" value={form.time} onChange={set('time')} />
        <TextField label="End" name="end" type="time" value={form.end} onChange={set('end')} error={fieldError(errors, 'end_at')} />
      </div>
      <ConflictNotice
        conflicts={state.conflicts}
        zone={zone}
        canOverride={canOverride}
        overrideReason={override}
        onOverrideReason={state.setOverride}
        reasonError={fieldError(errors, 'override_reason')}
      />
      {state.conflicts.length === 0 && <FormError error={state.create.error} fallback={CALENDAR_ERROR_TEXT.createSession} />}
      <FormActions
        isPending={state.create.isPending}
        onCancel={onDone}
        label={override === null ? 'Book session' : 'Book anyway'}
        pendingLabel="Booking…"
      />
    </form>
  );
}
