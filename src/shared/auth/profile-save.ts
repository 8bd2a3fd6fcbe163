import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { User } from '../../../contract/accounts';
import type { ErrorFallback } from '../api/error-text';
import { mirrorProfile } from './auth-actions';

type ProfileNames = Pick<User, 'first_name' | 'last_name' | 'phone_number'>;

/**
 * Save a profile that carries the account's names and phone (the owner's, a professional's): the form's
 * copy at `queryKey` becomes the saved one, and the menu and every screen show the new names at once.
 * A refusal shows on the form; a toast says it worked.
 */
export function useSaveProfileMutation<B, P extends ProfileNames>(
  queryKey: QueryKey,
  save: (body: B) => Promise<P>,
  errorText: ErrorFallback,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    meta: { errorText, inlineError: true, successText: 'Profile saved.' },
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      mirrorProfile(saved);
    },
  });
}
