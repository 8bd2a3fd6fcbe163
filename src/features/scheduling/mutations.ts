import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calendar, schedulingDesk } from '../../../contract/routes';
import { api } from '../../shared/api/client';
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlanBody) => api(schedulingDesk.bulkTherasessions, { body: { ...body, dry_run: false } }),
    meta: { errorText: SCHEDULING_ERROR_TEXT.createPlan, inlineError: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: schedulingQueries.all(organizationId) }),
        queryClient.invalidateQueries({ queryKey: CALENDAR_READS }),
      ]),
  });
}

function useRefreshSession(organizationId: string, sessionId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...schedulingQueries.all(organizationId), 'session', sessionId] }),
      queryClient.invalidateQueries({ queryKey: CALENDAR_READS }),
    ]);
}

export function useCancelSessionMutation(organizationId: string, sessionId: string) {
  const refresh = useRefreshSession(organizationId, sessionId);
  return useMutation({
    mutationFn: (reason: string) =>
      api(schedulingDesk.cancelTherasession, { params: { id: sessionId }, query: { organization_id: organizationId }, body: { reason } }),
    meta: { errorText: SCHEDULING_ERROR_TEXT.cancelSession, inlineError: true, successText: 'Session cancelled.' },
    onSuccess: refresh,
  });
}

export function useDeleteSessionMutation(organizationId: string, sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(schedulingDesk.deleteTherasession, { params: { id: sessionId }, query: { organization_id: organizationId } }),
    meta: { errorText: SCHEDULING_ERROR_TEXT.deleteSession, inlineError: true, successText: 'Session deleted.' },
    // Not the session's own queries: it is gone, and asking again would answer 404 under a closing panel.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CALENDAR_READS }),
  });
}

function useRefreshFeed(organizationId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: schedulingQueries.feed(organizationId).queryKey });
}

export function useCreateFeedMutation(organizationId: string) {
  const refresh = useRefreshFeed(organizationId);
  return useMutation({
    mutationFn: () => api(calendar.createCalendarFeed, { query: { organization_id: organizationId } }),
    meta: { errorText: SCHEDULING_ERROR_TEXT.createFeed, inlineError: true },
    onSettled: refresh,
  });
}

export function useRevokeFeedMutation(organizationId: string) {
  const refresh = useRefreshFeed(organizationId);
  return useMutation({
    mutationFn: () => api(calendar.revokeCalendarFeed, { query: { organization_id: organizationId } }),
    meta: { errorText: SCHEDULING_ERROR_TEXT.revokeFeed, inlineError: true, successText: 'Subscription turned off.' },
    onSettled: refresh,
  });
}
