import { useEffect, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { IonButton } from '@ionic/react';
import { documentTextOutline } from 'ionicons/icons';
import type { OrganizationPageProps } from '../../../shared/routing/app-route';
import { studentPath } from '../../../shared/routing/student-links';
import { Screen } from '../../../shared/ui/screen';
import { EmptyState, QueryWaiting } from '../../../shared/ui/page-states';
import { HISTORY_PAGE_SIZE, sessionHistoryQueries } from '../queries';
import { SESSION_HISTORY_ERROR_TEXT } from '../error-text';
import { SessionRow } from '../components/session-row';
import '../session-history.css';

/** How many pages the screen turns on its own looking for the session it was opened at. */
const SEEK_PAGES = 10;

/** A student's sessions, newest first; `?session=<id>` opens that one and scrolls to it. */
export function SessionHistoryRoute({ organization }: OrganizationPageProps) {
  const { studentId = '' } = useParams<{ studentId: string }>();
  const [search] = useSearchParams();
  return (
    <SessionHistoryPage
      key={studentId}
      organizationId={organization.id}
      timeZone={organization.timezone}
      studentId={studentId}
      openAt={search.get('session')}
    />
  );
}

interface PageProps {
  organizationId: string;
  timeZone: string;
  studentId: string;
  openAt: string | null;
}

function SessionHistoryPage({ organizationId, timeZone, studentId, openAt }: PageProps) {
  const [page, setPage] = useState(1);
  const query = useQuery(sessionHistoryQueries.sessions(organizationId, studentId, page));
  const [open, setOpen] = useState<Set<string>>(() => new Set(openAt ? [openAt] : []));
  const data = query.data;
  const goals = useMemo(() => new Map((data?.goals ?? []).map((g) => [g.id, g])), [data]);
  const found = Boolean(openAt && data?.results.some((s) => s.id === openAt));
  // The session asked for may be further back: turn the pages until it shows (a few at most).
  useEffect(() => {
    if (openAt && data && !found && data.next && page < SEEK_PAGES) {
      setPage((p) => p + 1);
    }
  }, [openAt, data, found, page]);
  useEffect(() => {
    if (found && openAt) {
      const row = document.getElementById(`session-${openAt}`);
      row?.scrollIntoView({ block: 'start' });
      row?.querySelector<HTMLButtonElement>('button')?.focus({ preventScroll: true });
    }
  }, [found, openAt]);
  const name = data ? `${data.student.first_name} ${data.student.last_name}` : '';
  const pages = data ? Math.max(1, Math.ceil(data.count / HISTORY_PAGE_SIZE)) : 1;
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) {
        next.add(id);
      }
      return next;
    });
  return (
    <Screen title="Session history">
      {!data ? (
        <QueryWaiting query={query} label="Loading the sessions…" errorText={SESSION_HISTORY_ERROR_TEXT.fetchHistory} />
      ) : (
        <>
          <header className="sh-head">
            <h2 className="card-title">{name}</h2>
            <Link to={studentPath(studentId)}>{name}’s record</Link>
          </header>
          <p className="muted">
            {data.scope === 'own'
              ? 'The sessions you ran with this student, newest first.'
              : 'Every session of this student, newest first.'}
          </p>
          {data.count === 0 ? (
            <EmptyState icon={documentTextOutline} title="No sessions yet">
              Sessions appear here once they have started, ended or been called off.
            </EmptyState>
          ) : (
            <ol className="sh-list" aria-label={`Sessions of ${name}`}>
              {data.results.map((s) => (
                <SessionRow
                  key={s.id}
                  session={s}
                  goals={goals}
                  timeZone={timeZone}
                  isOpen={open.has(s.id)}
                  onToggle={() => toggle(s.id)}
                />
              ))}
            </ol>
          )}
          <Pager page={page} pages={pages} hasNewer={Boolean(data.previous)} hasOlder={Boolean(data.next)} onPage={setPage} />
        </>
      )}
    </Screen>
  );
}

interface PagerProps {
  page: number;
  pages: number;
  hasNewer: boolean;
  hasOlder: boolean;
  onPage: (page: number) => void;
}

/** Newer and older pages of sessions, with where the reader is. */
function Pager({ page, pages, hasNewer, hasOlder, onPage }: PagerProps) {
  if (pages <= 1) {
    return null;
  }
  return (
    <nav className="sh-pager" aria-label="Pages of sessions">
      <IonButton fill="outline" disabled={!hasNewer} onClick={() => onPage(page - 1)}>
        Newer
      </IonButton>
      <span aria-live="polite">
        Page {page} of {pages}
      </span>
      <IonButton fill="outline" disabled={!hasOlder} onClick={() => onPage(page + 1)}>
        Older
      </IonButton>
    </nav>
  );
}
