import { useState } from 'react';
import { IonButton, IonContent, IonIcon } from '@ionic/react';
import { pricetagsOutline } from 'ionicons/icons';
import { addOutline } from '../../../shared/admin/admin-icons';
import { useQuery } from '@tanstack/react-query';
import type { Service } from '../../../../contract/services';
import { ERROR_TEXT } from '../../../shared/api/error-text';
import { AdminDialog } from '../../../shared/admin/admin-dialog';
import { AdminList } from '../../../shared/admin/admin-list';
import { useListState } from '../../../shared/admin/use-list-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { SelectField } from '../../../shared/ui/select-field';
import { ServiceForm } from '../components/service-form';
import { serviceColumns } from '../components/service-columns';
import { ServicesStats } from '../components/services-stats';
import { useBulkDeleteServicesMutation, useDeleteServiceMutation } from '../mutations';
import { serviceQueries } from '../queries';

const STATUS_OPTIONS = [
  { value: '', label: 'All services' },
  { value: 'true', label: 'Active only' },
  { value: 'false', label: 'Inactive only' },
];
const rowLabel = (service: Service) => service.name;

/** The organization's services (issue 10 §2): stats header, filter, search, create, edit, delete. */
export function ServicesPage({ orgCode, canManage }: { orgCode: string; canManage: boolean }) {
  const list = useListState<{ isActive: '' | 'true' | 'false' }>({ ordering: 'name', filters: { isActive: '' } });
  const { page, pageSize, search, ordering, filters } = list.state;
  const query = useQuery(serviceQueries.list(orgCode, { page, pageSize, search, ordering, isActive: filters.isActive }));
  const remove = useDeleteServiceMutation(orgCode);
  const bulk = useBulkDeleteServicesMutation(orgCode);
  const [editing, setEditing] = useState<Service | 'new' | null>(null);
  const currency = query.data?.currency ?? 'USD';

  const newButton = canManage ? (
    <IonButton onClick={() => setEditing('new')}>
      <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
      New service
    </IonButton>
  ) : null;

  return (
    <>
      <PageHeader title="Services" />
      <IonContent>
        <div className="page page--wide">
          {!canManage && (
            <p className="muted admin-readonly">You can see the services; changing them needs the services.manage permission.</p>
          )}
          <AdminList
            noun={{ one: 'service', many: 'services' }}
            columns={serviceColumns}
            query={query}
            fetchErrorText={ERROR_TEXT.fetchServices}
            list={list}
            defaultOrdering="name"
            isNarrowed={search !== '' || filters.isActive !== ''}
            onClearNarrowing={() => {
              list.setSearchText('');
              list.setFilter('isActive', '');
            }}
            rowLabel={rowLabel}
            stats={query.data && <ServicesStats list={query.data} />}
            filters={
              <SelectField
                label="Status"
                name="is_active"
                value={filters.isActive}
                options={STATUS_OPTIONS}
                onChange={(value) => list.setFilter('isActive', value as '' | 'true' | 'false')}
              />
            }
            actions={newButton}
            empty={{
              icon: pricetagsOutline,
              title: 'No services yet',
              text: canManage
                ? 'Add the services your organization offers, with their prices.'
                : 'Your organization has not added any services yet.',
              action: newButton,
            }}
            onEdit={canManage ? (service) => setEditing(service) : undefined}
            onDelete={canManage ? (service) => remove.mutateAsync(service.id) : undefined}
            onBulkDelete={canManage ? (ids) => bulk.mutateAsync(ids) : undefined}
          />
        </div>
        <AdminDialog
          open={editing !== null}
          title={editing === 'new' ? 'New service' : 'Edit service'}
          onClose={() => setEditing(null)}
          wide
        >
          {editing !== null && (
            <ServiceForm
              key={editing === 'new' ? 'new' : editing.id}
              orgCode={orgCode}
              currency={currency}
              service={editing === 'new' ? null : editing}
              onDone={() => setEditing(null)}
            />
          )}
        </AdminDialog>
      </IonContent>
    </>
  );
}
