import { queryOptions } from '@tanstack/react-query';
import { invitations } from '../../../contract/routes';
import { api } from './client';

/** The fallback sentence of a failed preview, shown in place. */
export const PREVIEW_ERROR_TEXT = 'Failed to fetch invitation';

/**
 * An invitation as its link shows it before sign-in, read by the link's page and by sign-in and
 * registration when they continue from it. Not retried: a wrong token stays wrong, and the call is
 * rate-limited per address.
 */
export const invitationPreviewQuery = (token: string) =>
  queryOptions({
    queryKey: ['invitation-preview', token],
    queryFn: ({ signal }) => api(invitations.preview, { params: { token } }, { signal, offlineRedirect: false }),
    retry: false,
    staleTime: 60_000,
    meta: { errorText: PREVIEW_ERROR_TEXT, inlineError: true },
  });
