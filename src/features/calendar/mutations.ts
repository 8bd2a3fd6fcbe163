import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calendar, scheduling, schedulingDesk } from '../../../contract/routes';
import { api, type InputAt } from '../../shared/api/client';
import { calendarQueries } from './queries';
import { CALENDAR_ERROR_TEXT } from './error-text';

type CreateSessionBody = NonNullable<InputAt<typeof scheduling.createTherasession>['body']>;
type RescheduleBody = NonNullable<InputAt<typeof schedulingDesk.rescheduleTherasession>['body']>;
type CreateEventBody = NonNullable<InputAt<typeof calendar.createCalendarEvent>['body']>;
type UpdateEventBody = NonNullable<InputAt<typeof calendar.updateCalendarEvent>['body']>;

function useRefreshCalendar(orgCode: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: calendarQueries.all(orgCode) });
}

// Each form shows its own refusal (a conflict lists what is in the way), so no toast on failure.

export function useCreateSessionMutation(orgCode: string) {
  const refresh = useRefreshCalendar(orgCode);
  return useMutation({
    mutationFn: (body: CreateSessionBody) => api(scheduling.createTherasession, { query: { organization_id: body.organization_id }, body }),
    meta: { errorText: CALENDAR_ERROR_TEXT.createSession, inlineError: true, successText: 'Session booked.' },
    onSuccess: refresh,
  });
}

export function useRescheduleSessionMutation(orgCode: string, organizationId: string) {
  const refresh = useRefreshCalendar(orgCode);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RescheduleBody }) =>
      api(schedulingDesk.rescheduleTherasession, { params: { id }, query: { organization_id: organizationId }, body }),
    meta: { errorText: CALENDAR_ERROR_TEXT.rescheduleSession, inlineError: true, successText: 'Session moved.' },
    onSuccess: refresh,
  });
}

export function useSaveEventMutation(orgCode: string, organizationId: string) {
  const refresh = useRefreshCalendar(orgCode);
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CreateEventBody | UpdateEventBody }) =>
      id === null
        ? api(calendar.createCalendarEvent, { query: { organization_id: organizationId }, body: body as CreateEventBody })
        : api(calendar.updateCalendarEvent, { params: { id }, query: { organization_id: organizationId }, body }),
    meta: { errorText: CALENDAR_ERROR_TEXT.createEvent, inlineError: true, successText: 'Event saved.' },
    onSuccess: refresh,
  });
}

export function useDeleteEventMutation(orgCode: string, organizationId: string) {
  const refresh = useRefreshCalendar(orgCode);
  return useMutation({
    mutationFn: (id: string) => api(calendar.deleteCalendarEvent, { params: { id }, query: { organization_id: organizationId } }),
    meta: { errorText: CALENDAR_ERROR_TEXT.deleteEvent, inlineError: true, successText: 'Event removed.' },
    onSuccess: refresh,
  });
}
