import { defineRoutes } from './define';

const BASE = '/api/therapist-management';

export const profile = defineRoutes('profile', {
  getProfile: ['GET', `${BASE}/profile/`],
  updateProfile: ['PATCH', `${BASE}/profile/`],
  listSpecializations: ['GET', `${BASE}/specializations/`],
  listSocialLinks: ['GET', `${BASE}/social-links/`],
  createSocialLink: ['POST', `${BASE}/social-links/`],
  updateSocialLink: ['PATCH', `${BASE}/social-links/:id/`],
  deleteSocialLink: ['DELETE', `${BASE}/social-links/:id/`],
  listEducations: ['GET', `${BASE}/educations/`],
  createEducation: ['POST', `${BASE}/educations/`],
  updateEducation: ['PATCH', `${BASE}/educations/:id/`],
  deleteEducation: ['DELETE', `${BASE}/educations/:id/`],
  listCertifications: ['GET', `${BASE}/certifications/`],
  createCertification: ['POST', `${BASE}/certifications/`],
  updateCertification: ['PATCH', `${BASE}/certifications/:id/`],
  deleteCertification: ['DELETE', `${BASE}/certifications/:id/`],
  listSkills: ['GET', `${BASE}/skills/`],
  createSkill: ['POST', `${BASE}/skills/`],
  updateSkill: ['PATCH', `${BASE}/skills/:id/`],
  deleteSkill: ['DELETE', `${BASE}/skills/:id/`],
  listWorkExperiences: ['GET', `${BASE}/work-experiences/`],
  createWorkExperience: ['POST', `${BASE}/work-experiences/`],
  updateWorkExperience: ['PATCH', `${BASE}/work-experiences/:id/`],
  deleteWorkExperience: ['DELETE', `${BASE}/work-experiences/:id/`],
});
