import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitations } from '../../../contract/routes';
import type { InviteBody } from '../../../contract/invitations';
import { api } from '../../shared/api/client';
import { PEOPLE_ERROR_TEXT } from './error-text';
import { invitationQueries } from './invitation-queries';

/** An invitation's calls act in the organization named in the query, whichever one the session has active. */
function useRefresh(orgCode: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: invitationQueries.all(orgCode) });
}

export function useLookupTherapistMutation(organizationId: string) {
  return useMutation({
    mutationFn: (therapistCode: string) =>
      api(invitations.lookup, { query: { organization_id: organizationId, therapist_code: therapistCode } }),
    meta: { errorText: PEOPLE_ERROR_TEXT.lookupTherapist, inlineError: true },
  });
}

export function useInviteMutation(orgCode: string, organizationId: string) {
  const refresh = useRefresh(orgCode);
  return useMutation({
    mutationFn: (body: InviteBody) => api(invitations.invite, { query: { organization_id: organizationId }, body }),
    meta: { errorText: PEOPLE_ERROR_TEXT.invite, inlineError: true, successText: 'Invitation sent.' },
    onSuccess: refresh,
  });
}

const MOVES = {
  cancel: { route: invitations.cancel, errorText: PEOPLE_ERROR_TEXT.cancelInvitation, successText: 'Invitation cancelled.' },
  archive: { route: invitations.archive, errorText: PEOPLE_ERROR_TEXT.archiveInvitation, successText: 'Invitation archived.' },
  unarchive: {
    route: invitations.unarchive,
    errorText: PEOPLE_ERROR_TEXT.unarchiveInvitation,
    successText: 'Invitation back on the list.',
  },
} as const;
export type InvitationMove = keyof typeof MOVES;

export function useInvitationMoveMutation(orgCode: string, organizationId: string, move: InvitationMove) {
  const refresh = useRefresh(orgCode);
  const { route, errorText, successText } = MOVES[move];
  return useMutation({
    mutationFn: (token: string) => api(route, { params: { token }, query: { organization_id: organizationId } }),
    meta: { errorText, successText },
    onSettled: refresh,
  });
}
