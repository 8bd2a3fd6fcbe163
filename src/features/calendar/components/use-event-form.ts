import { useState } from 'react';
import type { CalendarEvent } from '../../../../contract/calendar';
import { fieldErrorsOf } from '../../../shared/ui/form-error';
import { useDeleteEventMutation, useSaveEventMutation } from '../mutations';
import { instantToWallTime, nextDay, previousDay, wallTimeToInstant } from '../zone';

/** Where a new event starts: the slot or day chosen on the calendar (a last day is inclusive). */
export interface EventSlot {
  date: string;
  lastDate: string;
  time: string;
  endTime: string;
  allDay: boolean;
}

export type EventKind = CalendarEvent['kind'];

function initialOf(event: CalendarEvent | null, slot: EventSlot, zone: string) {
  if (!event) {
    return { kind: 'meeting' as EventKind, title: '', description: '', forEveryone: true, people: [] as string[], ...slot };
  }
  const start = instantToWallTime(event.start_at, zone);
  const end = instantToWallTime(event.end_at, zone);
  return {
    kind: event.kind,
    title: event.title,
    description: event.description,
    forEveryone: event.for_everyone,
    people: event.people.map((person) => person.membership_id),
    allDay: event.all_day,
    date: start.date,
    time: start.time,
    // An all-day event ends at the midnight after its last day.
    lastDate: event.all_day ? previousDay(end.date) : end.date,
    endTime: end.time,
  };
}

export type EventFormValues = ReturnType<typeof initialOf>;

/** The instants an event's form means: whole days run from the first day's midnight to the one after the last day. */
export function eventTimes(form: EventFormValues, zone: string): { start_at: string; end_at: string } {
  if (form.allDay) {
    return {
      start_at: wallTimeToInstant({ date: form.date, time: '00:00' }, zone),
      end_at: wallTimeToInstant({ date: nextDay(form.lastDate < form.date ? form.date : form.lastDate), time: '00:00' }, zone),
    };
  }
  return {
    start_at: wallTimeToInstant({ date: form.date, time: form.time }, zone),
    end_at: wallTimeToInstant({ date: form.date, time: form.endTime }, zone),
  };
}

/** The event form's state, its save and its delete. */
export function useEventForm(orgCode: string, organizationId: string, zone: string, event: CalendarEvent | null, slot: EventSlot) {
  const save = useSaveEventMutation(orgCode, organizationId);
  const remove = useDeleteEventMutation(orgCode, organizationId);
  const [form, setForm] = useState(() => initialOf(event, slot, zone));
  const set =
    <K extends keyof EventFormValues>(field: K) =>
    (value: EventFormValues[K]) =>
      setForm((current) => ({ ...current, [field]: value }));

  const submit = (onDone: () => void) => {
    const fields = {
      kind: form.kind,
      title: form.title,
      description: form.description,
      all_day: form.allDay,
      for_everyone: form.forEveryone,
      membership_ids: form.forEveryone ? [] : form.people,
      ...eventTimes(form, zone),
    };
    const body = event ? fields : { organization_id: organizationId, ...fields };
    save.mutate({ id: event?.id ?? null, body }, { onSuccess: onDone });
  };
  const removeEvent = (onDone: () => void) => {
    if (event) {
      remove.mutate(event.id, { onSuccess: onDone });
    }
  };
  return { form, set, submit, save, remove, removeEvent, errors: fieldErrorsOf(save.error) };
}
