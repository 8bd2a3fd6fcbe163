import { IonButton } from '@ionic/react';
import { createProgram, type Program } from '../../../../contract/programs';
import { LIMITS } from '../../../../contract/limits';
import { FormText } from '../../../shared/admin/form-fields';
import { useAdminForm } from '../../../shared/admin/use-admin-form';
import { FormError } from '../../../shared/ui/form-error';
import { useCreateProgramMutation, useUpdateProgramMutation } from '../mutations';
import { PROGRAMS_ERROR_TEXT } from '../error-text';

interface ProgramFormProps {
  orgCode: string;
  /** The program to edit; none: a new one. */
  program: Pick<Program, 'id' | 'name' | 'description'> | null;
  onDone: () => void;
}

/** Create or edit a program (name and description), checked by the contract's body schema. */
export function ProgramForm({ orgCode, program, onDone }: ProgramFormProps) {
  const create = useCreateProgramMutation(orgCode);
  const update = useUpdateProgramMutation(orgCode);
  const mutation = program ? update : create;
  const { form, submit } = useAdminForm(
    createProgram.body,
    { name: program?.name ?? '', description: program?.description ?? '' },
    (body) => (program ? update.mutateAsync({ id: program.id, body }) : create.mutateAsync(body)),
    onDone,
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="form admin-form">
      <FormText control={form.control} name="name" label="Name" required maxlength={LIMITS.nameMax} autofocus />
      <FormText control={form.control} name="description" label="Description" maxlength={LIMITS.noteMax} multiline />
      <FormError error={mutation.error} fallback={program ? PROGRAMS_ERROR_TEXT.updateProgram : PROGRAMS_ERROR_TEXT.createProgram} />
      <div className="admin-dialog__actions">
        <IonButton fill="outline" color="medium" onClick={onDone} disabled={mutation.isPending}>
          Cancel
        </IonButton>
        <IonButton type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving…' : program ? 'Save changes' : 'Create program'}
        </IonButton>
      </div>
    </form>
  );
}
