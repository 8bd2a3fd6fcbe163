import { useState } from 'react';
import { IonButton } from '@ionic/react';
import type { CalendarEvent } from '../../../../contract/calendar';
import { LIMITS } from '../../../../contract/limits';
import { SelectField } from '../../../shared/ui/select-field';
import { TextField } from '../../../shared/ui/text-field';
import { TextAreaField } from '../../../shared/ui/text-area-field';
import { FormError, fieldError } from '../../../shared/ui/form-error';
import { FormActions } from '../../../shared/admin/form-actions';
import { CALENDAR_ERROR_TEXT } from '../error-text';
import { EventWhen } from './event-when';
import { EventAudience } from './event-audience';
import { useEventForm, type EventKind, type EventSlot } from './use-event-form';

const KINDS = [
  { value: 'meeting', label: 'Meeting' },
  { value: 'training', label: 'Training' },
  { value: 'holiday', label: 'Holiday' },
  { value: 'closure', label: 'Closure (no sessions)' },
];

interface EventFormProps {
  orgCode: string;
  organizationId: string;
  zone: string;
  event: CalendarEvent | null;
  slot: EventSlot;
  onDone: () => void;
}

/** A meeting, training, holiday or closure: what, when (hours or whole days), and for whom; an existing one can be removed. */
export function EventForm({ orgCode, organizationId, zone, event, slot, onDone }: EventFormProps) {
  const state = useEventForm(orgCode, organizationId, zone, event, slot);
  const { form, set, errors } = state;
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  return (
    <form
      className="cal-form"
      noValidate
      onSubmit={(submitEvent) => {
        submitEvent.preventDefault();
        state.submit(onDone);
      }}
    >
      <SelectField label="Kind" name="kind" value={form.kind} options={KINDS} onChange={(value) => set('kind')(value as EventKind)} />
      <TextField
        label="Title (required)"
        name="title"
        value={form.title}
        onChange={set('title')}
        error={fieldError(errors, 'title')}
        maxlength={LIMITS.nameMax}
      />
      <EventWhen form={form} set={set} errors={errors} />
      <EventAudience orgCode={orgCode} form={form} set={set} error={fieldError(errors, 'membership_ids')} />
      <TextAreaField
        label="Description"
        name="description"
        value={form.description}
        onChange={set('description')}
        maxlength={LIMITS.noteMax}
      />
      <FormError
        error={state.save.error ?? state.remove.error}
        fallback={event ? CALENDAR_ERROR_TEXT.updateEvent : CALENDAR_ERROR_TEXT.createEvent}
      />
      {event &&
        (isConfirmingDelete ? (
          <div className="cal-form__confirm" role="group" aria-label="Remove this event?">
            <span>Remove this event from the calendar?</span>
            <IonButton fill="outline" color="medium" onClick={() => setConfirmingDelete(false)}>
              Keep it
            </IonButton>
            <IonButton color="danger" disabled={state.remove.isPending} onClick={() => state.removeEvent(onDone)}>
              {state.remove.isPending ? 'Removing…' : 'Remove event'}
            </IonButton>
          </div>
        ) : (
          <IonButton fill="clear" color="danger" onClick={() => setConfirmingDelete(true)}>
            Remove event…
          </IonButton>
        ))}
      <FormActions isPending={state.save.isPending} onCancel={onDone} label={event ? 'Save event' : 'Add event'} pendingLabel="Saving…" />
    </form>
  );
}
