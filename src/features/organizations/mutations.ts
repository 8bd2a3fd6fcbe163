import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OrganizationSettingsBody, updateOwnerProfile } from '../../../contract/organizations';
import { organizations } from '../../../contract/routes/organizations';
import { api } from '../../shared/api/client';
import { ERROR_TEXT } from '../../shared/api/error-text';
import { applySession } from '../../shared/auth/auth-actions';
import { useSaveProfileMutation } from '../../shared/auth/profile-save';
import { authStore } from '../../shared/auth/auth-store';
import { organizationQueries } from './queries';
import { ORGANIZATIONS_ERROR_TEXT } from './error-text';

export function useSetActiveOrganizationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: string) => api(organizations.setActiveOrganization, { body: { organization_id: organizationId } }),
    meta: { errorText: ORGANIZATIONS_ERROR_TEXT.switchOrganization },
    onSuccess: async (session) => {
      applySession(session);
      // Everything on screen belonged to the previous organization.
      await queryClient.invalidateQueries();
    },
  });
}

export function useUpdateOrganizationSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof OrganizationSettingsBody>) => api(organizations.updateOrganizationSettings, { body }),
    meta: { errorText: ORGANIZATIONS_ERROR_TEXT.updateSettings, inlineError: true, successText: 'Organization settings saved.' },
    onSuccess: async (settings) => {
      queryClient.setQueryData(organizationQueries.settings(authStore.getState().activeOrganizationId).queryKey, settings);
      // The name and kind also show in the organization switcher.
      await queryClient.invalidateQueries({ queryKey: organizationQueries.list().queryKey });
    },
  });
}

export function useUpdateOwnerProfileMutation() {
  const save = (body: z.input<typeof updateOwnerProfile.body>) => api(organizations.updateOwnerProfile, { body });
  return useSaveProfileMutation(organizationQueries.ownerProfile().queryKey, save, ERROR_TEXT.updateProfile);
}
