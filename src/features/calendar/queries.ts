import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { calendar, departments, people, services } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { CALENDAR_ERROR_TEXT } from './error-text';
import { sessionsOf, type CalendarItems } from './calendar-events';

/** The instants the calendar shows, and who or what it is narrowed to ('' is everyone). */
export interface CalendarRange {
  from: string;
  to: string;
}
export interface CalendarFilters {
  therapistId: string;
  studentId: string;
  departmentId: string;
}

/** The most a picker in the forms lists: a page of the directory, in name order. */
const CHOICES = { page: 1, page_size: 100 } as const;
const choices = { errorText: CALENDAR_ERROR_TEXT.fetchChoices, inlineError: true };

/** Query-key factory: everything the calendar reads for one organization starts with ['calendar', orgCode]. */
export const calendarQueries = {
  all: (orgCode: string) => ['calendar', orgCode] as const,
  items: (orgCode: string, organizationId: string, range: CalendarRange, filters: CalendarFilters) =>
    queryOptions({
      queryKey: [...calendarQueries.all(orgCode), 'items', range, filters],
      queryFn: ({ signal }): Promise<CalendarItems> =>
        api(
          calendar.calendarItems,
          {
            query: {
              organization_id: organizationId,
              from: range.from,
              to: range.to,
              therapist_id: filters.therapistId || undefined,
              student_id: filters.studentId || undefined,
              department_id: filters.departmentId || undefined,
            },
          },
          { signal },
        ).then(sessionsOf),
      // The previous range stays on screen while the next loads, so paging weeks does not flash.
      placeholderData: keepPreviousData,
      meta: { errorText: CALENDAR_ERROR_TEXT.fetchCalendar, inlineError: true },
    }),
  therapists: (orgCode: string) =>
    queryOptions({
      queryKey: [...calendarQueries.all(orgCode), 'therapists'],
      queryFn: ({ signal }) => api(people.listTherapists, { params: { orgCode }, query: { ...CHOICES, ordering: 'name' } }, { signal }),
      staleTime: 5 * 60_000,
      meta: choices,
    }),
  students: (orgCode: string) =>
    queryOptions({
      queryKey: [...calendarQueries.all(orgCode), 'students'],
      queryFn: ({ signal }) => api(people.listStudents, { params: { orgCode }, query: { ...CHOICES, ordering: 'name' } }, { signal }),
      staleTime: 5 * 60_000,
      meta: choices,
    }),
  services: (orgCode: string) =>
    queryOptions({
      queryKey: [...calendarQueries.all(orgCode), 'services'],
      queryFn: ({ signal }) =>
        api(services.listServices, { params: { orgCode }, query: { ...CHOICES, ordering: 'name', is_active: 'true' } }, { signal }),
      staleTime: 5 * 60_000,
      meta: choices,
    }),
  departments: (orgCode: string) =>
    queryOptions({
      queryKey: [...calendarQueries.all(orgCode), 'departments'],
      queryFn: ({ signal }) =>
        api(departments.listDepartments, { params: { orgCode }, query: { ...CHOICES, ordering: 'name', is_enabled: 'true' } }, { signal }),
      staleTime: 5 * 60_000,
      meta: choices,
    }),
};
