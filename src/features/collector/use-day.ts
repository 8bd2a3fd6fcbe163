import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../../shared/api/error-text';
import { isApiError } from '../../shared/api/api-error';
import { connectivity } from '../../shared/offline/connectivity';
import { serverNow } from '../../shared/api/server-clock';
import { addDays, dayStart, todayIn } from './days';
import { loadDay, refreshDay, type Day } from './local-store';

export interface DayView {
  day: Day | null;
  /** First read of the cache. */
  isLoading: boolean;
  isRefreshing: boolean;
  /** Why the last refresh failed (the cached day is still shown). */
  refreshError: string | null;
  refresh: () => Promise<void>;
  reload: () => Promise<void>;
}

const REFRESH_FAILED = 'Could not refresh the day.';
const OFFLINE_NOTICE = 'Offline: showing the day saved on this device.';

/**
 * Today's and tomorrow's sessions: shown from IndexedDB at once, then refreshed from the server when
 * online. Offline, the cached day is the day.
 */
export function useDay(userId: string | null, organizationId: string | null): DayView {
  const [day, setDay] = useState<Day | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  const [isRefreshing, setIsRefreshing] = useState(false);
  const [refreshError, setRefreshError] = useState<string | null>(null);
  const scope = useRef('');
  /** Refreshes under way: "Updated" shows only when the last one ended, not the first of two. */
  const inFlight = useRef(0);

  const reload = useCallback(async () => {
    if (!userId || !organizationId) {
      return;
    }
    const wanted = `${userId}/${organizationId}`;
    const next = await loadDay(userId, organizationId);
    if (scope.current === wanted) {
      setDay(next);
    }
  }, [userId, organizationId]);

  const refresh = useCallback(async () => {
    if (!userId || !organizationId) {
      return;
    }
    inFlight.current += 1;
    setIsRefreshing(true);
    try {
      try {
        await refreshDay(userId, organizationId);
        setRefreshError(null);
      } catch (error) {
        setRefreshError(isApiError(error) && error.isNetworkError ? OFFLINE_NOTICE : errorText(error, REFRESH_FAILED));
      }
      await reload();
    } finally {
      inFlight.current -= 1;
      // After the reload: the list on screen is the stored one by the time it says "Updated".
      setIsRefreshing(inFlight.current > 0);
    }
  }, [userId, organizationId, reload]);

  useEffect(() => {
    scope.current = `${userId}/${organizationId}`;
    setDay(null);
    setRefreshError(null);
    if (!userId || !organizationId) {
      setIsLoading(false);
      return;
    }
    setIsLoading(true);
    void reload().finally(() => {
      setIsLoading(false);
      if (connectivity.online) {
        void refresh();
      } else {
        setRefreshError(OFFLINE_NOTICE);
      }
    });
  }, [userId, organizationId, reload, refresh]);

  // Back online, the day is fetched again by itself: the offline notice goes once it is in.
  useEffect(() => connectivity.subscribe((isOnline) => isOnline && void refresh()), [refresh]);

  // At the organization's midnight (in its time zone, whatever the device's) today and tomorrow move
  // on: the new pair is fetched, or offline the list is read again so its headings follow the date.
  const timeZone = day?.context?.timezone;
  useEffect(() => {
    if (!timeZone) {
      return;
    }
    const nextDay = dayStart(addDays(todayIn(timeZone), 1), timeZone);
    const timer = setTimeout(() => void (connectivity.online ? refresh() : reload()), nextDay - serverNow() + 1_000);
    return () => clearTimeout(timer);
  }, [timeZone, day, refresh, reload]);

  return { day, isLoading, isRefreshing, refreshError, refresh, reload };
}
