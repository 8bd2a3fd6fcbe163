import { MASTERY_MEASURES, MasteryCriterion } from '../../../../contract/mastery';
import { describeCriterion } from '../../../../contract/mastery-measures';
import type { AssignedGoal } from '../../../../contract/goals-library';
import type { FieldErrors } from '../../../shared/api/api-error';
import { CRITERION_MEASURES } from '../../../shared/goals/goal-words';
import { FieldTable, type FieldRow } from '../../../shared/ui/field-table';

/** A criterion as the form holds it: strings as the inputs hold them; measure '' is "no criterion". */
export type CriterionValues = { measure: string; comparison: string; threshold: string; sessions: string; min_therapists: string };

export const criterionValues = (c: AssignedGoal['mastery_criterion']): CriterionValues =>
  c
    ? {
        measure: c.measure,
        comparison: c.comparison,
        threshold: String(c.threshold),
        sessions: String(c.sessions),
        min_therapists: String(c.min_therapists),
      }
    : { measure: '', comparison: 'at_least', threshold: '80', sessions: '3', min_therapists: '1' };

/** The criterion the values say (null: none), or the values as typed for the contract to name what is wrong. */
export function criterionOf(v: CriterionValues): MasteryCriterion | null | Record<string, unknown> {
  if (v.measure === '') {
    return null;
  }
  const number = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));
  const typed = { ...v, threshold: number(v.threshold), sessions: number(v.sessions), min_therapists: number(v.min_therapists) };
  const parsed = MasteryCriterion.safeParse(typed);
  return parsed.success ? parsed.data : typed;
}

interface CriterionFieldsProps {
  measurement: AssignedGoal['measurement'];
  values: CriterionValues;
  onChange: (key: keyof CriterionValues) => (value: string) => void;
  errors: FieldErrors;
}

/** When the goal counts as mastered: the measure (those that fit its measurement), at least or at most, threshold, sessions, therapists. */
export function CriterionFields({ measurement, values, onChange, errors }: CriterionFieldsProps) {
  const measures = MASTERY_MEASURES.filter((m) => CRITERION_MEASURES[m].measurement === measurement);
  const fields: Array<FieldRow<keyof CriterionValues>> = [
    {
      key: 'measure',
      label: 'Mastery criterion',
      kind: 'select',
      options: [{ value: '', label: 'None' }, ...measures.map((m) => ({ value: m, label: CRITERION_MEASURES[m].label }))],
    },
    ...(values.measure === ''
      ? []
      : [
          [
            {
              key: 'comparison' as const,
              label: 'Comparison',
              kind: 'select' as const,
              options: [
                { value: 'at_least', label: 'At least' },
                { value: 'at_most', label: 'At most' },
              ],
            },
            { key: 'threshold' as const, label: 'Threshold' },
          ],
          [
            { key: 'sessions' as const, label: 'Consecutive sessions', helper: 'From 1 to 20' },
            { key: 'min_therapists' as const, label: 'With at least … therapists', helper: 'From 1 to 5' },
          ],
        ]),
  ];
  const criterion = criterionOf(values);
  const sentence =
    criterion && 'measure' in criterion && MasteryCriterion.safeParse(criterion).success
      ? describeCriterion(criterion as MasteryCriterion)
      : null;
  return (
    <fieldset className="record-fieldset">
      <legend>Mastery</legend>
      <FieldTable<keyof CriterionValues> fields={fields} values={values} onChange={onChange} errors={errors} prefix="mastery_criterion." />
      {sentence && (
        <p className="record-criterion" aria-live="polite">
          {sentence}
        </p>
      )}
    </fieldset>
  );
}
