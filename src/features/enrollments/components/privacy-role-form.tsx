import { Controller } from 'react-hook-form';
import { CreatePrivacyRoleTemplateBody, type PrivacyRoleTemplate } from '../../../../contract/enrollment-templates';
import { AdminForm, NameFields } from '../../../shared/admin/admin-form';
import { useEditForm } from '../../../shared/admin/use-admin-form';
import { useSaveRowMutations } from '../../../shared/admin/row-mutations';
import { PRIVACY_ROLE_ROWS } from '../mutations';
import { ENROLLMENTS_ERROR_TEXT } from '../error-text';
import { PrivacyMatrix } from './privacy-matrix';

interface PrivacyRoleFormProps {
  orgCode: string;
  /** The organization's roles, as the list answered them. */
  roles: { id: string; name: string }[];
  template: PrivacyRoleTemplate | null;
  onDone: () => void;
}

/** Create or edit a privacy-role template: its name and the roles × parts matrix. */
export function PrivacyRoleForm({ orgCode, roles, template, onDone }: PrivacyRoleFormProps) {
  const { form, submit, mutation } = useEditForm(
    CreatePrivacyRoleTemplateBody,
    template,
    { name: template?.name ?? '', rules: template?.rules.map(({ role_id, parts }) => ({ role_id, parts })) ?? [] },
    useSaveRowMutations(PRIVACY_ROLE_ROWS, orgCode),
    onDone,
  );
  return (
    <AdminForm
      submit={submit}
      mutation={mutation}
      isNew={!template}
      noun="privacy-role template"
      errorText={{ create: ENROLLMENTS_ERROR_TEXT.createPrivacyRole, update: ENROLLMENTS_ERROR_TEXT.updatePrivacyRole }}
      onDone={onDone}
    >
      <NameFields control={form.control} />
      <Controller
        control={form.control}
        name="rules"
        render={({ field, fieldState }) => (
          <PrivacyMatrix roles={roles} value={field.value ?? []} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />
    </AdminForm>
  );
}
