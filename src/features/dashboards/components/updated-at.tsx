import { IonButton } from '@ionic/react';

const TIME = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

interface UpdatedAtProps {
  at: Date | null;
  isFetching: boolean;
  /** The last refetch failed: the figures shown are the ones from `at`. */
  hasFailed: boolean;
  onRetry: () => void;
}

/** When the figures on screen were fetched (this device's clock), and whether newer ones are on their way. */
export function UpdatedAt({ at, isFetching, hasFailed, onRetry }: UpdatedAtProps) {
  return (
    <p className="dashboard__updated muted" role="status">
      {at ? `Updated ${TIME.format(at)}` : 'Not updated yet'}
      {isFetching ? ' · Updating…' : null}
      {!isFetching && hasFailed ? (
        <>
          {' · Could not update. '}
          <IonButton fill="clear" size="small" onClick={onRetry}>
            Try again
          </IonButton>
        </>
      ) : null}
    </p>
  );
}
