import { queryOptions } from '@tanstack/react-query';
import { invitations } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { INVITATIONS_ERROR_TEXT } from './error-text';
import { callQuery } from '../../shared/api/call-query';

/** The most invitations the page lists at once (the API's largest page): a therapist has a handful. */
const ALL = 100;

/** The signed-in therapist's own invitations and code: everything starts with ['my-invitations']. */
export const myInvitationQueries = {
  all: ['my-invitations'] as const,
  list: () =>
    callQuery(
      [...myInvitationQueries.all, 'list'],
      invitations.myInvitations,
      { query: { page: 1, page_size: ALL } },
      INVITATIONS_ERROR_TEXT.fetchInvitations,
    ),
  one: (token: string) =>
    callQuery(
      [...myInvitationQueries.all, 'one', token],
      invitations.myInvitation,
      { params: { token } },
      INVITATIONS_ERROR_TEXT.fetchInvitation,
    ),
  code: () =>
    queryOptions({
      queryKey: [...myInvitationQueries.all, 'code'],
      queryFn: ({ signal }) => api(invitations.myTherapistCode, undefined, { signal }),
      staleTime: Infinity,
      meta: { errorText: INVITATIONS_ERROR_TEXT.fetchTherapistCode, inlineError: true },
    }),
};
