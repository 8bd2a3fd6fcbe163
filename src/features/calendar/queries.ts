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

/** What the forms' pickers offer (therapists, students, services, departments), taken as fresh for five minutes. */
function choiceQuery<T>(orgCode: string, what: string, read: (signal: AbortSignal) => Promise<T>) {
  return queryOptions({
    queryKey: [...calendarQueries.all(orgCode), what],
    queryFn: ({ signal }) => read(signal),
    staleTime: 5 * 60_000,
    meta: choices,
  });
}

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
    choiceQuery(orgCode, 'therapists', (signal) =>
      api(people.listTherapists, { params: { orgCode }, query: { ...CHOICES, ordering: 'name' } }, { signal }),
    ),
  students: (orgCode: string) =>
    choiceQuery(orgCode, 'students', (signal) =>
      api(people.listStudents, { params: { orgCode }, query: { ...CHOICES, ordering: 'name' } }, { signal }),
    ),
  services: (orgCode: string) =>
    choiceQuery(orgCode, 'services', (signal) =>
      api(services.listServices, { params: { orgCode }, query: { ...CHOICES, ordering: 'name', is_active: 'true' } }, { signal }),
    ),
  departments: (orgCode: string) =>
    choiceQuery(orgCode, 'departments', (signal) =>
      api(departments.listDepartments, { params: { orgCode }, query: { ...CHOICES, ordering: 'name', is_active: 'true' } }, { signal }),
    ),
};
