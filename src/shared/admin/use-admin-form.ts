import type { BaseSyntheticEvent } from 'react';
import { useForm, type DefaultValues, type FieldPath, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { plainIssue } from './plain-errors';
import { applyServerErrors } from './server-errors';

/**
 * An admin form: react-hook-form checked by the contract's own body schema (zodResolver), and on
 * submit the call; the server's field errors land on the fields (in sentences, see plain-errors.ts), and `onDone` closes the form
 * after a success. The mutation's error (for the summary) stays with the caller's mutation.
 */
export function useAdminForm<S extends z.ZodObject, V extends FieldValues = z.input<S> & FieldValues>(
  schema: S,
  defaultValues: DefaultValues<V>,
  save: (values: z.output<S>) => Promise<unknown>,
  onDone: () => void,
) {
  const form = useForm<V, unknown, z.output<S>>({
    // The contract's own messages first; any check it left without words gets the kit's plain sentence.
    resolver: zodResolver(schema as never, { error: plainIssue }) as never,
    defaultValues,
  });
  const fields = Object.keys(schema.shape) as Array<FieldPath<V>>;
  const submit = form.handleSubmit(async (values) => {
    try {
      await save(values);
      onDone();
    } catch (error) {
      applyServerErrors(error, fields, form.setError);
    }
  });
  return { form, submit };
}

type SaveCall<V> = { mutateAsync: (variables: V) => Promise<unknown>; error: unknown; isPending: boolean };

/**
 * The create-or-edit form of one row: a new one (row null) goes through the create call, an existing
 * one through the update call by its id; `mutation` is the one in use, for the form's summary and buttons.
 * An edit whose fields are as they were has nothing to save: `mutation.unchanged` keeps its Save button
 * off, and a submit all the same (Enter in a field) closes the form without a call, which would change
 * nothing (an update naming nothing to change is refused by the server).
 */
export function useEditForm<S extends z.ZodObject, V extends FieldValues = z.input<S> & FieldValues>(
  schema: S,
  row: { id: string } | null,
  defaultValues: DefaultValues<V>,
  calls: { create: SaveCall<z.output<S>>; update: SaveCall<{ id: string; body: z.output<S> }> },
  onDone: () => void,
) {
  const { create, update } = calls;
  const save = (body: z.output<S>) => (row ? update.mutateAsync({ id: row.id, body }) : create.mutateAsync(body));
  const { form, submit } = useAdminForm<S, V>(schema, defaultValues, save, onDone);
  // Read while rendering, so react-hook-form re-renders the form when it turns.
  const unchanged = row !== null && !form.formState.isDirty;
  const mutation = row ? update : create;
  return {
    form,
    submit: unchanged
      ? async (event?: BaseSyntheticEvent) => {
          event?.preventDefault();
          onDone();
        }
      : submit,
    mutation: { error: mutation.error, isPending: mutation.isPending, unchanged },
  };
}

/**
 * The create-or-edit form of a row of an admin list (useEditForm over useSaveRowMutations' calls) and
 * the props of its frame (AdminForm): the save in flight, whether the row is new, and the two calls'
 * fallback sentences, which the list's table of calls already holds.
 */
export function useRowForm<S extends z.ZodObject, V extends FieldValues = z.input<S> & FieldValues>(
  schema: S,
  row: { id: string } | null,
  defaultValues: DefaultValues<V>,
  calls: {
    create: SaveCall<z.output<S>>;
    update: SaveCall<{ id: string; body: z.output<S> }>;
    errorText: { create: string; update: string };
  },
  onDone: () => void,
) {
  const { form, submit, mutation } = useEditForm<S, V>(schema, row, defaultValues, calls, onDone);
  return { form, frame: { submit, mutation, isNew: row === null, errorText: calls.errorText, onDone } };
}
