import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OrganizationMember } from '../../../../contract/departments';
import type { PermissionKey } from '../../../../contract/http';
import { peopleOutline } from 'ionicons/icons';
import { AdminList } from '../../../shared/admin/admin-list';
import { column, personColumn } from '../../../shared/admin/admin-columns';
import type { AdminColumn } from '../../../shared/admin/admin-table';
import { useListState } from '../../../shared/admin/use-list-state';
import { SelectField } from '../../../shared/ui/select-field';
import { useAssignRoleMutation } from '../mutations';
import { roleQueries } from '../queries';
import { ROLES_ERROR_TEXT } from '../error-text';

type Member = z.infer<typeof OrganizationMember> & { id: string };
const fullName = (m: Member) => `${m.first_name} ${m.last_name}`;

/**
 * The organization's active members with the role each holds; choosing another role gives it
 * at once (PATCH …/memberships/{id}/role/). A refusal (a role with keys the giver lacks) is a toast
 * with the server's sentence, and the select shows the role still held. Roles with a key the giver
 * lacks are not offered (the server would refuse them); a member already holding one keeps it shown.
 */
export function MembersRoles({ orgId, orgCode, holds }: { orgId: string; orgCode: string; holds: (key: PermissionKey) => boolean }) {
  // In the address beside the roles list, under its own names (?member_page=2).
  const list = useListState<Record<string, never>, 'name'>({ ordering: 'name', filters: {}, address: { prefix: 'member_' } });
  const { page, pageSize, search } = list.state;
  const query = useQuery(roleQueries.members(orgId, orgCode, { page, pageSize, search }));
  const choices = useQuery(roleQueries.choices(orgId));
  const assign = useAssignRoleMutation(orgId, orgCode);
  const roles = useMemo(() => choices.data?.results ?? [], [choices.data]);
  const givable = useMemo(() => new Set(roles.filter((r) => r.permission_keys.every(holds)).map((r) => r.id)), [roles, holds]);
  const optionsFor = useCallback(
    (held: string | null) => roles.filter((r) => givable.has(r.id) || r.id === held).map((r) => ({ value: r.id, label: r.name })),
    [roles, givable],
  );

  const columns = useMemo<AdminColumn<Member>[]>(
    () => [
      personColumn('Member', fullName, (member) => member.email),
      column('kind', 'Works as', (member) => (member.role === 'therapist' ? 'Therapist' : 'Staff')),
      column('role', 'Role', (member) => (
        <SelectField
          className="roles-member-select"
          label={`Role of ${fullName(member)}`}
          name={`role-${member.id}`}
          value={member.role_id ?? ''}
          placeholder={member.role_id ? undefined : 'No role'}
          options={optionsFor(member.role_id)}
          disabled={assign.isPending || givable.size === 0}
          onChange={(roleId) => assign.mutate({ membershipId: member.id, roleId })}
        />
      )),
    ],
    [optionsFor, givable, assign],
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
