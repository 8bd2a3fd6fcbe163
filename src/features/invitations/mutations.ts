import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitations } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { INVITATIONS_ERROR_TEXT } from './error-text';

const ANSWERS = {
  accept: {
    route: invitations.accept,
    errorText: INVITATIONS_ERROR_TEXT.acceptInvitation,
    successText: 'Welcome aboard: you are a member now.',
  },
  reject: { route: invitations.reject, errorText: INVITATIONS_ERROR_TEXT.rejectInvitation, successText: 'Invitation declined.' },
} as const;
export type Answer = keyof typeof ANSWERS;

/**
 * Accepting changes what the whole app shows (the organizations in the menu, memberships, access),
 * so every query is refreshed after an answer, not only this feature's.
 */
export function useAnswerInvitationMutation(answer: Answer) {
  const queryClient = useQueryClient();
  const { route, errorText, successText } = ANSWERS[answer];
  return useMutation({
    mutationFn: (token: string) => api(route, { params: { token } }),
    meta: { errorText, successText },
    onSettled: () => queryClient.invalidateQueries(),
  });
}
