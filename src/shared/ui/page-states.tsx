import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { errorText, type ErrorFallback } from '../api/error-text';
import { IonIcon, IonSpinner } from '@ionic/react';
import { IconButton } from './icon-button';
import { alertCircleOutline, refreshOutline } from 'ionicons/icons';

/** Loading: a spinner with words, announced politely. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="state state--loading" role="status" aria-live="polite">
      <IonSpinner name="crescent" aria-hidden="true" />
      <p>{label}</p>
    </div>
  );
}

/** A failed load: what went wrong and a way to try again. */
export function ErrorState({
  title = 'Something went wrong',
  message,
  onRetry,
}: {
  title?: string;
  message: string;
  onRetry?: () => void;
}) {
  return (
    <div className="state state--error" role="alert">
      <IonIcon icon={alertCircleOutline} aria-hidden="true" className="state__icon" />
      <h2>{title}</h2>
      <p>{message}</p>
      {onRetry && (
        <IconButton icon={refreshOutline} fill="outline" onClick={onRetry}>
          Try again
        </IconButton>
      )}
    </div>
  );
}

/** Nothing to show yet: say why, and what to do next. */
export function EmptyState({ icon, title, children, action }: { icon: string; title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="state state--empty">
      <IonIcon icon={icon} aria-hidden="true" className="state__icon" />
      <h2>{title}</h2>
      {children && <p>{children}</p>}
      {action}
    </div>
  );
}

/** A page whose thing is not there (deleted, another organization's, out of the reader's reach): why, and the way back. */
export function NotFoundState({
  icon,
  title,
  back,
  children,
}: {
  icon: string;
  title: string;
  back: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      action={
        <Link className="admin-link" to={back.to}>
          {back.label}
        </Link>
      }
    >
      {children}
    </EmptyState>
  );
}

/**
 * A read not answered yet: loading, in `label`'s words, or its failure in the call's own fallback
 * sentence with a way to try again. A screen shows it until its query has succeeded.
 */
export function QueryWaiting({
  query,
  label,
  errorText: fallback,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  label: string;
  errorText: ErrorFallback;
}) {
  if (query.isPending) {
    return <LoadingState label={label} />;
  }
  return <ErrorState message={errorText(query.error, fallback)} onRetry={() => void query.refetch()} />;
}
