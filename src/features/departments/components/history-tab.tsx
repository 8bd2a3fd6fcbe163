import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AdminPagination } from '../../../shared/admin/admin-pagination';
import { EmptyState, QueryWaiting } from '../../../shared/ui/page-states';
import { OrgMoment } from '../../../shared/ui/org-zone';
import { historySentence } from '../history-text';
import { timeOutline } from 'ionicons/icons';
import { departmentQueries } from '../queries';
import { DEPARTMENTS_ERROR_TEXT } from '../error-text';

/** Who changed what in the department, its team, students and their therapists, newest first (the audit trail). */
export function HistoryTab({ orgCode, departmentId }: { orgCode: string; departmentId: string }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const query = useQuery(departmentQueries.history(orgCode, departmentId, { page, pageSize }));
  if (!query.isSuccess) {
    return <QueryWaiting query={query} label="Loading the history…" errorText={DEPARTMENTS_ERROR_TEXT.fetchDepartmentHistory} />;
  }
  if (query.data.count === 0) {
    return (
      <EmptyState icon={timeOutline} title="No history yet">
        Changes to this department will be listed here.
      </EmptyState>
    );
  }
  return (
    <>
      <ol className={query.isPlaceholderData ? 'dept-history dept-history--stale' : 'dept-history'} aria-label="Changes, newest first">
        {query.data.results.map((entry) => (
          <li key={entry.id} className="dept-history__item">
            <span className="dept-history__text">{historySentence(entry)}</span>
            <span className="dept-history__time muted">
              <OrgMoment at={entry.at} />
            </span>
          </li>
        ))}
      </ol>
      <AdminPagination
        page={page}
        pageSize={pageSize}
        count={query.data.count}
        noun={query.data.count === 1 ? 'change' : 'changes'}
        onPage={setPage}
        onPageSize={(size) => {
          setPageSize(size);
          setPage(1);
        }}
      />
    </>
  );
}
