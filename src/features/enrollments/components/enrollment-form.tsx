import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { CreateEnrollmentBody } from '../../../../contract/enrollments';
import { LIMITS } from '../../../../contract/limits';
import { AdminForm } from '../../../shared/admin/admin-form';
import { FormText } from '../../../shared/admin/form-fields';
import { useRowForm } from '../../../shared/admin/use-admin-form';
import { QueryWaiting } from '../../../shared/ui/page-states';
import { useSaveRowMutations } from '../../../shared/admin/row-mutations';
import { ENROLLMENT_ROWS } from '../mutations';
import { enrollmentQueries, type EnrollmentRow } from '../queries';
import { ENROLLMENTS_ERROR_TEXT } from '../error-text';
import { ContractPreview, PlacementFields } from './enrollment-fields';
import { StudentFields } from './student-fields';

interface EnrollmentFormProps {
  orgCode: string;
  orgName: string;
  /** The enrollment to edit; none: a new one. */
  enrollment: EnrollmentRow | null;
  onDone: () => void;
}

/** Enroll a student, or change an enrollment: checked by the contract's own body before it is sent. */
export function EnrollmentForm({ orgCode, orgName, enrollment, onDone }: EnrollmentFormProps) {
  const choices = useQuery(enrollmentQueries.formChoices(orgCode));
  const { form, frame } = useRowForm<typeof CreateEnrollmentBody>(
    CreateEnrollmentBody,
    enrollment,
    {
      student: enrollment ? { id: enrollment.student.id } : { first_name: '', last_name: '' },
      org_status: 'active',
      privacy_and_role_template: enrollment?.privacy_and_role_template?.id ?? null,
      notes: enrollment?.notes ?? '',
      departments: enrollment?.departments.map((d) => d.id) ?? [],
      programs: enrollment?.programs.map((p) => p.id) ?? [],
      contract_template: null,
      contract_start_date: enrollment?.contract_start_date ?? null,
      contract_responsible_person: enrollment?.contract_responsible_person ?? '',
    },
    useSaveRowMutations(ENROLLMENT_ROWS, orgCode),
    onDone,
  );
  const student = useWatch({ control: form.control, name: 'student' });
  const [isNewStudent, setIsNewStudent] = useState(!enrollment);
  const studentName = enrollment?.name ?? nameOf(student, choices.data?.students ?? []);

  if (!choices.isSuccess) {
    return <QueryWaiting query={choices} label="Loading the form…" errorText={ENROLLMENTS_ERROR_TEXT.fetchChoices} />;
  }
  return (
    <AdminForm {...frame} noun="enrollment">
      {enrollment ? (
        <p>
          Student: <strong>{enrollment.name}</strong> ({enrollment.student.code})
        </p>
      ) : (
        <StudentFields form={form} students={choices.data.students} isNew={isNewStudent} onModeChange={setIsNewStudent} />
      )}
      <PlacementFields control={form.control} choices={choices.data} />
      <div className="form-row">
        <FormText control={form.control} name="contract_start_date" label="Contract start date" kind="date" />
        <FormText control={form.control} name="contract_responsible_person" label="Responsible person" maxlength={LIMITS.nameMax} />
      </div>
      <FormText control={form.control} name="notes" label="Notes" multiline maxlength={LIMITS.noteMax} />
      <ContractPreview
        control={form.control}
        templates={choices.data.contracts}
        programs={choices.data.programs}
        services={choices.data.services}
        studentName={studentName}
        organizationName={orgName}
        issued={enrollment?.contract_html ?? ''}
      />
    </AdminForm>
  );
}

function nameOf(student: unknown, students: { id: string; first_name: string; last_name: string }[]): string {
  const value = (student ?? {}) as { id?: string; first_name?: string; last_name?: string };
  const known = value.id ? students.find((s) => s.id === value.id) : undefined;
  return known ? `${known.first_name} ${known.last_name}` : `${value.first_name ?? ''} ${value.last_name ?? ''}`.trim();
}
