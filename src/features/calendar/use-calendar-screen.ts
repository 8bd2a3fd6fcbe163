import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import type { MyOrganization } from '../../../contract/organizations';
import type { MyAccess } from '../../shared/access/my-access';
import { calendarQueries, type CalendarFilters, type CalendarRange } from './queries';
import type { CalendarItems, ColourBy } from './calendar-events';
import type { CalendarSheet } from './components/calendar-sheets';
import type { SlotChoice } from './components/calendar-view';
import { instantToWallTime, previousDay } from './zone';

type Named = Array<{ id: string; name: string }>;
const NO_FILTERS: CalendarFilters = { therapistId: '', studentId: '', departmentId: '' };

/**
 * Everyone the calendar has named so far. A filtered answer names only who it holds, so the filters'
 * choices keep the names of earlier answers rather than shrinking to the one chosen.
 */
function useKnownNames(items: CalendarItems | undefined) {
  const known = useRef({
    therapists: new Map<string, string>(),
    students: new Map<string, string>(),
    departments: new Map<string, string>(),
  });
  return useMemo(() => {
    const lists = known.current;
    for (const key of ['therapists', 'students', 'departments'] as const) {
      for (const row of items?.[key] ?? []) {
        lists[key].set(row.id, row.name);
      }
    }
    const sorted = (map: Map<string, string>): Named =>
      [...map].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
    const names = new Map([...lists.therapists, ...lists.students, ...lists.departments]);
    return {
      names,
      lists: { therapists: sorted(lists.therapists), students: sorted(lists.students), departments: sorted(lists.departments) },
    };
  }, [items]);
}

const VIEWS = { day: 'timeGridDay', week: 'timeGridWeek', month: 'dayGridMonth' } as const;
type ViewWord = keyof typeof VIEWS;
const isViewWord = (word: string | null): word is ViewWord => word !== null && word in VIEWS;

/** Where the calendar is ("?view=week&date=2026-12-07"), kept in the address so a link, Back and a reload find the same week. */
export interface CalendarPlace {
  view: (typeof VIEWS)[ViewWord];
  date: string | undefined;
}

function usePlace() {
  const [params, setParams] = useSearchParams();
  const word = params.get('view');
  const date = params.get('date');
  // Read once: the calendar takes its first view and date when it opens and keeps its own after.
  const initial = useRef<CalendarPlace>({
    view: VIEWS[isViewWord(word) ? word : 'week'],
    date: date !== null && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined,
  }).current;
  // The calendar tells its first place while it mounts, before the router takes navigations (it
  // ignores those), so the place is kept in state and written to the address once mounted.
  const [shown, setShown] = useState<{ view: string; date: string } | null>(null);
  useEffect(() => {
    if (shown && (params.get('view') !== shown.view || params.get('date') !== shown.date)) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('view', shown.view);
          next.set('date', shown.date);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  }, [shown, params, setParams]);
  const remember = (view: string, day: string) => {
    const found = Object.entries(VIEWS).find(([, name]) => name === view)?.[0];
    if (found) {
      setShown((was) => (was?.view === found && was.date === day ? was : { view: found, date: day }));
    }
  };
  return { initial, remember };
}

const FILTER_PARAMS = { therapistId: 'therapist', studentId: 'student', departmentId: 'department' } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The filters and the colours' meaning in the address (?therapist=…&colour=department), beside the
 * view and the day, so a reload, Back and Forward show the same narrowed calendar. A change replaces
 * the entry, as the view's moves do; an id that is not one is left out rather than sent.
 */
function useAddressFilters() {
  const [params, setParams] = useSearchParams();
  const filters = { ...NO_FILTERS };
  for (const [field, name] of Object.entries(FILTER_PARAMS) as Array<[keyof CalendarFilters, string]>) {
    const value = params.get(name);
    filters[field] = value !== null && UUID.test(value) ? value : '';
  }
  const colourBy: ColourBy = params.get('colour') === 'department' ? 'department' : 'therapist';
  const write = (patch: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(patch)) {
          if (value) {
            next.set(name, value);
          } else {
            next.delete(name);
          }
        }
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return {
    // One object per address, so the query key (and the effects that watch it) change only when the address does.
    filters: useMemo(() => filters, [filters.therapistId, filters.studentId, filters.departmentId]),
    setFilters: (next: CalendarFilters) =>
      write(Object.fromEntries(Object.entries(FILTER_PARAMS).map(([field, name]) => [name, next[field as keyof CalendarFilters]]))),
    colourBy,
    setColourBy: (by: ColourBy) => write({ colour: by === 'department' ? by : '' }),
  };
}

/** The calendar screen's state: the range shown, its filters, its answer, and which form or panel is open. */
export function useCalendarScreen(organization: MyOrganization, access: MyAccess) {
  const place = usePlace();
  const [range, setRange] = useState<CalendarRange | null>(null);
  const { filters, setFilters, colourBy, setColourBy } = useAddressFilters();
  const [sheet, setSheet] = useState<CalendarSheet | null>(null);
  const [opened, setOpened] = useState<{ type: 'session' | 'event'; id: string } | null>(null);
  const items = useQuery({
    ...calendarQueries.items(organization.code, organization.id, range ?? { from: '', to: '' }, filters),
    enabled: range !== null,
  });
  const zone = items.data?.time_zone ?? organization.timezone;
  const can = {
    moveSessions: access.can('sessions.manage'),
    createSessions: access.can('sessions.manage'),
    manageEvents: access.can('calendar.manage'),
    override: access.can('sessions.override'),
  };

  const chooseSlot = ({ start, end, allDay }: SlotChoice) => {
    const from = instantToWallTime(start, zone);
    const to = instantToWallTime(end, zone);
    if (allDay && can.manageEvents) {
      setSheet({
        kind: 'event',
        event: null,
        slot: { date: from.date, lastDate: previousDay(to.date), time: '09:00', endTime: '10:00', allDay },
      });
    } else if (can.createSessions) {
      // One slot clicked leaves the end to the service; a longer stretch dragged out is the session's length.
      const isStretch = !allDay && end.getTime() - start.getTime() > 30 * 60_000;
      setSheet({ kind: 'session', slot: { start: allDay ? { date: from.date, time: '09:00' } : from, endTime: isStretch ? to.time : '' } });
    }
  };

  return {
    zone,
    items,
    range,
    place: place.initial,
    onRange: (from: Date, to: Date, view: string, first: Date) => {
      setRange({ from: from.toISOString(), to: to.toISOString() });
      place.remember(view, instantToWallTime(first, zone).date);
    },
    filters,
    setFilters,
    colourBy,
    setColourBy,
    sheet,
    setSheet,
    opened,
    setOpened,
    can,
    chooseSlot,
    known: useKnownNames(items.data),
  };
}

export type CalendarScreen = ReturnType<typeof useCalendarScreen>;
