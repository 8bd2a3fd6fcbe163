import { useId } from 'react';
import { Controller } from 'react-hook-form';
import type { PermissionKey } from '../../../../contract/http';
import { CreateRoleBody, type Role } from '../../../../contract/roles';
import { AdminForm, NameFields } from '../../../shared/admin/admin-form';
import { useEditForm } from '../../../shared/admin/use-admin-form';
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
  const { form, submit, mutation } = useEditForm(
    CreateRoleBody,
    role,
    { name: role?.name ?? '', permission_keys: role?.permission_keys ?? [] },
    { create: useCreateRoleMutation(orgId), update: useUpdateRoleMutation(orgId) },
    onDone,
  );
  return (
    <AdminForm
      submit={submit}
      mutation={mutation}
      isNew={!role}
      noun="role"
      errorText={{ create: ROLES_ERROR_TEXT.createRole, update: ROLES_ERROR_TEXT.updateRole }}
      onDone={onDone}
    >
      <NameFields control={form.control} />
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
    </AdminForm>
  );
}
