import { useMemo } from 'react';
import FullCalendar, { type EventChangeInfo } from '@fullcalendar/react';
import classicTheme from '@fullcalendar/react/themes/classic';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { formatTime, formatTimeRange } from '../../../shared/ui/time-zones';
import { calendarInputs, type CalendarItems, type ColourBy } from '../calendar-events';
import type { CalendarPlace } from '../use-calendar-screen';

const PLUGINS = [classicTheme, dayGridPlugin, timeGridPlugin, interactionPlugin];
const TOOLBAR = { start: 'prev,next today', center: 'title', end: 'timeGridDay,timeGridWeek,dayGridMonth' };
const BUTTONS = { day: { text: 'Day' }, week: { text: 'Week' }, month: { text: 'Month' }, today: { text: 'Today' } };

export interface SlotChoice {
  start: Date;
  end: Date;
  allDay: boolean;
}

interface CalendarViewProps {
  zone: string;
  items: CalendarItems | undefined;
  colourBy: ColourBy;
  canMoveSessions: boolean;
  canSelect: boolean;
  place: CalendarPlace;
  /** The range drawn, the view's name and its first day (the current period's start, not the grid's). */
  onRange: (from: Date, to: Date, view: string, first: Date) => void;
  onSelectSlot: (slot: SlotChoice) => void;
  onMoveSession: (id: string, start: Date, end: Date, revert: () => void) => void;
  onOpen: (type: 'session' | 'event', id: string) => void;
}

/**
 * FullCalendar in the organization's zone: v7 places instants in a named zone itself (Temporal), so
 * the instants go in as the server sends them and come out of a drop as real instants. Loaded only
 * with this screen: the calendar library never joins the collector's start-up download.
 */
export function CalendarView(props: CalendarViewProps) {
  const { zone, items, colourBy, canMoveSessions, onMoveSession } = props;
  const events = useMemo(
    () => (items ? calendarInputs(items, colourBy, canMoveSessions, zone) : []),
    [items, colourBy, canMoveSessions, zone],
  );
  const move = ({ event, revert }: EventChangeInfo) => {
    if (event.start && event.end) {
      onMoveSession(event.id, event.start, event.end, revert);
    } else {
      revert();
    }
  };
  return (
    <FullCalendar
      plugins={PLUGINS}
      timeZone={zone}
      initialView={props.place.view}
      initialDate={props.place.date}
      headerToolbar={TOOLBAR}
      buttons={BUTTONS}
      height="100%"
      events={events}
      // Blocks' times through the app's one formatter: the reader's hour cycle ("10:30 – 11:30 AM"
      // in en-US, "10:30–11:30" in de-DE), in the organization's zone, seconds cut.
      eventTimeFormat={({ start, end }) =>
        end ? formatTimeRange(start.instantMs, end.instantMs, zone) : formatTime(start.instantMs, zone)
      }
      eventInteractive
      // A busy week stacks at most a few sessions side by side and counts the rest ("+12").
      eventMaxStack={4}
      dayMaxEvents
      scrollTime="07:00:00"
      nowIndicator
      selectable={props.canSelect}
      selectMirror
      datesSet={({ start, end, view }) => props.onRange(start, end, view.type, view.currentStart)}
      select={({ start, end, allDay }) => props.onSelectSlot({ start, end, allDay })}
      eventClick={({ event, jsEvent }) => {
        jsEvent.preventDefault();
        props.onOpen(event.extendedProps.type === 'event' ? 'event' : 'session', event.id);
      }}
      eventDrop={move}
      eventResize={move}
    />
  );
}
