import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fieldErrorsOf } from '../../../shared/ui/form-error';
import { calendarQueries } from '../queries';
import { useCreateSessionMutation } from '../mutations';
import { conflictsOf } from '../conflicts';
import { addMinutes, instantToWallTime, wallTimeToInstant, type WallTime } from '../zone';

const fullName = (row: { first_name: string; last_name: string }) => `${row.first_name} ${row.last_name}`;

/** The pickers' choices, from the directories (the first hundred of each, by name). */
export function useSessionChoices(orgCode: string) {
  const therapists = useQuery(calendarQueries.therapists(orgCode)).data?.results ?? [];
  const students = useQuery(calendarQueries.students(orgCode)).data?.results ?? [];
  const services = useQuery(calendarQueries.services(orgCode)).data?.results ?? [];
  const departments = useQuery(calendarQueries.departments(orgCode)).data?.results ?? [];
  return {
    therapists: therapists.map((row) => ({ value: row.membership_id, label: fullName(row) })),
    students: students.map((row) => ({ value: row.id, label: fullName(row) })),
    services,
    serviceOptions: [
      { value: '', label: 'No service' },
      ...services.map((row) => ({ value: row.id, label: row.duration_minutes ? `${row.name} (${row.duration_minutes} min)` : row.name })),
    ],
    departments: [{ value: '', label: 'No department' }, ...departments.map((row) => ({ value: row.id, label: row.name }))],
  };
}

export type SessionChoices = ReturnType<typeof useSessionChoices>;

function problemsOf(form: { therapist: string; student: string; end: string }, hasLength: boolean, override: string | null) {
  const problems: Record<string, string[]> = {};
  if (!form.therapist) {
    problems.therapist_id = ['Choose a therapist.'];
  }
  if (!form.student) {
    problems.student_id = ['Choose a student.'];
  }
  if (!form.end && !hasLength) {
    problems.end_at = ['Give an end time, or choose a service with a length.'];
  }
  if (override !== null && override.trim() === '') {
    problems.override_reason = ['Say why the sessions may overlap.'];
  }
  return problems;
}

/** The wall-clock end of a session of `minutes` starting at `start`, in the organization's zone. */
function endAfter(start: WallTime, minutes: number, zone: string): string {
  return instantToWallTime(addMinutes(wallTimeToInstant(start, zone), minutes), zone).time;
}

/** The new-session form's state and its one call; the end follows the service's length until changed by hand. */
export function useSessionForm(orgCode: string, organizationId: string, zone: string, slot: { start: WallTime; endTime: string }) {
  const choices = useSessionChoices(orgCode);
  const create = useCreateSessionMutation(orgCode);
  const [form, setForm] = useState({ therapist: '', student: '', service: '', department: '', ...slot.start, end: slot.endTime });
  const [override, setOverride] = useState<string | null>(null);
  const [problems, setProblems] = useState<Record<string, string[]>>({});
  // The end follows the start and the service's length until it is changed by hand.
  const [isEndSet, setEndSet] = useState(slot.endTime !== '');
  const service = choices.services.find((row) => row.id === form.service);
  const update = (changes: Partial<typeof form>, keepEnd = isEndSet) => {
    setForm((current) => {
      const next = { ...current, ...changes };
      const minutes = choices.services.find((row) => row.id === next.service)?.duration_minutes;
      return keepEnd || !minutes || !next.date || !next.time ? next : { ...next, end: endAfter(next, minutes, zone) };
    });
  };
  const set = (field: keyof typeof form) => (value: string) => {
    if (field === 'end') {
      setEndSet(value !== '');
    }
    update({ [field]: value }, field === 'end' || isEndSet);
  };
  const setService = (id: string) => update({ service: id });

  const submit = (onDone: () => void) => {
    const found = problemsOf(form, Boolean(service?.duration_minutes), override);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      return;
    }
    const body = {
      organization_id: organizationId,
      therapist_id: form.therapist,
      student_id: form.student,
      service_id: form.service || null,
      department_id: form.department || null,
      start_at: wallTimeToInstant(form, zone),
      end_at: form.end ? wallTimeToInstant({ date: form.date, time: form.end }, zone) : undefined,
      override_conflicts: override !== null,
      override_reason: override ?? '',
    };
    create.mutate(body, { onSuccess: onDone });
  };

  const errors = { ...fieldErrorsOf(create.error), ...problems };
  return { choices, create, form, set, setService, service, override, setOverride, errors, conflicts: conflictsOf(create.error), submit };
}
