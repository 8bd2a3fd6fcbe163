import { useId } from 'react';
import { IonButton } from '@ionic/react';
import { Controller } from 'react-hook-form';
import type { PermissionKey } from '../../../../contract/http';
import { CreateRoleBody, type Role } from '../../../../contract/roles';
import { LIMITS } from '../../../../contract/limits';
import { FormText } from '../../../shared/admin/form-fields';
import { useAdminForm } from '../../../shared/admin/use-admin-form';
import { FormError } from '../../../shared/ui/form-error';
import { CAPABILITIES, impliedView, keyLabel, withImplied } from '../keys';
import { useCreateRoleMutation, useUpdateRoleMutation } from '../mutations';
import { ROLES_ERROR_TEXT } from '../error-text';

interface PermissionPickerProps {
  value: PermissionKey[];
  onChange: (keys: PermissionKey[]) => void;
  error?: string | undefined;
}

/**
 * The keys as checkboxes grouped by capability. A manage key brings its view key (as the server
 * does): ticking manage ticks view, and view cannot be unticked while manage is held.
 */
function PermissionPicker({ value, onChange, error }: PermissionPickerProps) {
  const id = useId();
  const held = new Set(value);
  const toggle = (key: PermissionKey, on: boolean) => onChange(on ? withImplied([...value, key]) : value.filter((k) => k !== key));
  return (
    <fieldset className="roles-picker" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="roles-picker__legend">What members with this role may do</legend>
      <div className="roles-picker__groups">
        {CAPABILITIES.map((capability) => (
          <fieldset key={capability.name} className="roles-picker__group">
            <legend>{capability.title}</legend>
            {capability.keys.map((key) => {
              const lockedBy = capability.keys.find((k) => held.has(k) && impliedView(k) === key);
              return (
                <label key={key} className="roles-picker__key">
                  <input
                    type="checkbox"
                    name="permission_keys"
                    value={key}
                    checked={held.has(key)}
                    disabled={Boolean(lockedBy)}
                    onChange={(event) => toggle(key, event.target.checked)}
                  />
                  <span>
                    {keyLabel(key)}
                    {lockedBy && <span className="roles-picker__implied"> (comes with {keyLabel(lockedBy).toLowerCase()})</span>}
                  </span>
                </label>
              );
            })}
          </fieldset>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="select-field__error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

interface RoleFormProps {
  orgId: string;
  /** The role to edit; none: a new one. */
  role: Role | null;
  onDone: () => void;
}

/**
 * Create or edit a role, checked by the contract's CreateRoleBody before it is sent; the server's
 * field errors (a taken name, keys the editor does not hold) land on the same fields.
 */
export function RoleForm({ orgId, role, onDone }: RoleFormProps) {
  const create = useCreateRoleMutation(orgId);
  const update = useUpdateRoleMutation(orgId);
  const mutation = role ? update : create;
  const { form, submit } = useAdminForm(
    CreateRoleBody,
    { name: role?.name ?? '', permission_keys: role?.permission_keys ?? [] },
    (body) => (role ? update.mutateAsync({ id: role.id, body }) : create.mutateAsync(body)),
    onDone,
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="form admin-form">
      <FormText control={form.control} name="name" label="Name" required maxlength={LIMITS.nameMax} autofocus />
      {role?.default_for && (
        <p className="muted">
          A built-in role: every new {role.default_for === 'therapist' ? 'therapist' : 'staff member'} receives it. Its name and permissions
          can change; it cannot be deleted.
        </p>
      )}
      <Controller
        control={form.control}
        name="permission_keys"
        render={({ field, fieldState }) => (
          <PermissionPicker value={field.value as PermissionKey[]} onChange={field.onChange} error={fieldState.error?.message} />
        )}
      />
      <FormError error={mutation.error} fallback={role ? ROLES_ERROR_TEXT.updateRole : ROLES_ERROR_TEXT.createRole} />
      <div className="admin-dialog__actions">
        <IonButton fill="outline" color="medium" onClick={onDone} disabled={mutation.isPending}>
          Cancel
        </IonButton>
        <IonButton type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving…' : role ? 'Save changes' : 'Create role'}
        </IonButton>
      </div>
    </form>
  );
}
