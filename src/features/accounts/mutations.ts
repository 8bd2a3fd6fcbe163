import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LoginBody, RegisterBody, SessionState } from '../../../contract/accounts';
import { accounts, invitations, organizations } from '../../../contract/routes';
import type { Route } from '../../../contract/routes/define';
import { api, type BodyAt, type InputAt, type ResponseAt } from '../../shared/api/client';
import { ERROR_TEXT, errorText } from '../../shared/api/error-text';
import { showToast } from '../../shared/ui/toast-store';
import { mirrorProfile, updateSessionUser } from '../../shared/auth/auth-actions';
import { lock, login, passwordChanged, register, unlock } from '../../shared/auth/sign-in-actions';
import { ACCOUNTS_ERROR_TEXT } from './error-text';

export function useLoginMutation() {
  return useMutation({
    mutationFn: (body: z.input<typeof LoginBody>) => login(body),
    meta: { errorText: ERROR_TEXT.login, inlineError: true },
  });
}

/**
 * Registered from an invitation's link: the new therapist joins at once and starts in that
 * organization. Should joining fail, the account stands (it was created) and the invitation waits
 * on My organizations, which the toast says.
 */
const joinInvited =
  (token: string) =>
  async (session: SessionState): Promise<SessionState> => {
    try {
      const invitation = await api(invitations.accept, { params: { token } });
      return await api(organizations.setActiveOrganization, { body: { organization_id: invitation.organization.id } });
    } catch (error) {
      showToast(
        `Your account is ready, but joining failed: ${errorText(error, ACCOUNTS_ERROR_TEXT.joinInvited)} Open My organizations to try again.`,
      );
      return session;
    }
  };

/** Registration; with an invitation's token, the account joins that invitation's organization too. */
export function useRegisterMutation(invitationToken?: string) {
  return useMutation({
    mutationFn: (body: RegisterBody) => register(body, invitationToken ? joinInvited(invitationToken) : undefined),
    meta: { errorText: { text: ERROR_TEXT.register, network: ERROR_TEXT.registerNetwork }, inlineError: true },
  });
}

/**
 * A settings form of the signed-in account (password, e-mail, profile): its call takes the form's body,
 * its errors show on the form, a toast says it worked, and `saved` brings what the app keeps of the
 * person up to date.
 */
function useAccountSave<R extends Route>(
  route: R,
  texts: { errorText: string; successText: string },
  saved: (answer: ResponseAt<R>, body: BodyAt<R>) => void,
) {
  return useMutation({
    mutationFn: (body: BodyAt<R>) => api(route, { body } as InputAt<R>),
    meta: { ...texts, inlineError: true },
    onSuccess: saved,
  });
}

export function useChangePasswordMutation() {
  const texts = { errorText: ACCOUNTS_ERROR_TEXT.changePassword, successText: 'Password changed.' };
  return useAccountSave(accounts.changePassword, texts, (_ok, body) => passwordChanged(body.new_password));
}

export function useChangeEmailMutation() {
  const texts = { errorText: ACCOUNTS_ERROR_TEXT.changeEmail, successText: 'E-mail address changed.' };
  return useAccountSave(accounts.changeEmail, texts, (user) => updateSessionUser({ email: user.email }));
}

export function useLockMutation() {
  return useMutation({
    mutationFn: () => lock(),
    meta: { errorText: ACCOUNTS_ERROR_TEXT.lockAccount },
  });
}

export function useUnlockMutation() {
  return useMutation({
    mutationFn: (password: string) => unlock(password),
    meta: { errorText: ACCOUNTS_ERROR_TEXT.unlockAccount, inlineError: true },
  });
}

export function useUpdateProfileMutation() {
  const texts = { errorText: ERROR_TEXT.updateProfile, successText: 'Profile saved.' };
  // The signed-in user shows the new name at once.
  return useAccountSave(accounts.updateProfile, texts, (user) => mirrorProfile(user));
}
