import { useQuery } from '@tanstack/react-query';
import { calendarQueries } from '../queries';
import type { EventFormValues } from './use-event-form';

interface EventAudienceProps {
  orgCode: string;
  form: EventFormValues;
  set: <K extends keyof EventFormValues>(field: K) => (value: EventFormValues[K]) => void;
  error?: string;
}

/** Who an event is for: everyone in the organization, or the therapists ticked. */
export function EventAudience({ orgCode, form, set, error }: EventAudienceProps) {
  const therapists = useQuery({ ...calendarQueries.therapists(orgCode), enabled: !form.forEveryone }).data?.results ?? [];
  const toggle = (id: string, isOn: boolean) => set('people')(isOn ? [...form.people, id] : form.people.filter((entry) => entry !== id));
  return (
    <fieldset className="cal-form__group">
      <legend>For whom</legend>
      <label className="cal-check">
        <input
          type="checkbox"
          name="for_everyone"
          checked={form.forEveryone}
          onChange={(event) => set('forEveryone')(event.target.checked)}
        />
        <span>Everyone in the organization</span>
      </label>
      {!form.forEveryone && (
        <ul className="cal-form__people" aria-label="People">
          {therapists.map((therapist) => (
            <li key={therapist.membership_id}>
              <label className="cal-check">
                <input
                  type="checkbox"
                  checked={form.people.includes(therapist.membership_id)}
                  onChange={(event) => toggle(therapist.membership_id, event.target.checked)}
                />
                <span>
                  {therapist.first_name} {therapist.last_name}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="select-field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
