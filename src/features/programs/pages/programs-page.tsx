import { libraryOutline } from 'ionicons/icons';
import { ProgramOrdering, type Program } from '../../../../contract/programs';
import { programs } from '../../../../contract/routes';
import type { ResponseAt } from '../../../shared/api/client';
import { AdminListScreen, type ListSetup } from '../../../shared/admin/admin-list-screen';
import { ProgramForm } from '../components/program-form';
import { programColumns } from '../components/program-columns';
import { useBulkDeleteRowsMutation, useDeleteRowMutation } from '../../../shared/admin/row-mutations';
import { PROGRAM_ROWS } from '../mutations';
import { programQueries } from '../queries';
import { PROGRAMS_ERROR_TEXT } from '../error-text';

const EMPTY_TEXT = 'Add the programs your students follow, such as early intervention or a social skills group.';
type ProgramList = ResponseAt<typeof programs.listPrograms>;
const SETUP: ListSetup<Program, Record<string, never>, ProgramOrdering, ProgramList> = {
  words: { title: 'Programs', one: 'program', many: 'programs', icon: libraryOutline, emptyText: EMPTY_TEXT },
  columns: programColumns,
  fetchErrorText: PROGRAMS_ERROR_TEXT.fetchPrograms,
  defaults: { ordering: 'name', orderings: ProgramOrdering.options, filters: {} },
  figures: (list) => [['All programs', list.count_all]],
  wideForm: true,
};

/** The organization's programs: count_all, search, sort, create, edit, delete. */
export function ProgramsPage({ orgCode, canManage }: { orgCode: string; canManage: boolean }) {
  return (
    <AdminListScreen
      setup={SETUP}
      canManage={canManage}
      listQuery={(state) => programQueries.list(orgCode, state)}
      remove={useDeleteRowMutation(PROGRAM_ROWS, orgCode)}
      bulkRemove={useBulkDeleteRowsMutation(PROGRAM_ROWS, orgCode)}
      form={(program, done) => <ProgramForm orgCode={orgCode} program={program} onDone={done} />}
    />
  );
}
