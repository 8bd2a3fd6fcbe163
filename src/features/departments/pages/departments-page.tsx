import { useState } from 'react';
import { IonButton, IonContent, IonIcon } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import type { Department } from '../../../../contract/departments';
import { ERROR_TEXT } from '../../../shared/api/error-text';
import { AdminDialog } from '../../../shared/admin/admin-dialog';
import { addOutline } from '../../../shared/admin/admin-icons';
import { AdminList } from '../../../shared/admin/admin-list';
import { useListState } from '../../../shared/admin/use-list-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { SelectField } from '../../../shared/ui/select-field';
import { departmentColumns } from '../components/department-columns';
import { DepartmentForm } from '../components/department-form';
import { DepartmentsStats } from '../components/departments-stats';
import { departmentsIcon } from '../icons';
import { useBulkDeleteDepartmentsMutation, useDeleteDepartmentMutation } from '../mutations';
import { departmentQueries } from '../queries';
import '../departments.css';

const STATUS_OPTIONS = [
  { value: '', label: 'All departments' },
  { value: 'true', label: 'Enabled only' },
  { value: 'false', label: 'Disabled only' },
];
const rowLabel = (department: Department) => department.name;

/** The organization's departments (issue 10 §2): stats header, filter, search, sort, create, edit, delete. */
export function DepartmentsPage({ orgCode, canManage }: { orgCode: string; canManage: boolean }) {
  const list = useListState<{ isEnabled: '' | 'true' | 'false' }>({ ordering: 'name', filters: { isEnabled: '' } });
  const { page, pageSize, search, ordering, filters } = list.state;
  const query = useQuery(departmentQueries.list(orgCode, { page, pageSize, search, ordering, isEnabled: filters.isEnabled }));
  const remove = useDeleteDepartmentMutation(orgCode);
  const bulk = useBulkDeleteDepartmentsMutation(orgCode);
  const [editing, setEditing] = useState<Department | 'new' | null>(null);

  const newButton = canManage ? (
    <IonButton onClick={() => setEditing('new')}>
      <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
      New department
    </IonButton>
  ) : null;

  return (
    <>
      <PageHeader title="Departments" />
      <IonContent>
        <div className="page page--wide dept-screen">
          {!canManage && (
            <p className="muted admin-readonly">You can see the departments; changing them needs the departments.manage permission.</p>
          )}
          <AdminList
            noun={{ one: 'department', many: 'departments' }}
            columns={departmentColumns}
            query={query}
            fetchErrorText={ERROR_TEXT.fetchDepartments}
            list={list}
            defaultOrdering="name"
            isNarrowed={search !== '' || filters.isEnabled !== ''}
            onClearNarrowing={() => {
              list.setSearchText('');
              list.setFilter('isEnabled', '');
            }}
            rowLabel={rowLabel}
            stats={query.data && <DepartmentsStats list={query.data} />}
            filters={
              <SelectField
                label="Status"
                name="is_enabled"
                value={filters.isEnabled}
                options={STATUS_OPTIONS}
                onChange={(value) => list.setFilter('isEnabled', value as '' | 'true' | 'false')}
              />
            }
            actions={newButton}
            empty={{
              icon: departmentsIcon,
              title: 'No departments yet',
              text: canManage
                ? 'Add the departments your organization works in, then their team and students.'
                : 'Your organization has not added any departments yet.',
              action: newButton,
            }}
            onEdit={canManage ? (department) => setEditing(department) : undefined}
            onDelete={canManage ? (department) => remove.mutateAsync(department.id) : undefined}
            onBulkDelete={canManage ? (ids) => bulk.mutateAsync(ids) : undefined}
            deleteNote={
              <p>
                This cannot be undone. A department that holds goals or sessions stays (disable it instead); its team and students are taken
                out with it.
              </p>
            }
          />
        </div>
        <AdminDialog
          open={editing !== null}
          title={editing === 'new' ? 'New department' : 'Edit department'}
          onClose={() => setEditing(null)}
        >
          {editing !== null && (
            <DepartmentForm
              key={editing === 'new' ? 'new' : editing.id}
              orgCode={orgCode}
              department={editing === 'new' ? null : editing}
              onDone={() => setEditing(null)}
            />
          )}
        </AdminDialog>
      </IonContent>
    </>
  );
}
