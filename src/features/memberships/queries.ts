import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { memberships } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { MEMBERSHIPS_ERROR_TEXT } from './error-text';
import { callQuery } from '../../shared/api/call-query';

/** Query-key factory: an organization's memberships under ['memberships', orgCode]; the user's own under ['memberships', 'mine']. */
export const membershipQueries = {
  all: (orgCode: string) => ['memberships', orgCode] as const,
  detail: (orgCode: string, id: string) =>
    callQuery(
      [...membershipQueries.all(orgCode), 'detail', id],
      memberships.membershipDetail,
      { params: { orgCode, id } },
      MEMBERSHIPS_ERROR_TEXT.fetchMember,
    ),
  mine: () =>
    queryOptions({
      queryKey: ['memberships', 'mine'],
      // A therapist belongs to a handful of organizations: one page holds them all.
      queryFn: ({ signal }) => api(memberships.myMemberships, { query: { page: 1, page_size: 100 } }, { signal }),
      placeholderData: keepPreviousData,
      meta: { errorText: MEMBERSHIPS_ERROR_TEXT.fetchMyMemberships, inlineError: true },
    }),
};
