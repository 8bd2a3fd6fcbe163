import { FieldTable, useFieldValues } from '../../../shared/ui/field-table';
import { Dialog } from '../../../shared/ui/dialog';
import { FormError, fieldErrorsOf } from '../../../shared/ui/form-error';
import { useSaveItemMutation } from '../mutations';
import { PROFILE_ERROR_TEXT } from '../error-text';
import type { SectionSetup } from './profile-sections';
import { FormActions } from '../../../shared/admin/form-actions';

/**
 * Adding or changing one item of a list, in a dialog: the section's fields, filled with the item's
 * values (or blank), saved with one call; the dialog closes once the call succeeded.
 */
export function ItemFormDialog<Item extends { id: string }, K extends string>({
  setup,
  item,
  onClose,
}: {
  setup: SectionSetup<Item, K>;
  /** The item being changed, or null to add one. */
  item: Item | null;
  onClose: () => void;
}) {
  const save = useSaveItemMutation(setup.kind);
  const { values, set } = useFieldValues<Record<K, string>>(() => (item ? setup.valuesOf(item) : setup.blank));
  const submit = () => save.mutate({ id: item?.id ?? null, body: setup.bodyOf(values) }, { onSuccess: onClose });
  return (
    <Dialog open title={item ? setup.editTitle : setup.addTitle} onClose={onClose} wide>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FieldTable<K> fields={setup.fields} values={values} onChange={set} errors={fieldErrorsOf(save.error)} />
        <FormError error={save.error} fallback={PROFILE_ERROR_TEXT.saveItem} />
        <FormActions isPending={save.isPending} onCancel={onClose} label="Save" pendingLabel="Saving…" className="profile-actions" />
      </form>
    </Dialog>
  );
}
