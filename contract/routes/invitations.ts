import { defineRoutes, TENANT } from './define';

export const invitations = defineRoutes('invitations', {
  myInvitations: ['GET', '/api/therapist-management/my-invitations/'],
  myInvitation: ['GET', '/api/therapist-management/my-invitations/:token/'],
  preview: ['GET', '/api/therapist-management/invitations/:token/preview/'],
  myTherapistCode: ['GET', '/api/therapist-management/my-therapist-code/'],
  accept: ['POST', `${TENANT}/invitations/:token/accept/`],
  reject: ['POST', `${TENANT}/invitations/:token/reject/`],
  cancel: ['POST', `${TENANT}/invitations/:token/cancel/`],
  archive: ['POST', `${TENANT}/invitations/:token/archive/`],
  unarchive: ['POST', `${TENANT}/invitations/:token/unarchive/`],
  list: ['GET', `${TENANT}/organization/:orgCode/invitations/`],
  invite: ['POST', `${TENANT}/invitations/`],
  lookup: ['GET', `${TENANT}/invitations/lookup/`],
});
