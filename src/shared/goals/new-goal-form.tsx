import type { z } from 'zod';
import type { AssignedGoal, CreateAssignedGoalBody } from '../../../contract/goals-library';
import { LIMITS } from '../../../contract/limits';
import type { FieldErrors } from '../api/api-error';
import { FieldTable, useFieldValues, type FieldRow } from '../ui/field-table';
import { fieldErrorsOf, FormError } from '../ui/form-error';
import { FormActions } from '../admin/form-actions';
import { MEASUREMENT_WORDS } from './goal-words';

type GoalValues = { title: string; department_id: string; domain: string; measurement: string; planned_trials: string; sub_goals: string };

const fields = (departments: Department[]): Array<FieldRow<keyof GoalValues>> => [
  { key: 'title', label: 'Goal', required: true, maxlength: LIMITS.goalTitleMax, autofocus: true },
  ...(departments.length > 1
    ? [
        {
          key: 'department_id' as const,
          label: 'Department',
          kind: 'select' as const,
          options: departments.map((d) => ({ value: d.id, label: d.name })),
        },
      ]
    : []),
  { key: 'domain', label: 'Domain', maxlength: LIMITS.goalDomainMax, helper: 'The area of the plan, such as Communication or Self-care' },
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

/** One target's error ("sub_goals.1") shown on the one field that holds them all. */
function formErrors(error: unknown): FieldErrors {
  const errors = fieldErrorsOf(error);
  const targets = Object.entries(errors).find(([path]) => path === 'sub_goals' || path.startsWith('sub_goals.'));
  return targets ? { ...errors, sub_goals: targets[1] } : errors;
}

interface Department {
  id: string;
  name: string;
}

export type NewGoalBody = z.input<typeof CreateAssignedGoalBody>;

interface NewGoalFormProps {
  studentId: string;
  /** The student's departments the goal may go in (a goal belongs to one); the first is chosen. */
  departments: Department[];
  /** The feature's create call, which refreshes what its screen shows. */
  create: { mutate: (body: NewGoalBody, options: { onSuccess: () => void }) => void; isPending: boolean; error: unknown };
  errorText: string;
  onDone: () => void;
}

/** A new goal for the student: its title, department, domain, how it is measured, its planned trials and its targets. */
export function NewGoalForm({ studentId, departments, create, errorText, onDone }: NewGoalFormProps) {
  const { values, set } = useFieldValues<GoalValues>({
    title: '',
    department_id: departments[0]?.id ?? '',
    domain: '',
    measurement: 'discrete',
    planned_trials: '10',
    sub_goals: '',
  });

  function submit() {
    const trials = values.planned_trials.trim();
    create.mutate(
      {
        student_id: studentId,
        department_id: values.department_id,
        title: values.title,
        domain: values.domain,
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
      <FieldTable<keyof GoalValues> fields={fields(departments)} values={values} onChange={set} errors={formErrors(create.error)} />
      <FormError error={create.error} fallback={errorText} />
      <FormActions isPending={create.isPending} onCancel={onDone} label="Add goal" pendingLabel="Adding…" />
    </form>
  );
}
