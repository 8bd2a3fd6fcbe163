import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invitations, organizations } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { applySession } from '../../shared/auth/auth-actions';
import { authStore } from '../../shared/auth/auth-store';
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
export function useAnswerInvitationMutation(answer: Answer, options: { isFromLink?: boolean } = {}) {
  const queryClient = useQueryClient();
  const { route, errorText, successText } = ANSWERS[answer];
  return useMutation({
    mutationFn: async (token: string) => {
      const invitation = await api(route, { params: { token } });
      // A therapist's first organization becomes the one they work in at once: otherwise Today and
      // Home would ask them to pick it from the menu, a step nobody tells them about. Accepted from
      // the e-mail's link, it does so always: the link's page then goes on to that organization.
      const isFirst = authStore.getState().activeOrganizationId === null;
      if (answer === 'accept' && (isFirst || options.isFromLink)) {
        applySession(await api(organizations.setActiveOrganization, { body: { organization_id: invitation.organization.id } }));
      }
      return invitation;
    },
    meta: { errorText, successText },
    onSettled: () => queryClient.invalidateQueries(),
  });
}
