import { useMemo, useState } from 'react';
import { IonButton, IonContent, IonIcon } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { addOutline, lockClosedOutline } from 'ionicons/icons';
import type { PermissionKey } from '../../../../contract/http';
import type { Role } from '../../../../contract/roles';
import { Dialog } from '../../../shared/ui/dialog';
import { AdminList, type AdminListQuery } from '../../../shared/admin/admin-list';
import { AdminStats } from '../../../shared/admin/admin-stats';
import { useListState, type ListControls } from '../../../shared/admin/use-list-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { MembersRoles } from '../components/members-roles';
import { roleColumns } from '../components/role-columns';
import { RoleForm } from '../components/role-form';
import { keyLabel } from '../keys';
import { useDeleteRoleMutation } from '../mutations';
import { roleQueries } from '../queries';
import '../roles.css';
import { ROLES_ERROR_TEXT } from '../error-text';

const rowLabel = (role: Role) => role.name;
/** The server refuses to delete a built-in role or one members still hold: such rows offer no Delete (the row says why). */
const isDeletable = (role: Role) => role.default_for === null && role.members_count === 0;

/**
 * The roles table reads every role at once (the call answers up to 100 a page; an organization has
 * a handful) and searches and pages them here, by name or by what a role may do.
 */
function useRolesTable(orgId: string, list: ListControls<Record<string, never>, 'name'>): AdminListQuery<Role> {
  const query = useQuery(roleQueries.choices(orgId));
  const { page, pageSize, search } = list.state;
  const data = useMemo(() => {
    if (!query.data) {
      return undefined;
    }
    const needle = search.toLowerCase();
    const found = query.data.results.filter(
      (role) =>
        needle === '' ||
        role.name.toLowerCase().includes(needle) ||
        role.permission_keys.some((key) => key.includes(needle) || keyLabel(key).toLowerCase().includes(needle)),
    );
    return { count: found.length, results: found.slice((page - 1) * pageSize, page * pageSize) };
  }, [query.data, search, page, pageSize]);
  return { ...query, data, isPlaceholderData: false };
}

/** The organization's roles: keys in words, create, edit, delete, and who holds which. */
interface RolesPageProps {
  orgId: string;
  orgCode: string;
  canPickMembers: boolean;
  /** Whether the signed-in member holds a key: a role can be given only by someone who holds all of its keys. */
  holds: (key: PermissionKey) => boolean;
}

export function RolesPage({ orgId, orgCode, canPickMembers, holds }: RolesPageProps) {
  const list = useListState<Record<string, never>, 'name'>({ ordering: 'name', filters: {}, address: { prefix: '' } });
  const query = useRolesTable(orgId, list);
  const all = useQuery(roleQueries.choices(orgId));
  const remove = useDeleteRoleMutation(orgId);
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const builtIn = all.data?.results.filter((r) => r.default_for).length ?? 0;

  const newButton = (
    <IonButton onClick={() => setEditing('new')}>
      <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
      New role
    </IonButton>
  );

  return (
    <>
      <PageHeader title="Roles" />
      <IonContent>
        <div className="page page--wide">
          <p className="muted admin-readonly">
            A role is what its members may do; the owner may do everything. The server refuses whatever a member&apos;s role does not allow.
          </p>
          <h2 className="roles-heading">Roles</h2>
          <AdminList<Role, Record<string, never>>
            noun={{ one: 'role', many: 'roles' }}
            columns={roleColumns}
            query={query}
            fetchErrorText={ROLES_ERROR_TEXT.fetchRoles}
            list={list}
            defaultOrdering="name"
            isNarrowed={list.state.search !== ''}
            onClearNarrowing={() => list.setSearchText('')}
            rowLabel={rowLabel}
            stats={
              all.data && (
                <AdminStats
                  label="Roles in figures"
                  figures={[
                    ['Roles', all.data.count],
                    ['Built in', builtIn],
                    ['Made here', all.data.count - builtIn],
                  ]}
                />
              )
            }
            actions={newButton}
            empty={{
              icon: lockClosedOutline,
              title: 'No roles yet',
              text: 'Create a role, choose what its members may do, then give it to members below.',
              action: newButton,
            }}
            onEdit={(role) => setEditing(role)}
            onDelete={(role) => remove.mutateAsync(role.id)}
            canDelete={isDeletable}
          />
          <h2 className="roles-heading">Members and their roles</h2>
          {canPickMembers ? (
            <MembersRoles orgId={orgId} orgCode={orgCode} holds={holds} />
          ) : (
            <p className="muted">Giving members a role from here is for people who also manage departments (it needs the members list).</p>
          )}
        </div>
        <Dialog open={editing !== null} title={editing === 'new' ? 'New role' : 'Edit role'} onClose={() => setEditing(null)} wide>
          {editing !== null && (
            <RoleForm
              key={editing === 'new' ? 'new' : editing.id}
              orgId={orgId}
              role={editing === 'new' ? null : editing}
              onDone={() => setEditing(null)}
            />
          )}
        </Dialog>
      </IonContent>
    </>
  );
}
