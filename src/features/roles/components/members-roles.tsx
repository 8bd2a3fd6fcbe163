import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OrganizationMember } from '../../../../contract/departments';
import { peopleOutline } from 'ionicons/icons';
import { AdminList } from '../../../shared/admin/admin-list';
import { adminColumnHelper, type AdminColumn } from '../../../shared/admin/admin-table';
import { useListState } from '../../../shared/admin/use-list-state';
import { SelectField } from '../../../shared/ui/select-field';
import { useAssignRoleMutation } from '../mutations';
import { roleQueries } from '../queries';
import { ROLES_ERROR_TEXT } from '../error-text';

type Member = z.infer<typeof OrganizationMember> & { id: string };
const helper = adminColumnHelper<Member>();
const fullName = (m: Member) => `${m.first_name} ${m.last_name}`;

/**
 * The organization's active members with the role each holds; choosing another role gives it
 * at once (PATCH …/memberships/{id}/role/). A refusal (a role with keys the giver lacks) is a toast
 * with the server's sentence, and the select shows the role still held.
 */
export function MembersRoles({ orgId, orgCode }: { orgId: string; orgCode: string }) {
  const list = useListState<Record<string, never>>({ ordering: 'name', filters: {} });
  const { page, pageSize, search } = list.state;
  const query = useQuery(roleQueries.members(orgId, orgCode, { page, pageSize, search }));
  const choices = useQuery(roleQueries.choices(orgId));
  const assign = useAssignRoleMutation(orgId, orgCode);
  const options = useMemo(() => (choices.data?.results ?? []).map((r) => ({ value: r.id, label: r.name })), [choices.data]);

  const columns = useMemo<AdminColumn<Member>[]>(
    () => [
      helper.accessor('last_name', {
        id: 'name',
        header: 'Member',
        enableSorting: false,
        cell: ({ row }) => (
          <div className="admin-cell-main">
            <span className="admin-cell-main__title">{fullName(row.original)}</span>
            <span className="admin-cell-main__sub">{row.original.email}</span>
          </div>
        ),
      }),
      helper.accessor('role', {
        id: 'kind',
        header: 'Works as',
        enableSorting: false,
        cell: ({ row }) => (row.original.role === 'therapist' ? 'Therapist' : 'Staff'),
      }),
      helper.display({
        id: 'role',
        header: 'Role',
        enableSorting: false,
        cell: ({ row }) => (
          <SelectField
            className="roles-member-select"
            label={`Role of ${fullName(row.original)}`}
            name={`role-${row.original.id}`}
            value={row.original.role_id ?? ''}
            placeholder={row.original.role_id ? undefined : 'No role'}
            options={options}
            disabled={assign.isPending || options.length === 0}
            onChange={(roleId) => assign.mutate({ membershipId: row.original.id, roleId })}
          />
        ),
      }),
    ],
    [options, assign],
  );

  return (
    <AdminList<Member, Record<string, never>>
      noun={{ one: 'member', many: 'members' }}
      columns={columns}
      query={query}
      fetchErrorText={ROLES_ERROR_TEXT.fetchMembers}
      list={list}
      defaultOrdering="name"
      isNarrowed={search !== ''}
      onClearNarrowing={() => list.setSearchText('')}
      rowLabel={fullName}
      empty={{ icon: peopleOutline, title: 'No members yet', text: 'Therapists and staff appear here once they join the organization.' }}
    />
  );
}
