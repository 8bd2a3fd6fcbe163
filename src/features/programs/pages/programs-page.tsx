import { useState } from 'react';
import { IonButton, IonContent, IonIcon } from '@ionic/react';
import { layersOutline } from 'ionicons/icons';
import { useQuery } from '@tanstack/react-query';
import type { Program } from '../../../../contract/programs';
import { addOutline } from '../../../shared/admin/admin-icons';
import { ERROR_TEXT } from '../../../shared/api/error-text';
import { AdminDialog } from '../../../shared/admin/admin-dialog';
import { AdminList } from '../../../shared/admin/admin-list';
import { AdminStats } from '../../../shared/admin/admin-stats';
import { useListState } from '../../../shared/admin/use-list-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { ProgramForm } from '../components/program-form';
import { programColumns } from '../components/program-columns';
import { useBulkDeleteProgramsMutation, useDeleteProgramMutation } from '../mutations';
import { programQueries } from '../queries';

const rowLabel = (program: Program) => program.name;

/** The organization's programs (issue 10 §2): count_all, search, sort, create, edit, delete. */
export function ProgramsPage({ orgCode, canManage }: { orgCode: string; canManage: boolean }) {
  const list = useListState<Record<string, never>>({ ordering: 'name', filters: {} });
  const { page, pageSize, search, ordering } = list.state;
  const query = useQuery(programQueries.list(orgCode, { page, pageSize, search, ordering }));
  const remove = useDeleteProgramMutation(orgCode);
  const bulk = useBulkDeleteProgramsMutation(orgCode);
  const [editing, setEditing] = useState<Program | 'new' | null>(null);

  const newButton = canManage ? (
    <IonButton onClick={() => setEditing('new')}>
      <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
      New program
    </IonButton>
  ) : null;

  return (
    <>
      <PageHeader title="Programs" />
      <IonContent>
        <div className="page page--wide">
          {!canManage && (
            <p className="muted admin-readonly">You can see the programs; changing them needs the programs.manage permission.</p>
          )}
          <AdminList
            noun={{ one: 'program', many: 'programs' }}
            columns={programColumns}
            query={query}
            fetchErrorText={ERROR_TEXT.fetchPrograms}
            list={list}
            defaultOrdering="name"
            isNarrowed={search !== ''}
            onClearNarrowing={() => list.setSearchText('')}
            rowLabel={rowLabel}
            stats={
              query.data && <AdminStats label="Programs at a glance" items={[{ label: 'All programs', value: query.data.count_all }]} />
            }
            actions={newButton}
            empty={{
              icon: layersOutline,
              title: 'No programs yet',
              text: canManage
                ? 'Add the programs your students follow, such as early intervention or a social skills group.'
                : 'Your organization has not added any programs yet.',
              action: newButton,
            }}
            onEdit={canManage ? (program) => setEditing(program) : undefined}
            onDelete={canManage ? (program) => remove.mutateAsync(program.id) : undefined}
            onBulkDelete={canManage ? (ids) => bulk.mutateAsync(ids) : undefined}
          />
        </div>
        <AdminDialog
          open={editing !== null}
          title={editing === 'new' ? 'New program' : 'Edit program'}
          onClose={() => setEditing(null)}
          wide
        >
          {editing !== null && (
            <ProgramForm
              key={editing === 'new' ? 'new' : editing.id}
              orgCode={orgCode}
              program={editing === 'new' ? null : editing}
              onDone={() => setEditing(null)}
            />
          )}
        </AdminDialog>
      </IonContent>
    </>
  );
}
