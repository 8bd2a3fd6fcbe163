import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../../shared/api/error-text';
import { ErrorState, LoadingState } from '../../../shared/ui/page-states';
import { SCHEDULING_ERROR_TEXT } from '../error-text';
import { dayIn, timeIn } from '../plan-words';
import { schedulingQueries } from '../queries';

/** What happened to the session, oldest first: each change in a sentence, who did it, and when. */
export function SessionHistory({ organizationId, sessionId, timeZone }: { organizationId: string; sessionId: string; timeZone: string }) {
  const activities = useQuery(schedulingQueries.activities(organizationId, sessionId));
  if (activities.isPending) {
    return <LoadingState label="Loading the history…" />;
  }
  if (activities.isError) {
    return (
      <ErrorState
        title="The history could not be loaded"
        message={errorText(activities.error, SCHEDULING_ERROR_TEXT.fetchActivities)}
        onRetry={() => void activities.refetch()}
      />
    );
  }
  if (activities.data.results.length === 0) {
    return <p className="muted">Nothing has happened to this session yet.</p>;
  }
  return (
    <ol className="session-history">
      {activities.data.results.map((a) => (
        <li key={a.id}>
          <p>{a.sentence}</p>
          <p className="muted">
            {a.by}
            {a.acting_as ? ` (as ${a.acting_as})` : ''} ·{' '}
            <time dateTime={a.at}>{`${dayIn(a.at, timeZone)}, ${timeIn(a.at, timeZone)}`}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}
