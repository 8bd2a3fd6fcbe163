import { IonButton, IonIcon } from '@ionic/react';
import { chevronBackOutline, chevronForwardOutline } from 'ionicons/icons';
import { SelectField } from '../ui/select-field';
import { PAGE_SIZES } from './use-list-state';

interface AdminPaginationProps {
  page: number;
  pageSize: number;
  count: number;
  noun: string;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

/** "21–40 of 45 services", page size, previous and next. */
export function AdminPagination({ page, pageSize, count, noun, onPage, onPageSize }: AdminPaginationProps) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const first = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(count, page * pageSize);
  return (
    <nav className="admin-pagination" aria-label="Pages">
      <p className="admin-pagination__range" aria-live="polite">
        {first}–{last} of {count} {noun}
      </p>
      <SelectField
        className="admin-pagination__size"
        label="Rows per page"
        name="page_size"
        value={String(pageSize)}
        options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
        onChange={(value) => onPageSize(Number(value))}
      />
      <div className="admin-pagination__buttons">
        <IonButton fill="outline" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          <IonIcon slot="start" icon={chevronBackOutline} aria-hidden="true" />
          Previous
        </IonButton>
        <span className="admin-pagination__page">
          Page {Math.min(page, pages)} of {pages}
        </span>
        <IonButton fill="outline" onClick={() => onPage(page + 1)} disabled={page >= pages}>
          Next
          <IonIcon slot="end" icon={chevronForwardOutline} aria-hidden="true" />
        </IonButton>
      </div>
    </nav>
  );
}
