import { Suspense, memo, useCallback, useEffect, useState } from 'react';
import { IonButton, IonButtons, IonContent, IonHeader, IonMenuButton, IonTitle, IonToolbar } from '@ionic/react';
import { IconButton } from '../../../shared/ui/icon-button';
import { arrowBackOutline } from 'ionicons/icons';
import { useParams } from 'react-router-dom';
import { useAuth } from '../../../shared/auth/auth-store';
import type { CachedSession } from '../../../shared/db/types';
import { setFocusMode } from '../../../shared/ui/focus-mode';
import { ErrorState, LoadingState } from '../../../shared/ui/page-states';
import { EndSessionModal } from '../components/end-session-modal';
import { GoalCard } from '../components/goal-card';
import { SessionBar } from '../components/session-bar';
import { SessionChangeNote } from '../components/session-change-note';
import { StartSessionCard } from '../components/start-session-card';
import { SyncIndicator } from '../components/sync-indicator';
import { STATUS_LABEL, studentName, timeOf } from '../format';
import { LiveStateContext } from '../live-state';
import { useCollectorSession } from '../use-collector-session';
import { ConflictsNotice, ConflictsPanel, TrialNotesContext, useSessionConflicts } from '../use-session-conflicts';
import { outbox } from '../../../shared/outbox/outbox';
import { useIsActiveView, useNow } from '../use-outbox-status';
import '../collector.css';

/** The data collector for one session: start, record per goal and target, end. Works offline. */
// size: 128 lines — the screen's wiring: the collector session's state and the states a session can be in
// (loading, missing, scheduled, recording, ended) read together; its parts are components already.
export function SessionPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { user, activeOrganizationId } = useAuth();
  const { state, live, status, saved, failure, dismissFailure, handlers, resync } = useCollectorSession(
    user?.id ?? null,
    id,
    activeOrganizationId,
  );
  const [isEnding, setIsEnding] = useState(false);
  const undo = useCallback(() => void handlers.undo(), [handlers]);
  const askEnd = useCallback(() => setIsEnding(true), []);
  const closeEnd = useCallback(() => setIsEnding(false), []);
  const now = useNow();
  const isActive = useIsActiveView();
  const session = state?.session;
  // Focused on one goal, the collector takes the whole screen: the shell hides its menu meanwhile.
  const isFocused = isActive && Boolean(state?.focus);
  const [screen] = useState(() => ({}));
  useEffect(() => {
    setFocusMode(screen, isFocused);
    return () => setFocusMode(screen, false);
  }, [screen, isFocused]);
  const { conflicts, notes, replaced } = useSessionConflicts(session, resync, state?.timeZone);

  function body() {
    if (status === 'loading' || !state || !session) {
      if (status === 'missing') {
        return (
          <ErrorState
            title="This session is not on this device"
            message="Open it from Today while online, so it is saved here for offline use."
          />
        );
      }
      if (status === 'error') {
        return <ErrorState message="The session could not be read from this device." onRetry={() => window.location.reload()} />;
      }
      return <LoadingState label="Opening the session…" />;
    }
    const status_ = session.localStatus;
    const canRecord = status_ === 'in_progress' || status_ === 'completed' || status_ === 'ended_early';
    const focused = state.focus ? state.goals.find((g) => g.goal_id === state.focus?.goalId) : undefined;
    const goals = focused ? [focused] : state.goals;
    return (
      <TrialNotesContext.Provider value={notes}>
        {conflicts?.conflicts.length ? (
          <Suspense fallback={null}>
            <ConflictsNotice replaced={replaced} total={conflicts.conflicts.length} />
          </Suspense>
        ) : null}
        <SessionChangeNote session={session} timeZone={state.timeZone} />
        {status_ === 'scheduled' && <StartSessionCard startAt={session.start_at} timeZone={state.timeZone} onStart={handlers.start} />}
        {canRecord && status_ !== 'in_progress' && (
          <p className="ended-note" role="note">
            This session ended ({STATUS_LABEL[status_]}
            {session.client_ended_at ? ` at ${timeOf(session.client_ended_at, state.timeZone)}` : ''}). You can still add late data and
            correct it.
          </p>
        )}
        {(status_ === 'cancelled' || status_ === 'no_show') && (
          <p className="ended-note" role="note">
            This session was marked {STATUS_LABEL[status_].toLowerCase()}. Nothing is recorded for it.
          </p>
        )}
        {focused && (
          <p className="focus-note">
            Focus on one goal.{' '}
            <IonButton fill="clear" size="small" onClick={() => void handlers.focus(null)}>
              Show all goals
            </IonButton>
          </p>
        )}
        {goals.length === 0 ? (
          <p className="muted">
            No goals are assigned to this student in this department yet, so there is nothing to score. You can still run the session and
            write a note when you end it.
          </p>
        ) : (
          goals.map((goal) => (
            <GoalCard key={goal.goal_id} goal={goal} state={state} canRecord={canRecord} isFocused={goal === focused} handlers={handlers} />
          ))
        )}
        {conflicts?.conflicts.length ? (
          <Suspense fallback={null}>
            <ConflictsPanel conflicts={conflicts} goals={state.goals} deviceId={outbox.deviceId} timeZone={state.timeZone} />
          </Suspense>
        ) : null}
      </TrialNotesContext.Provider>
    );
  }

  return (
    <LiveStateContext.Provider value={live}>
      <IonHeader>
        <TitleBar session={session} isActive={isActive} />
        {session && state && (
          <IonToolbar className="session-toolbar">
            <SessionBar
              session={session}
              timeZone={state.timeZone}
              lastUndo={state.undo.at(-1)}
              saved={saved}
              now={now}
              onUndo={undo}
              onEnd={askEnd}
            />
          </IonToolbar>
        )}
      </IonHeader>
      <IonContent>
        <div className="page session-page">
          {failure && (
            <div className="tap-failure" role="alert">
              <p>{failure}</p>
              <IonButton fill="clear" onClick={dismissFailure}>
                Dismiss
              </IonButton>
            </div>
          )}
          {body()}
        </div>
      </IonContent>
      {session && (
        <EndSessionModal isOpen={isEnding} session={session} timeZone={state?.timeZone} onClose={closeEnd} onEnd={handlers.end} />
      )}
    </LiveStateContext.Provider>
  );
}

/** The title toolbar: the same between taps, so memoized (a tap re-renders only what it changed). */
const TitleBar = memo(function TitleBar({ session, isActive }: { session: CachedSession | undefined; isActive: boolean }) {
  return (
    <IonToolbar color="primary">
      <IonButtons slot="start">
        {/* The menu is an overlay on tablets; the button hides itself beside the split pane and in focus mode. */}
        <IonMenuButton aria-label="Open navigation" />
        <IconButton icon={arrowBackOutline} routerLink="/collector" routerDirection="back" className="back-to-today">
          Today
        </IconButton>
      </IonButtons>
      <IonTitle>
        <h1 className="toolbar-title">
          {session ? studentName(session.student) : 'Session'}
          {session?.department && <span className="toolbar-title__sub"> · {session.department.name}</span>}
        </h1>
      </IonTitle>
      <IonButtons slot="end">{isActive && <SyncIndicator />}</IonButtons>
    </IonToolbar>
  );
});
