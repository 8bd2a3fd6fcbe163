import type { ReactNode } from 'react';
import { FieldTable, useFieldValues, type FieldRow } from './field-table';
import { fieldErrorsOf } from './form-error';
import { SubmitForm } from './submit-form';

/**
 * A saved record edited in place (a profile, an organization's settings): its fields from a
 * table, filled with what is saved, and one call that saves them all.
 */
export function RecordForm<V extends Record<keyof V, string>>({
  fields,
  initial,
  save,
  submitLabel,
  alert,
  children,
}: {
  fields: Array<FieldRow<keyof V & string>>;
  initial: V | (() => V);
  save: { mutate: (values: V) => void; isPending: boolean; error: unknown };
  submitLabel: string;
  /** The error summary for the save call. */
  alert: ReactNode;
  /** Shown after the fields: what the record holds but this form does not change. */
  children?: ReactNode;
}) {
  const { values, set } = useFieldValues(initial);
  return (
    <SubmitForm
      className="form panel"
      onSubmit={() => save.mutate(values)}
      isPending={save.isPending}
      submitLabel={submitLabel}
      pendingLabel="Saving…"
      alert={alert}
    >
      <FieldTable<keyof V & string> fields={fields} values={values} onChange={set} errors={fieldErrorsOf(save.error)} />
      {children}
    </SubmitForm>
  );
}
