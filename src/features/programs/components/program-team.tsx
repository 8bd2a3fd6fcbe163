import { useMemo } from 'react';
import { peopleOutline } from 'ionicons/icons';
import { useQuery } from '@tanstack/react-query';
import { ProgramMemberOrdering } from '../../../../contract/programs';
import { AdminList } from '../../../shared/admin/admin-list';
import { useListState } from '../../../shared/admin/use-list-state';
import { PROGRAMS_ERROR_TEXT } from '../error-text';
import { SelectField } from '../../../shared/ui/select-field';
import { programQueries } from '../queries';
import { personName, programMemberColumns, type ProgramDetail } from './program-detail-columns';

/**
 * The team's order is a select (name either way, newest or longest serving first) because "joined"
 * is not a column; the name column's header sorts too. employment_type and location_type are not
 * offered: Thera records neither (the server refuses a value).
 */
const TEAM_ORDERINGS = [
  { value: 'name', label: 'Name, A to Z' },
  { value: '-name', label: 'Name, Z to A' },
  { value: '-joined', label: 'Newest first' },
  { value: 'joined', label: 'Longest serving first' },
];

/** The program's team: the therapists on the teams of the departments its students are placed in. */
export function ProgramTeam({ orgCode, program }: { orgCode: string; program: ProgramDetail }) {
  const list = useListState<{ departmentId: string }, ProgramMemberOrdering>({
    ordering: 'name',
    orderings: ProgramMemberOrdering.options,
    filters: { departmentId: '' },
  });
  const { page, pageSize, search, ordering, filters } = list.state;
  const team = useQuery({
    ...programQueries.team(orgCode, program.id, { page, pageSize, search, ordering, departmentId: filters.departmentId }),
    // The kit's rows are keyed by `id`: a member is their membership.
    select: (data) => ({ ...data, results: data.results.map((m) => ({ ...m, id: m.membership_id })) }),
  });
  const names = useMemo(() => new Map(program.departments.map((d) => [d.id, d.name])), [program.departments]);
  const columns = useMemo(() => programMemberColumns((id) => names.get(id) ?? 'Another department'), [names]);
  return (
    <AdminList
      noun={{ one: 'team member', many: 'team members' }}
      columns={columns}
      query={team}
      fetchErrorText={PROGRAMS_ERROR_TEXT.fetchProgramTeam}
      list={list}
      defaultOrdering="name"
      isNarrowed={search !== '' || filters.departmentId !== ''}
      onClearNarrowing={() => {
        list.setSearchText('');
        list.setFilter('departmentId', '');
      }}
      rowLabel={personName}
      filters={
        <>
          <SelectField
            label="Department"
            name="department_id"
            value={filters.departmentId}
            options={[{ value: '', label: 'All departments' }, ...program.departments.map((d) => ({ value: d.id, label: d.name }))]}
            onChange={(value) => list.setFilter('departmentId', value)}
          />
          <SelectField label="Order" name="ordering" value={ordering} options={TEAM_ORDERINGS} onChange={list.setOrdering} />
        </>
      }
      empty={{
        icon: peopleOutline,
        title: 'No team yet',
        text: "The team is the therapists on the teams of the departments this program's students are placed in.",
      }}
    />
  );
}
