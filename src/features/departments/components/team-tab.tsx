import { useState } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import type { DepartmentMember, OrganizationMember } from '../../../../contract/departments';
import { adminColumnHelper, type AdminColumn } from '../../../shared/admin/admin-table';
import { AdminList, REMOVE_WORDS } from '../../../shared/admin/admin-list';
import { useListState } from '../../../shared/admin/use-list-state';
import { showToast } from '../../../shared/ui/toast-store';
import { fullName } from '../format';
import { peopleOutline, personAddOutline } from '../icons';
import { useAddMemberMutation, useRemoveMemberMutation } from '../mutations';
import { departmentQueries } from '../queries';
import { PickerDialog } from './picker-dialog';
import { DEPARTMENTS_ERROR_TEXT } from '../error-text';

const helper = adminColumnHelper<DepartmentMember>();
const ROLE_LABEL = { therapist: 'Therapist', staff: 'Staff' } as const;
const columns: AdminColumn<DepartmentMember>[] = [
  helper.accessor('last_name', {
    id: 'name',
    header: 'Name',
    enableSorting: false,
    cell: ({ row }) => (
      <div className="admin-cell-main">
        <span className="admin-cell-main__title">{fullName(row.original)}</span>
      </div>
    ),
  }),
  helper.accessor('role', { id: 'role', header: 'Role', enableSorting: false, cell: ({ row }) => ROLE_LABEL[row.original.role] }),
];
const rowLabel = (member: DepartmentMember) => fullName(member);

/** The department's team: its members, add one from the organization's members, remove one. */
export function TeamTab({ orgCode, departmentId, canManage }: { orgCode: string; departmentId: string; canManage: boolean }) {
  const list = useListState<Record<string, never>>({ ordering: 'name', filters: {} });
  const { page, pageSize, search } = list.state;
  const query = useQuery(departmentQueries.members(orgCode, departmentId, { page, pageSize, search }));
  const add = useAddMemberMutation(orgCode, departmentId);
  const remove = useRemoveMemberMutation(orgCode, departmentId);
  const [picking, setPicking] = useState(false);
  const [pickSearch, setPickSearch] = useState('');
  const candidates = useQuery({ ...departmentQueries.organizationMembers(orgCode, pickSearch), enabled: picking });
  const onTeam = new Set((query.data?.results ?? []).map((m) => m.membership_id));

  const addButton = canManage ? (
    <IonButton
      onClick={() => {
        setPickSearch('');
        setPicking(true);
      }}
    >
      <IonIcon slot="start" icon={personAddOutline} aria-hidden="true" />
      Add member
    </IonButton>
  ) : null;

  return (
    <>
      <AdminList
        noun={{ one: 'team member', many: 'team members' }}
        columns={columns}
        query={query}
        fetchErrorText={DEPARTMENTS_ERROR_TEXT.fetchDepartmentMembers}
        list={list}
        defaultOrdering="name"
        isNarrowed={search !== ''}
        onClearNarrowing={() => list.setSearchText('')}
        rowLabel={rowLabel}
        actions={addButton}
        empty={{
          icon: peopleOutline,
          title: 'No team yet',
          text: canManage ? 'Add the therapists and staff who work in this department.' : 'Nobody is on this department’s team yet.',
          action: addButton,
        }}
        onDelete={canManage ? (member) => remove.mutateAsync(member.id) : undefined}
        deleteWords={REMOVE_WORDS}
        deleteNote={<p>They leave the team, and their therapist assignments on this department’s students end.</p>}
      />
      <PickerDialog<OrganizationMember>
        open={picking}
        title="Add a team member"
        searchLabel="Search the organization’s members"
        onSearch={setPickSearch}
        query={candidates}
        fetchErrorText={DEPARTMENTS_ERROR_TEXT.fetchOrganizationMembers}
        keyOf={(m) => m.membership_id}
        labelOf={fullName}
        detailOf={(m) => `${ROLE_LABEL[m.role]} · ${m.email}`}
        isChosen={(m) => onTeam.has(m.membership_id)}
        chosenText="On the team"
        onPick={async (m) => {
          await add.mutateAsync(m.membership_id);
          showToast(`Added ${fullName(m)} to the team.`, 'success');
        }}
        onClose={() => setPicking(false)}
      />
    </>
  );
}
