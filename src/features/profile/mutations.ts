import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileBody } from '../../../contract/profile';
import { profile, type Route } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { useSaveProfileMutation } from '../../shared/auth/profile-save';
import { profileQueries } from './queries';
import { PROFILE_ERROR_TEXT } from './error-text';

export function useUpdateProfessionalProfileMutation() {
  const save = (body: ProfileBody) => api(profile.updateProfile, { body });
  return useSaveProfileMutation(profileQueries.mine().queryKey, save, PROFILE_ERROR_TEXT.updateProfile);
}

/** The profile's lists, by the key the profile answers them under. */
export type ItemKind = 'social_links' | 'educations' | 'certifications' | 'skills' | 'work_experiences';

const ITEM_ROUTES: Record<ItemKind, { create: Route; update: Route; remove: Route }> = {
  social_links: { create: profile.createSocialLink, update: profile.updateSocialLink, remove: profile.deleteSocialLink },
  educations: { create: profile.createEducation, update: profile.updateEducation, remove: profile.deleteEducation },
  certifications: { create: profile.createCertification, update: profile.updateCertification, remove: profile.deleteCertification },
  skills: { create: profile.createSkill, update: profile.updateSkill, remove: profile.deleteSkill },
  work_experiences: {
    create: profile.createWorkExperience,
    update: profile.updateWorkExperience,
    remove: profile.deleteWorkExperience,
  },
};

/** Adds (no id) or changes (an id) one item of a list; the profile is read again, as the list's order may change. */
export function useSaveItemMutation(kind: ItemKind) {
  const queryClient = useQueryClient();
  const routes = ITEM_ROUTES[kind];
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: object }) =>
      id === null ? api(routes.create, { body } as never) : api(routes.update, { params: { id }, body } as never),
    meta: { errorText: PROFILE_ERROR_TEXT.saveItem, inlineError: true, successText: 'Saved.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueries.mine().queryKey }),
  });
}

export function useDeleteItemMutation(kind: ItemKind) {
  const queryClient = useQueryClient();
  const routes = ITEM_ROUTES[kind];
  return useMutation({
    mutationFn: (id: string) => api(routes.remove, { params: { id } } as never),
    meta: { errorText: PROFILE_ERROR_TEXT.deleteItem, successText: 'Removed.' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueries.mine().queryKey }),
  });
}
