import { useQuery } from '@tanstack/react-query';
import { ProgramOrdering, type Program } from '../../../../contract/programs';
import { AdminListScreen } from '../../../shared/admin/admin-list-screen';
import { AdminStats } from '../../../shared/admin/admin-stats';
import { useListState } from '../../../shared/admin/use-list-state';
import { ProgramForm } from '../components/program-form';
import { programColumns } from '../components/program-columns';
import { libraryOutline as programsIcon } from 'ionicons/icons';
import { useBulkDeleteProgramsMutation, useDeleteProgramMutation } from '../mutations';
import { programQueries } from '../queries';
import { PROGRAMS_ERROR_TEXT } from '../error-text';

const rowLabel = (program: Program) => program.name;

/** The organization's programs: count_all, search, sort, create, edit, delete. */
export function ProgramsPage({ orgCode, canManage }: { orgCode: string; canManage: boolean }) {
  const list = useListState<Record<string, never>, ProgramOrdering>({
    ordering: 'name',
    orderings: ProgramOrdering.options,
    filters: {},
    address: { prefix: '' },
  });
  const { page, pageSize, search, ordering } = list.state;
  const query = useQuery(programQueries.list(orgCode, { page, pageSize, search, ordering }));
  const remove = useDeleteProgramMutation(orgCode);
  const bulk = useBulkDeleteProgramsMutation(orgCode);

  return (
    <AdminListScreen
      title="Programs"
      canManage={canManage}
      noun={{ one: 'program', many: 'programs' }}
      columns={programColumns}
      query={query}
      fetchErrorText={PROGRAMS_ERROR_TEXT.fetchPrograms}
      list={list}
      defaultOrdering="name"
      rowLabel={rowLabel}
      stats={query.data && <AdminStats label="Programs at a glance" items={[{ label: 'All programs', value: query.data.count_all }]} />}
      empty={{
        icon: programsIcon,
        text: 'Add the programs your students follow, such as early intervention or a social skills group.',
      }}
      remove={(program) => remove.mutateAsync(program.id)}
      bulkRemove={(ids) => bulk.mutateAsync(ids)}
      form={(program, done) => <ProgramForm orgCode={orgCode} program={program} onDone={done} />}
      wideForm
    />
  );
}
