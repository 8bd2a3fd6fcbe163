import { useMutation } from '@tanstack/react-query';
import { calendar, schedulingDesk } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation';
import type { PlanBody } from './plan-form';
import { schedulingQueries } from './queries';
import { SCHEDULING_ERROR_TEXT } from './error-text';

/**
 * What shows sessions elsewhere: the calendar keeps its reads under ['calendar', …]; a session
 * planned, cancelled or deleted here must not linger there as it was.
 */
const CALENDAR_READS = ['calendar'] as const;

/** The preview: the same call with dry_run, so it answers what would be made and writes nothing. */
export function usePreviewPlanMutation() {
  return useMutation({
    mutationFn: (body: PlanBody) => api(schedulingDesk.bulkTherasessions, { body: { ...body, dry_run: true } }),
    meta: { errorText: SCHEDULING_ERROR_TEXT.previewPlan, inlineError: true },
  });
}

export function useCreatePlanMutation(organizationId: string) {
  const create = (body: PlanBody) => api(schedulingDesk.bulkTherasessions, { body: { ...body, dry_run: false } });
  const meta = { errorText: SCHEDULING_ERROR_TEXT.createPlan, inlineError: true };
  return useRefreshingMutation([schedulingQueries.all(organizationId), CALENDAR_READS], 'success', create, meta);
}

export function useCancelSessionMutation(organizationId: string, sessionId: string) {
  const cancel = (reason: string) =>
    api(schedulingDesk.cancelTherasession, { params: { id: sessionId }, query: { organization_id: organizationId }, body: { reason } });
  const meta = { errorText: SCHEDULING_ERROR_TEXT.cancelSession, inlineError: true, successText: 'Session cancelled.' };
  const session = [...schedulingQueries.all(organizationId), 'session', sessionId];
  return useRefreshingMutation([session, CALENDAR_READS], 'success', cancel, meta);
}

export function useDeleteSessionMutation(organizationId: string, sessionId: string) {
  const remove = () => api(schedulingDesk.deleteTherasession, { params: { id: sessionId }, query: { organization_id: organizationId } });
  const meta = { errorText: SCHEDULING_ERROR_TEXT.deleteSession, inlineError: true, successText: 'Session deleted.' };
  // Not the session's own queries: it is gone, and asking again would answer 404 under a closing panel.
  return useRefreshingMutation([CALENDAR_READS], 'success', remove, meta);
}

export function useCreateFeedMutation(organizationId: string) {
  const create = () => api(calendar.createCalendarFeed, { query: { organization_id: organizationId } });
  const meta = { errorText: SCHEDULING_ERROR_TEXT.createFeed, inlineError: true };
  return useRefreshingMutation([schedulingQueries.feed(organizationId).queryKey], 'settled', create, meta);
}

export function useRevokeFeedMutation(organizationId: string) {
  const revoke = () => api(calendar.revokeCalendarFeed, { query: { organization_id: organizationId } });
  const meta = { errorText: SCHEDULING_ERROR_TEXT.revokeFeed, inlineError: true, successText: 'Subscription turned off.' };
  return useRefreshingMutation([schedulingQueries.feed(organizationId).queryKey], 'settled', revoke, meta);
}
