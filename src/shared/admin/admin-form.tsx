import type { BaseSyntheticEvent, ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { LIMITS } from '../../../contract/limits';
import { FormError } from '../ui/form-error';
import { FormText } from './form-fields';
import { FormActions } from './form-actions';

interface AdminFormProps {
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  /**
   * The save call in flight: its error for the summary, and whether the buttons wait; `unchanged`, an
   * edit with nothing changed yet, whose Save stays off.
   */
  mutation: { error: unknown; isPending: boolean; unchanged?: boolean };
  /** The thing edited, or null for a new one: "Save changes" or "Create <noun>". */
  isNew: boolean;
  noun: string;
  /** The fallback sentences of a failed create and a failed save. */
  errorText: { create: string; update: string };
  onDone: () => void;
  children: ReactNode;
}

/** The frame of every create/edit form of an admin screen: its fields, the error summary, Cancel and the save button. */
export function AdminForm({ submit, mutation, isNew, noun, errorText, onDone, children }: AdminFormProps) {
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="form admin-form">
      {children}
      <FormError error={mutation.error} fallback={isNew ? errorText.create : errorText.update} />
      <FormActions
        isPending={mutation.isPending}
        isDisabled={mutation.unchanged}
        onCancel={onDone}
        label={isNew ? `Create ${noun}` : 'Save changes'}
        pendingLabel="Saving…"
      />
    </form>
  );
}

/**
 * The name every admin thing has (required, the shared length limit, focused first) and, where the
 * thing has one, its description (`description`: its length limit).
 */
export function NameFields<V extends FieldValues>({ control, description }: { control: Control<V>; description?: number }) {
  return (
    <>
      <FormText control={control} name={'name' as FieldPath<V>} label="Name" required maxlength={LIMITS.nameMax} autofocus />
      {description !== undefined && (
        <FormText control={control} name={'description' as FieldPath<V>} label="Description" maxlength={description} multiline />
      )}
    </>
  );
}
