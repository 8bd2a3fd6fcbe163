import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { copyOutline, trashOutline } from 'ionicons/icons';
import type { Service } from '../../../../contract/services';
import { errorText } from '../../../shared/api/error-text';
import { IconButton } from '../../../shared/ui/icon-button';
import { SelectField } from '../../../shared/ui/select-field';
import { TextField } from '../../../shared/ui/text-field';
import { SCHEDULING_ERROR_TEXT } from '../error-text';
import type { PlanErrors, SlotRow } from '../plan-form';
import { schedulingQueries } from '../queries';
import { WeekdayPicker } from './weekday-picker';

export interface PlanChoices {
  organizationId: string;
  orgCode: string;
  therapists: { membership_id: string; first_name: string; last_name: string }[];
  services: Service[];
}

interface Props {
  row: SlotRow;
  index: number;
  errors: PlanErrors;
  choices: PlanChoices;
  onChange: (row: SlotRow) => void;
  onRemove?: () => void;
  onCopy: () => void;
}

const minutesText = (service: Service) => (service.duration_minutes ? ` (${service.duration_minutes} min)` : ' (no length set)');

/** One weekly slot of the plan: its days, start time, therapist, student, service and department. */
export function SlotRowFields({ row, index, errors, choices, onChange, onRemove, onCopy }: Props) {
  const error = (field: keyof SlotRow) => errors[`rows.${index}.${field}`];
  const set = (patch: Partial<SlotRow>) => onChange({ ...row, ...patch });
  const service = choices.services.find((s) => s.id === row.serviceId);
  return (
    <fieldset className="plan-slot">
      <legend className="plan-slot__legend">Weekly slot {index + 1}</legend>
      <WeekdayPicker value={row.weekdays} onChange={(weekdays) => set({ weekdays })} error={error('weekdays')} />
      <div className="plan-slot__fields">
        <TextField
          label="Start time"
          name={`start_time_${index}`}
          type="time"
          value={row.startTime}
          onChange={(startTime) => set({ startTime })}
          error={error('startTime')}
        />
        <SelectField
          label="Therapist"
          name={`therapist_${index}`}
          value={row.therapistId}
          placeholder="Choose a therapist"
          options={choices.therapists.map((t) => ({ value: t.membership_id, label: `${t.first_name} ${t.last_name}` }))}
          onChange={(therapistId) => set({ therapistId, studentId: '', departmentId: '' })}
          error={error('therapistId')}
        />
        <SlotStudentFields row={row} index={index} choices={choices} error={error} set={set}>
          <SelectField
            label="Service"
            name={`service_${index}`}
            value={row.serviceId}
            placeholder="Choose a service"
            options={choices.services.map((s) => ({ value: s.id, label: `${s.name}${minutesText(s)}` }))}
            onChange={(serviceId) => set({ serviceId })}
            error={error('serviceId')}
          />
          {service && !service.duration_minutes && (
            <TextField
              label="Length in minutes"
              name={`minutes_${index}`}
              inputmode="numeric"
              value={row.minutes}
              onChange={(minutes) => set({ minutes })}
              error={error('minutes')}
            />
          )}
        </SlotStudentFields>
      </div>
      <div className="plan-slot__actions">
        <IconButton icon={copyOutline} fill="clear" size="small" onClick={onCopy}>
          Copy slot {index + 1}
        </IconButton>
        {onRemove && (
          <IconButton icon={trashOutline} fill="clear" size="small" color="danger" onClick={onRemove}>
            Remove slot {index + 1}
          </IconButton>
        )}
      </div>
    </fieldset>
  );
}

interface StudentProps {
  row: SlotRow;
  index: number;
  choices: PlanChoices;
  error: (field: keyof SlotRow) => string | undefined;
  set: (patch: Partial<SlotRow>) => void;
  /** The service's fields, between the student and the department, in the order people say them. */
  children: ReactNode;
}

/** The therapist's students, then the departments they share with the chosen one: where the session can happen. */
function SlotStudentFields({ row, index, choices, error, set, children }: StudentProps) {
  const { organizationId, orgCode } = choices;
  const students = useQuery(schedulingQueries.students(organizationId, orgCode, row.therapistId));
  const departments = useQuery(schedulingQueries.departments(organizationId, orgCode, row.therapistId));
  const student = students.data?.results.find((s) => s.id === row.studentId);
  const departmentOptions = (departments.data?.results ?? []).filter((d) => !student || student.department_ids.includes(d.id));
  const studentHint = !row.therapistId
    ? 'Choose the therapist first'
    : students.isPending
      ? 'Loading their students…'
      : students.data?.results.length === 0
        ? 'No students are assigned to this therapist'
        : 'Choose a student';
  return (
    <>
      <SelectField
        label="Student"
        name={`student_${index}`}
        value={row.studentId}
        placeholder={studentHint}
        disabled={!row.therapistId || students.isPending}
        options={(students.data?.results ?? []).map((s) => ({ value: s.id, label: `${s.first_name} ${s.last_name}` }))}
        onChange={(studentId) => set({ studentId, departmentId: '' })}
        error={error('studentId') ?? (students.isError ? errorText(students.error, SCHEDULING_ERROR_TEXT.fetchChoices) : undefined)}
      />
      {children}
      <SelectField
        label="Department (optional)"
        name={`department_${index}`}
        value={row.departmentId}
        disabled={!row.therapistId}
        options={[{ value: '', label: 'No department' }, ...departmentOptions.map((d) => ({ value: d.id, label: d.name }))]}
        onChange={(departmentId) => set({ departmentId })}
        error={error('departmentId')}
      />
    </>
  );
}
