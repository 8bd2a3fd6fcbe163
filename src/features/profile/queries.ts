import { queryOptions } from '@tanstack/react-query';
import { profile } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { PROFILE_ERROR_TEXT } from './error-text';
import { callQuery } from '../../shared/api/call-query';

/** Query-key factory: the signed-in therapist's own profile, with every list, and the catalog it chooses from. */
export const profileQueries = {
  all: ['profile'] as const,
  mine: () => callQuery([...profileQueries.all, 'mine'], profile.getProfile, undefined, PROFILE_ERROR_TEXT.fetchProfile),
  specializations: () =>
    queryOptions({
      queryKey: [...profileQueries.all, 'specializations'],
      queryFn: ({ signal }) => api(profile.listSpecializations, undefined, { signal }),
      // A fixed catalog: it changes only with a new release.
      staleTime: Infinity,
      meta: { errorText: PROFILE_ERROR_TEXT.fetchSpecializations, inlineError: true },
    }),
};
