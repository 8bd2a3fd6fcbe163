import { useState } from 'react';
import { TextField } from '../../../shared/ui/text-field';
import { TextAreaField } from '../../../shared/ui/text-area-field';
import { FormError, fieldError, fieldErrorsOf } from '../../../shared/ui/form-error';
import { FormActions } from '../../../shared/admin/form-actions';
import { LIMITS } from '../../../../contract/limits';
import { CALENDAR_ERROR_TEXT } from '../error-text';
import { conflictsOf } from '../conflicts';
import { useRescheduleSessionMutation } from '../mutations';
import { formatRange, instantToWallTime, wallTimeToInstant } from '../zone';
import { ConflictNotice } from './conflict-notice';

export interface MoveRequest {
  sessionId: string;
  /** "Ada Lovelace with Jordan Reyes", to say which session moves. */
  who: string;
  from: { start: string; end: string };
  to: { start: string; end: string };
  /** Puts a dragged session back where it was: called when the move is refused or given up. */
  revert?: () => void;
}

interface MoveSessionFormProps {
  orgCode: string;
  organizationId: string;
  zone: string;
  request: MoveRequest;
  canOverride: boolean;
  onDone: () => void;
}

/** The reason is required; so is the reason for overlapping, once "Book anyway" is chosen. */
function missingReasons(reason: string, override: string | null): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  if (reason.trim() === '') {
    found.reason = ['Give a reason.'];
  }
  if (override !== null && override.trim() === '') {
    found.override_reason = ['Say why the sessions may overlap.'];
  }
  return found;
}

/** Moving a session: the new day and times (as dropped, or typed) and the reason, which the session's history keeps. */
export function MoveSessionForm({ orgCode, organizationId, zone, request, canOverride, onDone }: MoveSessionFormProps) {
  const reschedule = useRescheduleSessionMutation(orgCode, organizationId);
  const start = instantToWallTime(request.to.start, zone);
  const [form, setForm] = useState({ ...start, end: instantToWallTime(request.to.end, zone).time, reason: '' });
  const [override, setOverride] = useState<string | null>(null);
  const [problems, setProblems] = useState<Record<string, string[]>>({});
  const [reverted, setReverted] = useState(false);
  const set = (field: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [field]: value }));
  const goBack = () => {
    if (!reverted) {
      request.revert?.();
      setReverted(true);
    }
  };

  const submit = () => {
    const found = missingReasons(form.reason, override);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      return;
    }
    const body = {
      start_at: wallTimeToInstant(form, zone),
      end_at: wallTimeToInstant({ date: form.date, time: form.end }, zone),
      reason: form.reason,
      override_conflicts: override !== null,
      override_reason: override ?? '',
    };
    // A refused move puts the session back on the calendar at once; the dialog says why.
    reschedule.mutate({ id: request.sessionId, body }, { onSuccess: onDone, onError: goBack });
  };

  const errors = { ...fieldErrorsOf(reschedule.error), ...problems };
  const conflicts = conflictsOf(reschedule.error);
  return (
    <form
      className="cal-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p>
        {request.who}, now {formatRange(request.from.start, request.from.end, zone)}.
      </p>
      <div className="cal-form__when">
        <TextField label="Date" name="date" type="date" value={form.date} onChange={set('date')} error={fieldError(errors, 'start_at')} />
        <TextField label="Start" name="start" type="time" value={form.time} onChange={set('time')} />
        <TextField label="End" name="end" type="time" value={form.end} onChange={set('end')} error={fieldError(errors, 'end_at')} />
      </div>
      <TextAreaField
        label="Reason (required)"
        name="reason"
        value={form.reason}
        onChange={set('reason')}
        error={fieldError(errors, 'reason')}
        maxlength={LIMITS.noteMax}
      />
      <ConflictNotice
        conflicts={conflicts}
        zone={zone}
        canOverride={canOverride}
        overrideReason={override}
        onOverrideReason={setOverride}
        reasonError={fieldError(errors, 'override_reason')}
      />
      {conflicts.length === 0 && <FormError error={reschedule.error} fallback={CALENDAR_ERROR_TEXT.rescheduleSession} />}
      <FormActions
        isPending={reschedule.isPending}
        onCancel={() => {
          goBack();
          onDone();
        }}
        label={override === null ? 'Move session' : 'Move anyway'}
        pendingLabel="Moving…"
      />
    </form>
  );
}
