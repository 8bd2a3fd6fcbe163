import { CreateDepartmentBody, type Department } from '../../../../contract/departments';
import { FormCheckbox } from '../../../shared/admin/form-fields';
import { AdminForm, NameFields } from '../../../shared/admin/admin-form';
import { useRowForm } from '../../../shared/admin/use-admin-form';
import { useSaveRowMutations } from '../../../shared/admin/row-mutations';
import { DEPARTMENT_ROWS } from '../mutations';

interface DepartmentFormProps {
  orgCode: string;
  /** The department to edit; none: a new one. */
  department: Department | null;
  onDone: () => void;
}

/**
 * Create or edit a department (name, enabled), checked by the contract's own body schema; the
 * server's field errors (a name taken, in any case) land on the field.
 */
export function DepartmentForm({ orgCode, department, onDone }: DepartmentFormProps) {
  const { form, frame } = useRowForm(
    CreateDepartmentBody,
    department,
    { name: department?.name ?? '', is_active: department?.is_active ?? true },
    useSaveRowMutations(DEPARTMENT_ROWS, orgCode),
    onDone,
  );

  return (
    <AdminForm {...frame} noun="department">
      <NameFields control={form.control} />
      <FormCheckbox
        control={form.control}
        name="is_active"
        label="Enabled"
        hint="A disabled department keeps its team and students but takes no new sessions."
      />
    </AdminForm>
  );
}
