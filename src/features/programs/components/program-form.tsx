import { createProgram, type Program } from '../../../../contract/programs';
import { LIMITS } from '../../../../contract/limits';
import { AdminForm, NameFields } from '../../../shared/admin/admin-form';
import { useRowForm } from '../../../shared/admin/use-admin-form';
import { useSaveRowMutations } from '../../../shared/admin/row-mutations';
import { PROGRAM_ROWS } from '../mutations';

interface ProgramFormProps {
  orgCode: string;
  /** The program to edit; none: a new one. */
  program: Pick<Program, 'id' | 'name' | 'description'> | null;
  onDone: () => void;
}

/** Create or edit a program (name and description), checked by the contract's body schema. */
export function ProgramForm({ orgCode, program, onDone }: ProgramFormProps) {
  const { form, frame } = useRowForm(
    createProgram.body,
    program,
    { name: program?.name ?? '', description: program?.description ?? '' },
    useSaveRowMutations(PROGRAM_ROWS, orgCode),
    onDone,
  );
  return (
    <AdminForm {...frame} noun="program">
      <NameFields control={form.control} description={LIMITS.noteMax} />
    </AdminForm>
  );
}
