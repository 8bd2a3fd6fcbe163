import { createProgram, type Program } from '../../../../contract/programs';
import { LIMITS } from '../../../../contract/limits';
import { AdminForm, NameFields } from '../../../shared/admin/admin-form';
import { useEditForm } from '../../../shared/admin/use-admin-form';
import { useSaveRowMutations } from '../../../shared/admin/row-mutations';
import { PROGRAM_ROWS } from '../mutations';
import { PROGRAMS_ERROR_TEXT } from '../error-text';

interface ProgramFormProps {
  orgCode: string;
  /** The program to edit; none: a new one. */
  program: Pick<Program, 'id' | 'name' | 'description'> | null;
  onDone: () => void;
}

/** Create or edit a program (name and description), checked by the contract's body schema. */
export function ProgramForm({ orgCode, program, onDone }: ProgramFormProps) {
  const { form, submit, mutation } = useEditForm(
    createProgram.body,
    program,
    { name: program?.name ?? '', description: program?.description ?? '' },
    useSaveRowMutations(PROGRAM_ROWS, orgCode),
    onDone,
  );
  return (
    <AdminForm
      submit={submit}
      mutation={mutation}
      isNew={!program}
      noun="program"
      errorText={{ create: PROGRAMS_ERROR_TEXT.createProgram, update: PROGRAMS_ERROR_TEXT.updateProgram }}
      onDone={onDone}
    >
      <NameFields control={form.control} description={LIMITS.noteMax} />
    </AdminForm>
  );
}
