import { IonButton } from '@ionic/react';

import { formatOrgTime } from '../../../shared/ui/time-zones';
import { useOrgZone } from '../../../shared/ui/org-zone';

interface UpdatedAtProps {
  at: Date | null;
  isFetching: boolean;
  /** The last refetch failed: the figures shown are the ones from `at`. */
  hasFailed: boolean;
  onRetry: () => void;
}

/** When the figures on screen were fetched (on the organization's clock), and whether newer ones are on their way. */
export function UpdatedAt({ at, isFetching, hasFailed, onRetry }: UpdatedAtProps) {
  const zone = useOrgZone();
  return (
    <p className="dashboard__updated muted" role="status">
      {at ? `Updated ${formatOrgTime(at, zone)}` : 'Not updated yet'}
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
