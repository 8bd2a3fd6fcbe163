import { defineRoutes } from './define';

const AUTH = '/api/users/auth';
export const accounts = defineRoutes('accounts', {
  register: ['POST', `${AUTH}/register/`],
  login: ['POST', `${AUTH}/login/`],
  logout: ['POST', `${AUTH}/logout/`],
  session: ['GET', `${AUTH}/session/`],
  changePassword: ['PATCH', `${AUTH}/change-password/`],
  changeEmail: ['PATCH', `${AUTH}/change-email/`],
  lockAccount: ['POST', `${AUTH}/lock-account/`],
  unlockAccount: ['POST', `${AUTH}/unlock-account/`],
  updateProfile: ['PATCH', `${AUTH}/profile/`],
});
