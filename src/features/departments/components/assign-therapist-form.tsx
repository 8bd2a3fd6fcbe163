import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DepartmentStudent } from '../../../../contract/departments';
import { DEPARTMENTS_ERROR_TEXT } from '../error-text';
import { FormError } from '../../../shared/ui/form-error';
import { SelectField } from '../../../shared/ui/select-field';
import { showToast } from '../../../shared/ui/toast-store';
import { fullName } from '../format';
import { useAssignTherapistMutation } from '../mutations';
import { departmentQueries } from '../queries';
import { FormActions } from '../../../shared/admin/form-actions';

/** The most therapists a team lists for assignment in one answer (the API's largest page). */
const TEAM_PAGE = 100;

interface AssignTherapistFormProps {
  orgCode: string;
  departmentId: string;
  student: DepartmentStudent;
  onDone: () => void;
}

/** Choose one of the team's therapists not yet assigned to the student. */
export function AssignTherapistForm({ orgCode, departmentId, student, onDone }: AssignTherapistFormProps) {
  const team = useQuery(departmentQueries.members(orgCode, departmentId, { page: 1, pageSize: TEAM_PAGE, search: '' }));
  const assign = useAssignTherapistMutation(orgCode);
  const assigned = new Set(student.assigned_therapists.map((t) => t.membership_id));
  const candidates = (team.data?.results ?? []).filter((m) => m.role === 'therapist' && !assigned.has(m.membership_id));
  const [membershipId, setMembershipId] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const therapist = candidates.find((c) => c.membership_id === membershipId);
    if (!therapist) {
      setError('Choose a therapist.');
      return;
    }
    assign.mutate(
      { departmentStudentId: student.id, membershipId },
      {
        onSuccess: () => {
          showToast(`Assigned ${fullName(student)} to ${fullName(therapist)}.`, 'success');
          onDone();
        },
      },
    );
  }

  if (team.isPending) {
    return <p role="status">Loading the team…</p>;
  }
  return (
    <form onSubmit={submit} noValidate className="form admin-form">
      {candidates.length === 0 ? (
        <p>
          {team.isError
            ? DEPARTMENTS_ERROR_TEXT.fetchDepartmentMembers
            : 'Every therapist on the team is assigned already, or the team has none: add a therapist to the team first.'}
        </p>
      ) : (
        <SelectField
          label="Therapist"
          name="membership_id"
          value={membershipId}
          placeholder="Choose a therapist of the team"
          options={candidates.map((c) => ({ value: c.membership_id, label: fullName(c) }))}
          onChange={(value) => {
            setMembershipId(value);
            setError(undefined);
          }}
          error={error}
        />
      )}
      <FormError error={assign.error} fallback={DEPARTMENTS_ERROR_TEXT.assignTherapist} />
      <FormActions
        isPending={assign.isPending}
        onCancel={onDone}
        label="Assign"
        pendingLabel="Assigning…"
        hasSubmit={candidates.length > 0}
      />
    </form>
  );
}
