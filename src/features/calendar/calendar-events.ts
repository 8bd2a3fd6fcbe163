import type { EventInput } from '@fullcalendar/react';
import type { CalendarEvent } from '../../../contract/calendar';
import type { ResponseAt } from '../../shared/api/client';
import type { calendar } from '../../../contract/routes';
import { instantToWallTime } from './zone';

type ItemsAnswer = ResponseAt<typeof calendar.calendarItems>;
type Named = ItemsAnswer['therapists'][number];
export type ColourBy = 'therapist' | 'department';

/** One session as the screen uses it. */
export interface CalendarSession {
  id: string;
  start_at: string;
  end_at: string;
  status: ItemsAnswer['sessions']['status'][number];
  therapist_id: string;
  student_id: string;
  department_id: string | null;
}

/** The calendar's answer with its sessions as one object each. */
export type CalendarItems = Omit<ItemsAnswer, 'sessions'> & { sessions: CalendarSession[] };

/** The answer's columns (people as places in the lookup lists) to one object per session. */
export function sessionsOf(answer: ItemsAnswer): CalendarItems {
  const columns = answer.sessions;
  const idAt = (list: Named[], at: number | null | undefined) => (at === null || at === undefined ? null : (list[at]?.id ?? null));
  const sessions = columns.id.map((id, i) => ({
    id,
    start_at: new Date(columns.start_ms[i] ?? 0).toISOString(),
    end_at: new Date(columns.end_ms[i] ?? 0).toISOString(),
    status: columns.status[i] ?? 'scheduled',
    therapist_id: idAt(answer.therapists, columns.therapist[i]) ?? '',
    student_id: idAt(answer.students, columns.student[i]) ?? '',
    department_id: idAt(answer.departments, columns.department[i]),
  }));
  return { ...answer, sessions };
}

/**
 * Colours for therapists or departments: dark enough for white text (4.5:1 and more), and told
 * apart by hue. More people than colours share them; the legend names each one.
 */
export const PALETTE = ['#1d4ed8', '#b91c1c', '#047857', '#7e22ce', '#b45309', '#0e7490', '#be185d', '#4d7c0f', '#4338ca', '#9a3412'];
export const NO_DEPARTMENT_COLOUR = '#52525b';
const EVENT_COLOUR: Record<CalendarEvent['kind'], string> = {
  meeting: '#374151',
  training: '#374151',
  holiday: '#57534e',
  closure: '#57534e',
};

export interface LegendEntry {
  id: string;
  name: string;
  colour: string;
}

/** Each therapist or department in the lists its colour, in list order (the server sends them by name). */
export function legendOf(items: CalendarItems, by: ColourBy): LegendEntry[] {
  const list = by === 'therapist' ? items.therapists : items.departments;
  return list.map((entry, index) => ({ id: entry.id, name: entry.name, colour: PALETTE[index % PALETTE.length] ?? NO_DEPARTMENT_COLOUR }));
}

const KIND_WORD: Record<CalendarEvent['kind'], string> = {
  meeting: 'Meeting',
  training: 'Training',
  holiday: 'Holiday',
  closure: 'Closed',
};

/** What the calendar draws for each session: "Student with Therapist", cancelled ones saying so. */
function sessionInputs(items: CalendarItems, by: ColourBy, canMove: boolean): EventInput[] {
  const names = new Map<string, string>();
  for (const entry of [...items.therapists, ...items.students, ...items.departments]) {
    names.set(entry.id, entry.name);
  }
  const colours = new Map(legendOf(items, by).map((entry) => [entry.id, entry.colour]));
  return items.sessions.map((session) => {
    const key = by === 'therapist' ? session.therapist_id : session.department_id;
    const isCancelled = session.status === 'cancelled';
    const who = `${names.get(session.student_id) ?? 'Student'} with ${names.get(session.therapist_id) ?? 'therapist'}`;
    return {
      id: session.id,
      title: isCancelled ? `Cancelled: ${who}` : who,
      start: session.start_at,
      end: session.end_at,
      color: (key && colours.get(key)) ?? NO_DEPARTMENT_COLOUR,
      editable: canMove && session.status === 'scheduled',
      interactive: true,
      className: isCancelled ? 'cal-event cal-event--cancelled' : 'cal-event',
      extendedProps: { type: 'session' },
    };
  });
}

/**
 * Events of whole days are given as the organization's days ("2026-12-25"), not instants, so they
 * fill the days the organization means whatever zone the device is in.
 */
function eventInputs(events: CalendarEvent[], zone: string): EventInput[] {
  return events.map((event) => ({
    id: event.id,
    // "Training: First aid" unless the title already says what it is.
    title: event.title.toLowerCase().startsWith(KIND_WORD[event.kind].toLowerCase())
      ? event.title
      : `${KIND_WORD[event.kind]}: ${event.title}`,
    start: event.all_day ? instantToWallTime(event.start_at, zone).date : event.start_at,
    end: event.all_day ? instantToWallTime(event.end_at, zone).date : event.end_at,
    allDay: event.all_day,
    color: EVENT_COLOUR[event.kind],
    editable: false,
    interactive: true,
    className: `cal-event cal-event--${event.kind}`,
    extendedProps: { type: 'event' },
  }));
}

/** Sessions and events as FullCalendar's inputs. */
export function calendarInputs(items: CalendarItems, by: ColourBy, canMove: boolean, zone: string): EventInput[] {
  return [...eventInputs(items.events, zone), ...sessionInputs(items, by, canMove)];
}
