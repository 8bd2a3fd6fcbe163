import { IonButton } from '@ionic/react';
import { CreateDepartmentBody, type Department } from '../../../../contract/departments';
import { LIMITS } from '../../../../contract/limits';
import { FormCheckbox, FormText } from '../../../shared/admin/form-fields';
import { useAdminForm } from '../../../shared/admin/use-admin-form';
import { FormError } from '../../../shared/ui/form-error';
import { useCreateDepartmentMutation, useUpdateDepartmentMutation } from '../mutations';
import { DEPARTMENTS_ERROR_TEXT } from '../error-text';

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
  const create = useCreateDepartmentMutation(orgCode);
  const update = useUpdateDepartmentMutation(orgCode);
  const mutation = department ? update : create;
  const { form, submit } = useAdminForm(
    CreateDepartmentBody,
    { name: department?.name ?? '', is_enabled: department?.is_enabled ?? true },
    (body) => (department ? update.mutateAsync({ id: department.id, body }) : create.mutateAsync(body)),
    onDone,
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="form admin-form">
      <FormText control={form.control} name="name" label="Name" required maxlength={LIMITS.nameMax} autofocus />
      <FormCheckbox
        control={form.control}
        name="is_enabled"
        label="Enabled"
        hint="A disabled department keeps its team and students but takes no new sessions."
      />
      <FormError
        error={mutation.error}
        fallback={department ? DEPARTMENTS_ERROR_TEXT.updateDepartment : DEPARTMENTS_ERROR_TEXT.createDepartment}
      />
      <div className="admin-dialog__actions">
        <IonButton fill="outline" color="medium" onClick={onDone} disabled={mutation.isPending}>
          Cancel
        </IonButton>
        <IonButton type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving…' : department ? 'Save changes' : 'Create department'}
        </IonButton>
      </div>
    </form>
  );
}
