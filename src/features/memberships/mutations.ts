import { useMutation, useQueryClient } from '@tanstack/react-query';
import { memberships } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { MEMBERSHIPS_ERROR_TEXT } from './error-text';
import { membershipQueries } from './queries';

/**
 * A move changes the member's detail and every list that shows them (People's therapists, the
 * user's own organizations): refresh the organization's memberships and the people directories.
 */
function useRefresh(orgCode: string) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: membershipQueries.all(orgCode) });
    await queryClient.invalidateQueries({ queryKey: ['people', orgCode] });
  };
}

export function useTerminateMembershipMutation(orgCode: string, id: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: (reason: string) => api(memberships.terminateMembership, { params: { orgCode, id }, body: { reason } }),
    meta: { errorText: MEMBERSHIPS_ERROR_TEXT.terminate, inlineError: true, successText: 'Membership ended.' },
    onSuccess: refresh,
  });
}

export function useAcceptResignationMutation(orgCode: string, id: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: () => api(memberships.acceptResignation, { params: { orgCode, id } }),
    meta: { errorText: MEMBERSHIPS_ERROR_TEXT.acceptResignation, inlineError: true, successText: 'Resignation accepted.' },
    onSuccess: refresh,
  });
}

/** The member's own moves: their memberships and organizations change (an organization may drop out of the menu later). */
function useRefreshMine() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: membershipQueries.mine().queryKey });
}

export function useResignMutation(id: string) {
  const refresh = useRefreshMine();
  return useMutation({
    mutationFn: (reason: string) => api(memberships.resign, { params: { id }, body: { reason } }),
    meta: { errorText: MEMBERSHIPS_ERROR_TEXT.resign, inlineError: true, successText: 'Resignation sent.' },
    onSuccess: refresh,
  });
}

export function useCancelResignationMutation(id: string) {
  const refresh = useRefreshMine();
  return useMutation({
    mutationFn: () => api(memberships.cancelResignation, { params: { id } }),
    meta: { errorText: MEMBERSHIPS_ERROR_TEXT.cancelResignation, inlineError: true, successText: 'Resignation withdrawn.' },
    onSuccess: refresh,
  });
}
