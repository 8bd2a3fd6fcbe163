import { calendar, scheduling, schedulingDesk } from '../../../contract/routes';
import { api, type InputAt } from '../../shared/api/client';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation';
import { calendarQueries } from './queries';
import { CALENDAR_ERROR_TEXT } from './error-text';

type CreateSessionBody = NonNullable<InputAt<typeof scheduling.createTherasession>['body']>;
type RescheduleBody = NonNullable<InputAt<typeof schedulingDesk.rescheduleTherasession>['body']>;
type CreateEventBody = NonNullable<InputAt<typeof calendar.createCalendarEvent>['body']>;
type UpdateEventBody = NonNullable<InputAt<typeof calendar.updateCalendarEvent>['body']>;

// Each form shows its own refusal (a conflict lists what is in the way), so no toast on failure.

export function useCreateSessionMutation(orgCode: string) {
  const create = (body: CreateSessionBody) =>
    api(scheduling.createTherasession, { query: { organization_id: body.organization_id }, body });
  const meta = { errorText: CALENDAR_ERROR_TEXT.createSession, inlineError: true, successText: 'Session booked.' };
  return useRefreshingMutation([calendarQueries.all(orgCode)], 'success', create, meta);
}

export function useRescheduleSessionMutation(orgCode: string, organizationId: string) {
  const reschedule = ({ id, body }: { id: string; body: RescheduleBody }) =>
    api(schedulingDesk.rescheduleTherasession, { params: { id }, query: { organization_id: organizationId }, body });
  const meta = { errorText: CALENDAR_ERROR_TEXT.rescheduleSession, inlineError: true, successText: 'Session moved.' };
  return useRefreshingMutation([calendarQueries.all(orgCode)], 'success', reschedule, meta);
}

export function useSaveEventMutation(orgCode: string, organizationId: string) {
  const save = ({ id, body }: { id: string | null; body: CreateEventBody | UpdateEventBody }) =>
    id === null
      ? api(calendar.createCalendarEvent, { query: { organization_id: organizationId }, body: body as CreateEventBody })
      : api(calendar.updateCalendarEvent, { params: { id }, query: { organization_id: organizationId }, body });
  const meta = { errorText: CALENDAR_ERROR_TEXT.createEvent, inlineError: true, successText: 'Event saved.' };
  return useRefreshingMutation([calendarQueries.all(orgCode)], 'success', save, meta);
}

export function useDeleteEventMutation(orgCode: string, organizationId: string) {
  const remove = (id: string) => api(calendar.deleteCalendarEvent, { params: { id }, query: { organization_id: organizationId } });
  const meta = { errorText: CALENDAR_ERROR_TEXT.deleteEvent, inlineError: true, successText: 'Event removed.' };
  return useRefreshingMutation([calendarQueries.all(orgCode)], 'success', remove, meta);
}
