import { useState } from 'react';
import { IonButton, IonContent, IonIcon } from '@ionic/react';
import { schoolOutline } from 'ionicons/icons';
import { useQuery } from '@tanstack/react-query';
import type { Classroom } from '../../../../contract/classrooms';
import { addOutline } from '../../../shared/admin/admin-icons';
import { ERROR_TEXT } from '../../../shared/api/error-text';
import { AdminDialog } from '../../../shared/admin/admin-dialog';
import { AdminList } from '../../../shared/admin/admin-list';
import { useListState } from '../../../shared/admin/use-list-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { SelectField } from '../../../shared/ui/select-field';
import { ClassroomForm } from '../components/classroom-form';
import { classroomColumns } from '../components/classroom-columns';
import { ClassroomsStats } from '../components/classrooms-stats';
import { useBulkDeleteClassroomsMutation, useDeleteClassroomMutation } from '../mutations';
import { classroomQueries } from '../queries';

const STATUS_OPTIONS = [
  { value: '', label: 'All classrooms' },
  { value: 'true', label: 'Enabled only' },
  { value: 'false', label: 'Disabled only' },
];
const rowLabel = (classroom: Classroom) => classroom.name;

/** The organization's classrooms (issue 10 §2): stats header, filter, search, sort, create, edit, delete. */
export function ClassroomsPage({ orgCode, canManage }: { orgCode: string; canManage: boolean }) {
  const list = useListState<{ isEnabled: '' | 'true' | 'false' }>({ ordering: 'name', filters: { isEnabled: '' } });
  const { page, pageSize, search, ordering, filters } = list.state;
  const query = useQuery(classroomQueries.list(orgCode, { page, pageSize, search, ordering, isEnabled: filters.isEnabled }));
  const remove = useDeleteClassroomMutation(orgCode);
  const bulk = useBulkDeleteClassroomsMutation(orgCode);
  const [editing, setEditing] = useState<Classroom | 'new' | null>(null);

  const newButton = canManage ? (
    <IonButton onClick={() => setEditing('new')}>
      <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
      New classroom
    </IonButton>
  ) : null;

  return (
    <>
      <PageHeader title="Classrooms" />
      <IonContent>
        <div className="page page--wide">
          {!canManage && (
            <p className="muted admin-readonly">You can see the classrooms; changing them needs the classrooms.manage permission.</p>
          )}
          <AdminList
            noun={{ one: 'classroom', many: 'classrooms' }}
            columns={classroomColumns}
            query={query}
            fetchErrorText={ERROR_TEXT.fetchClassrooms}
            list={list}
            defaultOrdering="name"
            isNarrowed={search !== '' || filters.isEnabled !== ''}
            onClearNarrowing={() => {
              list.setSearchText('');
              list.setFilter('isEnabled', '');
            }}
            rowLabel={rowLabel}
            stats={query.data && <ClassroomsStats list={query.data} />}
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
              icon: schoolOutline,
              title: 'No classrooms yet',
              text: canManage
                ? 'Add your classrooms with their room, grade level, capacity and homeroom teacher.'
                : 'Your organization has not added any classrooms yet.',
              action: newButton,
            }}
            onEdit={canManage ? (classroom) => setEditing(classroom) : undefined}
            onDelete={canManage ? (classroom) => remove.mutateAsync(classroom.id) : undefined}
            onBulkDelete={canManage ? (ids) => bulk.mutateAsync(ids) : undefined}
          />
        </div>
        <AdminDialog
          open={editing !== null}
          title={editing === 'new' ? 'New classroom' : 'Edit classroom'}
          onClose={() => setEditing(null)}
          wide
        >
          {editing !== null && (
            <ClassroomForm
              key={editing === 'new' ? 'new' : editing.id}
              orgCode={orgCode}
              classroom={editing === 'new' ? null : editing}
              onDone={() => setEditing(null)}
            />
          )}
        </AdminDialog>
      </IonContent>
    </>
  );
}
