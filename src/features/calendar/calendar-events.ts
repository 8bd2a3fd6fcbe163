import type { EventInput } from '@fullcalendar/react';
import type { CalendarEvent } from '../../../contract/calendar';
import type { ResponseAt } from '../../shared/api/client';
import type { calendar } from '../../../contract/routes';
import { formatTime } from '../../shared/ui/time-zones';
import { instantToWallTime } from './zone';

type ItemsAnswer = ResponseAt<typeof calendar.calendarItems>;
type Lookup = ItemsAnswer['therapists'];
export type ColourBy = 'therapist' | 'department';

/** A therapist, student or department the calendar names. */
export interface Named {
  id: string;
  name: string;
}

/** One session as the screen uses it. */
export interface CalendarSession {
  id: string;
  start_at: string;
  end_at: string;
  status: ItemsAnswer['sessions'][number][3];
  therapist_id: string;
  student_id: string;
  department_id: string | null;
  /** When it was started (to the minute), null until then; the block stays at its planned time. */
  started_at: string | null;
}

/** The calendar's answer with its sessions and names as one object each. */
export type CalendarItems = Pick<ItemsAnswer, 'time_zone' | 'events'> & {
  sessions: CalendarSession[];
  therapists: Named[];
  students: Named[];
  departments: Named[];
};

const MINUTE_MS = 60_000;

/** "Started 9:41": a started session's actual start, beside its planned time. */
export const startedNote = (startedAt: string, zone: string) => `Started ${formatTime(startedAt, zone)}`;

/** A lookup list's people by the numbers the sessions name them by. */
function byNumber(lookup: Lookup): Map<number, Named> {
  return new Map(lookup.map(([num, id, name]) => [num, { id, name }]));
}

/**
 * The people of a lookup list the sessions name, in the list's order (a scheduler's whole calendar
 * sends the whole directory; the legend and the filters list only those on the calendar).
 */
function namedIn(people: Map<number, Named>, used: Set<number | null>): Named[] {
  return [...people].flatMap(([num, person]) => (used.has(num) ? [person] : []));
}

/** The answer's session cells (people by number) to one object per session. */
export function sessionsOf(answer: ItemsAnswer): CalendarItems {
  const therapists = byNumber(answer.therapists);
  const students = byNumber(answer.students);
  const departments = byNumber(answer.departments);
  const used = { therapists: new Set<number>(), students: new Set<number>(), departments: new Set<number | null>() };
  const sessions = answer.sessions.map(([id, startMin, minutes, status, therapist, student, department, startedMin]) => {
    used.therapists.add(therapist);
    used.students.add(student);
    used.departments.add(department);
    return {
      id,
      start_at: new Date(startMin * MINUTE_MS).toISOString(),
      end_at: new Date((startMin + minutes) * MINUTE_MS).toISOString(),
      status,
      therapist_id: therapists.get(therapist)?.id ?? '',
      student_id: students.get(student)?.id ?? '',
      department_id: department === null ? null : (departments.get(department)?.id ?? null),
      started_at: startedMin === null ? null : new Date(startedMin * MINUTE_MS).toISOString(),
    };
  });
  return {
    time_zone: answer.time_zone,
    events: answer.events,
    sessions,
    therapists: namedIn(therapists, used.therapists),
    students: namedIn(students, used.students),
    departments: namedIn(departments, used.departments),
  };
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

const byName = new Intl.Collator(undefined, { sensitivity: 'base' });

/** Each therapist or department in the lists its colour, in name order. */
export function legendOf(items: CalendarItems, by: ColourBy): LegendEntry[] {
  const list = [...(by === 'therapist' ? items.therapists : items.departments)].sort((a, b) => byName.compare(a.name, b.name));
  return list.map((entry, index) => ({ id: entry.id, name: entry.name, colour: PALETTE[index % PALETTE.length] ?? NO_DEPARTMENT_COLOUR }));
}

const KIND_WORD: Record<CalendarEvent['kind'], string> = {
  meeting: 'Meeting',
  training: 'Training',
  holiday: 'Holiday',
  closure: 'Closed',
};

/**
 * What the calendar draws for each session: "Student with Therapist", cancelled ones saying so. A
 * started session stays at its planned time, as on the collector's day list, and says when it was
 * started: "· Started 9:41".
 */
function sessionInputs(items: CalendarItems, by: ColourBy, canMove: boolean, zone: string): EventInput[] {
  const names = new Map<string, string>();
  for (const entry of [...items.therapists, ...items.students, ...items.departments]) {
    names.set(entry.id, entry.name);
  }
  const colours = new Map(legendOf(items, by).map((entry) => [entry.id, entry.colour]));
  return items.sessions.map((session) => {
    const key = by === 'therapist' ? session.therapist_id : session.department_id;
    const isCancelled = session.status === 'cancelled';
    const who = `${names.get(session.student_id) ?? 'Student'} with ${names.get(session.therapist_id) ?? 'therapist'}`;
    const started = session.started_at ? ` · ${startedNote(session.started_at, zone)}` : '';
    return {
      id: session.id,
      title: `${isCancelled ? `Cancelled: ${who}` : who}${started}`,
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
  return [...eventInputs(items.events, zone), ...sessionInputs(items, by, canMove, zone)];
}
