import { IonButton } from '@ionic/react';
import type { MyOrganization } from '../../../../contract/organizations';
import type { MyAccess } from '../../../shared/access/my-access';
import { Screen } from '../../../shared/ui/screen';
import { useCalendarScreen, type CalendarScreen } from '../use-calendar-screen';
import { legendOf } from '../calendar-events';
import { instantToWallTime } from '../zone';
import { CalendarView } from '../components/calendar-view';
import { CalendarFilters } from '../components/calendar-filters';
import { CalendarLegend } from '../components/calendar-legend';
import { CalendarNotice, PLAN_PATH, SUBSCRIPTION_PATH } from '../components/calendar-notice';
import { CalendarPanel, type RenderSession } from '../components/calendar-panel';
import { CalendarSheets } from '../components/calendar-sheets';
import '../calendar.css';

export interface CalendarPageProps {
  organization: MyOrganization;
  access: MyAccess;
  /** The session panel another feature provides; without it the calendar shows a session's essentials itself. */
  renderSession?: RenderSession;
}

/** Opens the move form for a session: from a drop (with the new times and a way back) or from its panel. */
function moveSession(screen: CalendarScreen, id: string, to?: { start: string; end: string }, revert?: () => void) {
  const session = screen.items.data?.sessions.find((row) => row.id === id);
  if (!session) {
    revert?.();
    return;
  }
  const who = `${screen.known.names.get(session.student_id) ?? 'Student'} with ${screen.known.names.get(session.therapist_id) ?? 'therapist'}`;
  const from = { start: session.start_at, end: session.end_at };
  screen.setSheet({ kind: 'move', request: { sessionId: id, who, from, to: to ?? from, revert } });
}

/** The next whole hour today, in the organization's zone: where "New session" starts. */
function nextHour(zone: string) {
  return { start: instantToWallTime(new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000), zone), endTime: '' };
}

/** The calendar: sessions and events by day, week or month, in the organization's time zone. */
export function CalendarPage({ organization, access, renderSession }: CalendarPageProps) {
  const screen = useCalendarScreen(organization, access);
  const { zone, can, items } = screen;
  const newSession = () => screen.setSheet({ kind: 'session', slot: nextHour(zone) });
  const newEvent = () => {
    const { date } = nextHour(zone).start;
    screen.setSheet({ kind: 'event', event: null, slot: { date, lastDate: date, time: '09:00', endTime: '10:00', allDay: false } });
  };
  const open = (type: 'session' | 'event', id: string) => {
    const event = type === 'event' && can.manageEvents ? items.data?.events.find((row) => row.id === id) : undefined;
    if (event) {
      screen.setSheet({ kind: 'event', event, slot: { date: '', lastDate: '', time: '', endTime: '', allDay: event.all_day } });
    } else {
      screen.setOpened({ type, id });
    }
  };
  const actions = (
    <>
      {can.createSessions && <IonButton onClick={newSession}>New session</IonButton>}
      {can.createSessions && (
        <IonButton fill="outline" routerLink={PLAN_PATH}>
          Plan a schedule
        </IonButton>
      )}
      {can.manageEvents && <IonButton onClick={newEvent}>New event</IonButton>}
      {access.membershipId !== null && (
        <IonButton fill="clear" routerLink={SUBSCRIPTION_PATH}>
          On your phone
        </IonButton>
      )}
    </>
  );
  return (
    <Screen title="Calendar" end={actions} className="page cal-page">
      <CalendarFilters
        filters={screen.filters}
        onFilters={screen.setFilters}
        lists={screen.known.lists}
        hasTherapistFilter={organization.role !== 'therapist'}
        colourBy={screen.colourBy}
        onColourBy={screen.setColourBy}
      />
      <CalendarNotice screen={screen} onNewSession={newSession} />
      <div className="cal-layout">
        <div className="cal-view">
          <CalendarView
            zone={zone}
            items={items.data}
            colourBy={screen.colourBy}
            canMoveSessions={can.moveSessions}
            canSelect={can.createSessions || can.manageEvents}
            place={screen.place}
            onRange={screen.onRange}
            onSelectSlot={screen.chooseSlot}
            onMoveSession={(id, start, end, revert) =>
              moveSession(screen, id, { start: start.toISOString(), end: end.toISOString() }, revert)
            }
            onOpen={open}
          />
        </div>
        <CalendarPanel screen={screen} renderSession={renderSession} onMove={(id) => moveSession(screen, id)} />
      </div>
      {items.data && <CalendarLegend entries={legendOf(items.data, screen.colourBy)} colourBy={screen.colourBy} />}
      <CalendarSheets
        sheet={screen.sheet}
        orgCode={organization.code}
        organizationId={organization.id}
        zone={zone}
        canOverride={can.override}
        onClose={() => screen.setSheet(null)}
      />
    </Screen>
  );
}
