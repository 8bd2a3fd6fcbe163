import { IonButton } from '@ionic/react';
import { errorText } from '../../../shared/api/error-text';
import { ErrorState } from '../../../shared/ui/page-states';
import { CALENDAR_ERROR_TEXT } from '../error-text';
import type { CalendarScreen } from '../use-calendar-screen';
import { isDeviceZone } from '../zone';

/** The address of the plan-a-schedule screen (the scheduling feature's). */
export const PLAN_PATH = '/organization/schedule/plan';
export const SUBSCRIPTION_PATH = '/organization/schedule/subscription';

interface CalendarNoticeProps {
  screen: CalendarScreen;
  onNewSession: () => void;
}

/** Above the calendar: which zone its times are in, and whether it is loading, failed, or has no sessions to show. */
export function CalendarNotice({ screen, onNewSession }: CalendarNoticeProps) {
  const { items, zone, can } = screen;
  if (items.isError && !items.data) {
    return (
      <ErrorState
        title="The calendar could not load"
        message={errorText(items.error, CALENDAR_ERROR_TEXT.fetchCalendar)}
        onRetry={() => void items.refetch()}
      />
    );
  }
  const isEmpty = items.data !== undefined && items.data.sessions.length === 0;
  return (
    <div className="cal-notice">
      {!isDeviceZone(zone) && <p className="cal-notice__zone">Times in {zone.replace(/_/g, ' ')}</p>}
      <p className="cal-notice__state" role="status" aria-live="polite">
        {items.isPending && screen.range ? 'Loading the calendar…' : items.isFetching ? 'Updating…' : ''}
      </p>
      {isEmpty && (
        <div className="cal-notice__empty">
          <p>No sessions in this range.</p>
          {can.createSessions && (
            <>
              <IonButton size="small" onClick={onNewSession}>
                New session
              </IonButton>
              <IonButton size="small" fill="outline" routerLink={PLAN_PATH}>
                Plan a schedule
              </IonButton>
            </>
          )}
        </div>
      )}
    </div>
  );
}
