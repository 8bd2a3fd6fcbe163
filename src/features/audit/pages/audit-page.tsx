import { useCallback, useMemo } from 'react';
import { IonContent } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_ORDERINGS, type AuditEntry } from '../../../../contract/audit';
import { AdminList } from '../../../shared/admin/admin-list';
import { useListState } from '../../../shared/admin/use-list-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { auditColumns } from '../components/audit-columns';
import { recordName } from '../format';
import { AuditFilterFields } from '../components/audit-filters';
import { timeOutline } from 'ionicons/icons';
import { auditQueries, FETCH_AUDIT_ERROR, NO_AUDIT_FILTERS, type AuditFilters } from '../queries';
import '../audit.css';

const rowLabel = (entry: AuditEntry) => `${entry.entity_label} ${recordName(entry)}`;

/**
 * The organization's audit trail: who changed which record, when and how, newest first, filtered
 * by person, kind of record, one record and days. Read-only: the trail cannot be changed.
 */
export function AuditPage({ orgCode, timeZone }: { orgCode: string; timeZone: string }) {
  // Kept in the address like the other lists: a reload, Back and Forward find the same filters and page.
  const list = useListState<AuditFilters, (typeof AUDIT_ORDERINGS)[number]>({
    ordering: '-at',
    orderings: AUDIT_ORDERINGS,
    filters: NO_AUDIT_FILTERS,
    address: { prefix: '' },
  });
  const { page, pageSize, search, ordering, filters } = list.state;
  const query = useQuery(auditQueries.list(orgCode, { page, pageSize, search, ordering, filters }));
  const { setFilter } = list;
  const pickRecord = useCallback(
    (entry: AuditEntry) => {
      setFilter('entity', entry.entity);
      setFilter('entityId', entry.entity_id);
      setFilter('recordLabel', `${entry.entity_label.toLowerCase()} ${recordName(entry)}`);
    },
    [setFilter],
  );
  // The answer names the organization's time zone; until it is in, the organization list's.
  const zone = query.data?.timezone ?? timeZone;
  const columns = useMemo(() => auditColumns(zone, pickRecord), [zone, pickRecord]);
  const isNarrowed = list.isNarrowed;

  return (
    <>
      <PageHeader title="Audit trail" />
      <IonContent>
        <div className="page page--wide audit-page">
          <p className="muted">
            Every change made to services, roles, programs, classrooms, departments and memberships, and every opening of a student&apos;s
            record, with who did it. Days are in the organization&apos;s time zone ({zone.replaceAll('_', ' ')}).
          </p>
          <AdminList
            noun={{ one: 'entry', many: 'entries' }}
            columns={columns}
            query={query}
            fetchErrorText={FETCH_AUDIT_ERROR}
            list={list}
            defaultOrdering="-at"
            isNarrowed={isNarrowed}
            onClearNarrowing={() => {
              list.setSearchText('');
              for (const key of Object.keys(NO_AUDIT_FILTERS)) {
                list.setFilter(key, '');
              }
            }}
            rowLabel={rowLabel}
            filters={<AuditFilterFields list={list} choices={query.data} />}
            empty={{
              icon: timeOutline,
              title: 'No entries yet',
              text: 'Changes people make to the organization will be listed here, with who made them and when.',
            }}
          />
        </div>
      </IonContent>
    </>
  );
}
