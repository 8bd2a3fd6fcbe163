import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { CreateEnrollmentBody } from '../../../../contract/enrollments';
import type { StudentEntry } from '../../../../contract/people';
import { LIMITS } from '../../../../contract/limits';
import { FormText } from '../../../shared/admin/form-fields';
import { SelectField } from '../../../shared/ui/select-field';

interface StudentFieldsProps {
  form: UseFormReturn<z.input<typeof CreateEnrollmentBody>, unknown, z.output<typeof CreateEnrollmentBody>>;
  students: StudentEntry[];
  isNew: boolean;
  onModeChange: (isNew: boolean) => void;
}

/** Who is enrolled (a new student by name, or one the organization already has) and the status the enrollment starts in. */
export function StudentFields({ form, students, isNew, onModeChange }: StudentFieldsProps) {
  const switchTo = (toNew: boolean) => {
    onModeChange(toNew);
    form.setValue('student', toNew ? { first_name: '', last_name: '' } : { id: '' });
  };
  const studentError = form.formState.errors.student?.message;
  return (
    <>
      <SelectField
        label="Student"
        name="student_kind"
        value={isNew ? 'new' : 'existing'}
        options={[
          { value: 'new', label: 'A new student' },
          { value: 'existing', label: 'A student of the organization' },
        ]}
        onChange={(value) => switchTo(value === 'new')}
      />
      {isNew ? (
        <div className="form-row">
          <FormText control={form.control} name="student.first_name" label="First name" required maxlength={LIMITS.nameMax} />
          <FormText control={form.control} name="student.last_name" label="Last name" required maxlength={LIMITS.nameMax} />
        </div>
      ) : (
        <SelectField
          label="Existing student (required)"
          name="student.id"
          value={(form.watch('student') as { id?: string }).id ?? ''}
          placeholder="Choose a student"
          options={students.map((s) => ({ value: s.id, label: `${s.first_name} ${s.last_name} (${s.code})` }))}
          onChange={(value) => form.setValue('student', { id: value }, { shouldValidate: true })}
          error={studentError}
        />
      )}
      {isNew && studentError && <p className="form-error">{studentError}</p>}
      <SelectField
        label="Starts as"
        name="org_status"
        value={form.watch('org_status') ?? 'active'}
        options={[
          { value: 'active', label: 'Active' },
          { value: 'pending', label: 'Pending' },
        ]}
        onChange={(value) => form.setValue('org_status', value as 'active' | 'pending')}
      />
    </>
  );
}
