import { queryOptions } from '@tanstack/react-query';
import { memberships } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { MEMBERSHIPS_ERROR_TEXT } from './error-text';

/** The most memberships listed at once (the API's largest page): a therapist works in a handful of places. */
const ALL = 100;

/** The signed-in person's own memberships: everything starts with ['my-memberships']. */
export const myMembershipQueries = {
  all: ['my-memberships'] as const,
  list: () =>
    queryOptions({
      queryKey: [...myMembershipQueries.all, 'list'],
      queryFn: ({ signal }) => api(memberships.myMemberships, { query: { page: 1, page_size: ALL } }, { signal }),
      meta: { errorText: MEMBERSHIPS_ERROR_TEXT.fetchMemberships, inlineError: true },
    }),
};
