import { Controller } from 'react-hook-form';
import { CreatePrivacyRoleTemplateBody, type PrivacyRoleTemplate } from '../../../../contract/enrollment-templates';
import { AdminForm, NameFields } from '../../../shared/admin/admin-form';
import { useRowForm } from '../../../shared/admin/use-admin-form';
import { useSaveRowMutations } from '../../../shared/admin/row-mutations';
import { PRIVACY_ROLE_ROWS } from '../mutations';
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
  const { form, frame } = useRowForm(
    CreatePrivacyRoleTemplateBody,
    template,
    { name: template?.name ?? '', rules: template?.rules.map(({ role_id, parts }) => ({ role_id, parts })) ?? [] },
    useSaveRowMutations(PRIVACY_ROLE_ROWS, orgCode),
    onDone,
  );
  return (
    <AdminForm {...frame} noun="privacy-role template">
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
