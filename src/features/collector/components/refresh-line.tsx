import { IonSpinner } from '@ionic/react';
import { refreshOutline } from 'ionicons/icons';
import { IconButton } from '../../../shared/ui/icon-button';
import { ago } from '../format';

interface Props {
  isRefreshing: boolean;
  lastRefreshAt: number | null | undefined;
  refreshError: string | null;
  now: number;
  onRefresh: () => void;
}

/** Today's first line: when the day on this device was last fetched, why the last try failed, and Refresh. */
export function RefreshLine({ isRefreshing, lastRefreshAt, refreshError, now, onRefresh }: Props) {
  return (
    <div className="refresh-line">
      <p className="muted" aria-live="polite" data-testid="last-refresh">
        {isRefreshing ? (
          <>
            <IonSpinner name="dots" aria-hidden="true" /> Updating…
          </>
        ) : lastRefreshAt ? (
          `Updated ${ago(lastRefreshAt, now)}`
        ) : (
          'Not updated yet'
        )}
        {refreshError && !isRefreshing ? <span className="refresh-line__error"> · {refreshError}</span> : null}
      </p>
      <IconButton icon={refreshOutline} fill="clear" onClick={onRefresh} disabled={isRefreshing}>
        Refresh
      </IconButton>
    </div>
  );
}
