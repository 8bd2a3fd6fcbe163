import type { z } from 'zod';
import { LIMITS } from '../../../../contract/limits';
import { GOAL_STATUSES } from '../../../../contract/mastery';
import type { UpdateAssignedGoalBody } from '../../../../contract/goals-library';
import type { StudentRecordGoal } from '../../../../contract/student-record';
import { FormActions } from '../../../shared/admin/form-actions';
import { GOAL_STATUS_WORDS, MEASUREMENT_WORDS } from '../../../shared/goals/goal-words';
import { FieldTable, useFieldValues, type FieldRow } from '../../../shared/ui/field-table';
import { fieldErrorsOf, FormError } from '../../../shared/ui/form-error';
import { showToast } from '../../../shared/ui/toast-store';
import { STUDENT_RECORD_ERROR_TEXT as TEXT } from '../error-text';
import { useUpdateGoalMutation } from '../mutations';
import { CriterionFields, criterionOf, criterionValues, type CriterionValues } from './criterion-fields';
import { TargetsEditor } from './targets-editor';

type GoalValues = {
  title: string;
  domain: string;
  status: string;
  measurement: string;
  planned_trials: string;
  prompt_hierarchy: string;
  targets_in_sequence: string;
};

const valuesOf = (g: StudentRecordGoal): GoalValues => ({
  title: g.title,
  domain: g.domain,
  status: g.status,
  measurement: g.measurement,
  planned_trials: String(g.planned_trials),
  prompt_hierarchy: g.prompt_hierarchy.join('\n'),
  targets_in_sequence: g.targets_in_sequence ? 'yes' : 'no',
});

const fields = (isLocked: boolean): Array<FieldRow<keyof GoalValues>> => [
  { key: 'title', label: 'Goal', required: true, maxlength: LIMITS.goalTitleMax },
  [
    { key: 'domain', label: 'Domain', maxlength: LIMITS.goalDomainMax, helper: 'Communication, Social play, Self-care…' },
    { key: 'status', label: 'Status', kind: 'select', options: GOAL_STATUSES.map((s) => ({ value: s, label: GOAL_STATUS_WORDS[s] })) },
  ],
  [
    ...(isLocked
      ? []
      : [
          {
            key: 'measurement' as const,
            label: 'Measured as',
            kind: 'select' as const,
            options: Object.entries(MEASUREMENT_WORDS).map(([value, label]) => ({ value, label })),
          },
        ]),
    { key: 'planned_trials', label: 'Planned trials a session', helper: `A whole number from 1 to ${LIMITS.plannedTrialsMax}` },
  ],
  {
    key: 'prompt_hierarchy',
    label: 'Prompt hierarchy, one level per line',
    kind: 'textarea',
    helper: 'In order, most to least intrusive: the collector offers them in this order.',
  },
  {
    key: 'targets_in_sequence',
    label: 'Targets are taught',
    kind: 'choice',
    isInline: true,
    options: [
      { value: 'no', label: 'All together' },
      { value: 'yes', label: 'One at a time, in order' },
    ],
  },
];

type Body = z.input<typeof UpdateAssignedGoalBody>;

/** Each field's value as the call takes it, from the form's strings. */
const SENT: { [K in keyof GoalValues]: (value: string) => unknown } = {
  title: (v) => v,
  domain: (v) => v,
  status: (v) => v,
  measurement: (v) => v,
  // Sent as typed: the contract's sentence says what is wrong with "ten" or 2.5.
  planned_trials: (v) => (v.trim() === '' ? Number.NaN : Number(v)),
  prompt_hierarchy: (v) =>
    v
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean),
  targets_in_sequence: (v) => v === 'yes',
};

/** The fields that changed, as the call names them (an unchanged form sends nothing). */
function changes(goal: StudentRecordGoal, v: GoalValues, c: CriterionValues): Body {
  const before = valuesOf(goal);
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(SENT) as Array<keyof GoalValues>) {
    const value = SENT[key](v[key]);
    if (JSON.stringify(value) !== JSON.stringify(SENT[key](before[key]))) {
      body[key] = value;
    }
  }
  const criterion = criterionOf(c);
  if (JSON.stringify(criterion) !== JSON.stringify(goal.mastery_criterion)) {
    body.mastery_criterion = criterion;
  }
  // The contract checks what was typed and names the field that is wrong.
  return body as Body;
}

interface GoalEditFormProps {
  orgId: string;
  goal: StudentRecordGoal;
  onDone: () => void;
}

/** A goal's edit: what it is, how it is taught and measured, its targets (saved as they change) and its mastery criterion. */
export function GoalEditForm({ orgId, goal, onDone }: GoalEditFormProps) {
  const update = useUpdateGoalMutation(orgId);
  const form = useFieldValues(() => valuesOf(goal));
  const criterion = useFieldValues(() => criterionValues(goal.mastery_criterion));
  const isLocked = goal.summary.sessions_with_data > 0;
  const body = changes(goal, form.values, criterion.values);
  const errors = fieldErrorsOf(update.error);
  const measurement = form.values.measurement as StudentRecordGoal['measurement'];
  return (
    <form
      className="form admin-form record-goal-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate({ goalId: goal.goal_id, body }, { onSuccess: () => (showToast('Goal saved.', 'success'), onDone()) });
      }}
    >
      <FieldTable<keyof GoalValues> fields={fields(isLocked)} values={form.values} onChange={form.set} errors={errors} />
      {isLocked && (
        <p className="record-locked">
          Measured as {MEASUREMENT_WORDS[goal.measurement].toLowerCase()}: locked, because this goal has recorded data. Add a new goal to
          measure it another way.
        </p>
      )}
      <TargetsEditor orgId={orgId} goal={goal} />
      <CriterionFields measurement={measurement} values={criterion.values} onChange={criterion.set} errors={errors} />
      <FormError error={update.error} fallback={TEXT.updateGoal} />
      <FormActions
        isPending={update.isPending}
        onCancel={onDone}
        label="Save goal"
        pendingLabel="Saving…"
        isDisabled={Object.keys(body).length === 0}
      />
    </form>
  );
}
