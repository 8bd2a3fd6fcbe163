import { IonButton, IonIcon } from '@ionic/react';
import type { AuditList } from '../../../../contract/audit';
import type { ListControls } from '../../../shared/admin/use-list-state';
import { SelectField } from '../../../shared/ui/select-field';
import { TextField } from '../../../shared/ui/text-field';
import { personName } from '../format';
import { closeOutline } from 'ionicons/icons';
import { isBackwardRange, type AuditFilters } from '../queries';

interface AuditFiltersProps {
  list: ListControls<AuditFilters>;
  /** The pickers' choices (the whole trail's kinds and people); undefined until the first page is in. */
  choices: Pick<AuditList, 'kinds' | 'people'> | undefined;
}

/** Person, kind of record and day range; one record's history shows as a note with a way out. */
export function AuditFilterFields({ list, choices }: AuditFiltersProps) {
  const { filters } = list.state;
  const people = [
    { value: '', label: 'Everyone' },
    ...(choices?.people ?? []).map((p) => ({ value: p.id, label: `${personName(p)} (${p.count})` })),
  ];
  const kinds = [
    { value: '', label: 'Every kind' },
    ...(choices?.kinds ?? []).map((k) => ({ value: k.entity, label: `${k.label} (${k.count})` })),
  ];
  const pickKind = (entity: string) => {
    list.setFilter('entity', entity);
    list.setFilter('entityId', '');
    list.setFilter('recordLabel', '');
  };
  return (
    <>
      <SelectField label="Person" name="user_id" value={filters.userId} options={people} onChange={(v) => list.setFilter('userId', v)} />
      <SelectField label="Kind of record" name="entity" value={filters.entity} options={kinds} onChange={pickKind} />
      <div className="audit-days">
        <TextField label="From" name="from" type="date" value={filters.from} onChange={(v) => list.setFilter('from', v)} />
        <TextField
          label="To"
          name="to"
          type="date"
          value={filters.to}
          onChange={(v) => list.setFilter('to', v)}
          error={isBackwardRange(filters) ? 'The end date comes before the start date.' : undefined}
        />
      </div>
      {filters.entityId && (
        <p className="audit-only-record" role="status">
          Only the history of {filters.recordLabel || filters.entityId}
          <IonButton fill="clear" size="small" onClick={() => pickKind(filters.entity)} aria-label="Show every record again">
            <IonIcon slot="icon-only" icon={closeOutline} aria-hidden="true" />
          </IonButton>
        </p>
      )}
    </>
  );
}
