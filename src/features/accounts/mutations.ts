import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ChangeEmailBody, ChangePasswordBody, LoginBody, ProfileBody, RegisterBody } from '../../../contract/accounts';
import { accounts } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { ERROR_TEXT } from '../../shared/api/error-text';
import { mirrorProfile, updateSessionUser } from '../../shared/auth/auth-actions';
import { lock, login, passwordChanged, register, unlock } from '../../shared/auth/sign-in-actions';
import { ACCOUNTS_ERROR_TEXT } from './error-text';

export function useLoginMutation() {
  return useMutation({
    mutationFn: (body: z.input<typeof LoginBody>) => login(body),
    meta: { errorText: ERROR_TEXT.login, inlineError: true },
  });
}

export function useRegisterMutation() {
  return useMutation({
    mutationFn: (body: RegisterBody) => register(body),
    meta: { errorText: { text: ERROR_TEXT.register, network: ERROR_TEXT.registerNetwork }, inlineError: true },
  });
}

export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (body: z.input<typeof ChangePasswordBody>) => api(accounts.changePassword, { body }),
    meta: { errorText: ACCOUNTS_ERROR_TEXT.changePassword, inlineError: true, successText: 'Password changed.' },
    onSuccess: (_ok, body) => passwordChanged(body.new_password),
  });
}

export function useChangeEmailMutation() {
  return useMutation({
    mutationFn: (body: z.input<typeof ChangeEmailBody>) => api(accounts.changeEmail, { body }),
    meta: { errorText: ACCOUNTS_ERROR_TEXT.changeEmail, inlineError: true, successText: 'E-mail address changed.' },
    onSuccess: (user) => updateSessionUser({ email: user.email }),
  });
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
  return useMutation({
    mutationFn: (body: z.input<typeof ProfileBody>) => api(accounts.updateProfile, { body }),
    meta: { errorText: ERROR_TEXT.updateProfile, inlineError: true, successText: 'Profile saved.' },
    onSuccess: (user) => mirrorProfile(user), // the signed-in user shows the new name at once
  });
}
