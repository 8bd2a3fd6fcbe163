import type { AssignedGoal } from '../../../../contract/goals-library';
import { LIMITS } from '../../../../contract/limits';
import type { FieldErrors } from '../../../shared/api/api-error';
import { FieldTable, useFieldValues, type FieldRow } from '../../../shared/ui/field-table';
import { fieldErrorsOf, FormError } from '../../../shared/ui/form-error';
import { DEPARTMENTS_ERROR_TEXT } from '../error-text';
import { MEASUREMENT_WORDS } from '../goal-words';
import { useCreateGoalMutation } from '../mutations';
import { FormActions } from '../../../shared/admin/form-actions';

type GoalValues = { title: string; measurement: string; planned_trials: string; sub_goals: string };

const FIELDS: Array<FieldRow<keyof GoalValues>> = [
  { key: 'title', label: 'Goal', required: true, maxlength: LIMITS.goalTitleMax, autofocus: true },
  [
    {
      key: 'measurement',
      label: 'Measured as',
      kind: 'select',
      options: Object.entries(MEASUREMENT_WORDS).map(([value, label]) => ({ value, label })),
    },
    { key: 'planned_trials', label: 'Planned trials a session', helper: `A whole number from 1 to ${LIMITS.plannedTrialsMax}` },
  ],
  {
    key: 'sub_goals',
    label: 'Targets, one per line',
    kind: 'textarea',
    helper: 'What the therapist scores separately, such as “red” and “blue”. Leave empty to score the goal itself.',
  },
];

const INITIAL: GoalValues = { title: '', measurement: 'discrete', planned_trials: '10', sub_goals: '' };

/** One target's error ("sub_goals.1") shown on the one field that holds them all. */
function formErrors(error: unknown): FieldErrors {
  const errors = fieldErrorsOf(error);
  const targets = Object.entries(errors).find(([path]) => path === 'sub_goals' || path.startsWith('sub_goals.'));
  return targets ? { ...errors, sub_goals: targets[1] } : errors;
}

interface GoalFormProps {
  orgCode: string;
  orgId: string;
  studentId: string;
  departmentId: string;
  onDone: () => void;
}

/** A new goal for the student in this department: its title, how it is measured, its planned trials and its targets. */
export function GoalForm({ orgCode, orgId, studentId, departmentId, onDone }: GoalFormProps) {
  const create = useCreateGoalMutation(orgCode, orgId);
  const { values, set } = useFieldValues(INITIAL);

  function submit() {
    const trials = values.planned_trials.trim();
    create.mutate(
      {
        student_id: studentId,
        department_id: departmentId,
        title: values.title,
        // One of the select's options, which are the contract's values.
        measurement: values.measurement as AssignedGoal['measurement'],
        // Sent as typed: the contract's sentence says what is wrong with "ten" or 2.5.
        ...(trials === '' ? {} : { planned_trials: Number(trials) }),
        sub_goals: values.sub_goals
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
      },
      { onSuccess: onDone },
    );
  }

  return (
    <form
      className="form admin-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <FieldTable<keyof GoalValues> fields={FIELDS} values={values} onChange={set} errors={formErrors(create.error)} />
      <FormError error={create.error} fallback={DEPARTMENTS_ERROR_TEXT.createGoal} />
      <FormActions isPending={create.isPending} onCancel={onDone} label="Add goal" pendingLabel="Adding…" />
    </form>
  );
}
