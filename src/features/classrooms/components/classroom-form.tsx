import { useQuery } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { createClassroom, type Classroom } from '../../../../contract/classrooms';
import { LIMITS } from '../../../../contract/limits';
import { errorText } from '../../../shared/api/error-text';
import { FormCheckbox, FormText } from '../../../shared/admin/form-fields';
import { AdminForm, NameFields } from '../../../shared/admin/admin-form';
import { useRowForm } from '../../../shared/admin/use-admin-form';
import { SelectField } from '../../../shared/ui/select-field';
import { useSaveRowMutations } from '../../../shared/admin/row-mutations';
import { CLASSROOM_ROWS } from '../mutations';
import { classroomQueries } from '../queries';
import { CLASSROOMS_ERROR_TEXT } from '../error-text';

interface ClassroomFormProps {
  orgCode: string;
  /** The classroom to edit; none: a new one. */
  classroom: Classroom | null;
  onDone: () => void;
}

/**
 * Create or edit a classroom, checked by the contract's own body schema before it is sent; the
 * server's field errors (a taken name, a capacity below the students seated) land on the fields.
 * The homeroom teacher is picked from the organization's active therapists (the first 100 by name:
 * an organization has tens); the current one stays offered even when not among them. Without
 * members.view the picker says why it is empty, and the rest of the form still saves.
 */
export function ClassroomForm({ orgCode, classroom, onDone }: ClassroomFormProps) {
  const therapists = useQuery(classroomQueries.therapists(orgCode));
  const { form, frame } = useRowForm(
    createClassroom.body,
    classroom,
    {
      name: classroom?.name ?? '',
      grade_level: classroom?.grade_level ?? '',
      room: classroom?.room ?? '',
      capacity: classroom?.capacity ?? null,
      is_active: classroom?.is_active ?? true,
      homeroom_membership_id: classroom?.homeroom?.membership_id ?? null,
    },
    useSaveRowMutations(CLASSROOM_ROWS, orgCode),
    onDone,
  );

  const options = [{ value: '', label: 'No homeroom teacher' }];
  const current = classroom?.homeroom;
  for (const therapist of therapists.data?.results ?? []) {
    if (therapist.status === 'active') {
      options.push({ value: therapist.membership_id, label: `${therapist.first_name} ${therapist.last_name}` });
    }
  }
  if (current && !options.some((option) => option.value === current.membership_id)) {
    options.push({ value: current.membership_id, label: `${current.first_name} ${current.last_name}` });
  }

  return (
    <AdminForm {...frame} noun="classroom">
      <NameFields control={form.control} />
      <div className="form-row">
        <FormText control={form.control} name="grade_level" label="Grade level" maxlength={LIMITS.nameMax} helper="For example Grade 2" />
        <FormText control={form.control} name="room" label="Room" maxlength={LIMITS.nameMax} />
      </div>
      <div className="form-row">
        <FormText
          control={form.control}
          name="capacity"
          label="Capacity"
          inputmode="numeric"
          kind="integer"
          helper="Most students it takes; empty for no limit"
        />
        <Controller
          control={form.control}
          name="homeroom_membership_id"
          render={({ field, fieldState }) => (
            <SelectField
              label="Homeroom teacher"
              name={field.name}
              value={field.value ?? ''}
              options={options}
              disabled={therapists.isPending}
              onChange={(value) => field.onChange(value === '' ? null : value)}
              error={
                fieldState.error?.message ??
                (therapists.isError ? errorText(therapists.error, CLASSROOMS_ERROR_TEXT.fetchTherapists) : undefined)
              }
            />
          )}
        />
      </div>
      <FormCheckbox
        control={form.control}
        name="is_active"
        label="Enabled"
        hint="A disabled classroom keeps its students but takes no new ones."
      />
    </AdminForm>
  );
}
