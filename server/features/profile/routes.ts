import type { FastifyInstance } from 'fastify';
import * as calls from '../../../contract/profile';
import { registerUserCall } from '../../lib/register-call';
import * as service from './service';
import * as items from './service-items';

export function routes(app: FastifyInstance) {
  registerUserCall(app, calls.getProfile, ({ ctx }) => service.getProfile(ctx));
  registerUserCall(app, calls.updateProfile, ({ ctx, body }) => service.updateProfile(ctx, body));
  registerUserCall(app, calls.listSpecializations, ({ ctx }) => service.listSpecializations(ctx));

  registerUserCall(app, calls.listSocialLinks, ({ ctx }) => items.socialLinks.list(ctx));
  registerUserCall(app, calls.createSocialLink, ({ ctx, body }) => items.socialLinks.create(ctx, body));
  registerUserCall(app, calls.updateSocialLink, ({ ctx, params, body }) => items.socialLinks.update(ctx, params.id, body));
  registerUserCall(app, calls.deleteSocialLink, ({ ctx, params }) => items.socialLinks.remove(ctx, params.id));

  registerUserCall(app, calls.listEducations, ({ ctx }) => items.educations.list(ctx));
  registerUserCall(app, calls.createEducation, ({ ctx, body }) => items.educations.create(ctx, body));
  registerUserCall(app, calls.updateEducation, ({ ctx, params, body }) => items.educations.update(ctx, params.id, body));
  registerUserCall(app, calls.deleteEducation, ({ ctx, params }) => items.educations.remove(ctx, params.id));

  registerUserCall(app, calls.listCertifications, ({ ctx }) => items.certifications.list(ctx));
  registerUserCall(app, calls.createCertification, ({ ctx, body }) => items.certifications.create(ctx, body));
  registerUserCall(app, calls.updateCertification, ({ ctx, params, body }) => items.certifications.update(ctx, params.id, body));
  registerUserCall(app, calls.deleteCertification, ({ ctx, params }) => items.certifications.remove(ctx, params.id));

  registerUserCall(app, calls.listSkills, ({ ctx }) => items.skills.list(ctx));
  registerUserCall(app, calls.createSkill, ({ ctx, body }) => items.skills.create(ctx, body));
  registerUserCall(app, calls.updateSkill, ({ ctx, params, body }) => items.skills.update(ctx, params.id, body));
  registerUserCall(app, calls.deleteSkill, ({ ctx, params }) => items.skills.remove(ctx, params.id));

  registerUserCall(app, calls.listWorkExperiences, ({ ctx }) => items.workExperiences.list(ctx));
  registerUserCall(app, calls.createWorkExperience, ({ ctx, body }) => items.workExperiences.create(ctx, body));
  registerUserCall(app, calls.updateWorkExperience, ({ ctx, params, body }) => items.workExperiences.update(ctx, params.id, body));
  registerUserCall(app, calls.deleteWorkExperience, ({ ctx, params }) => items.workExperiences.remove(ctx, params.id));
}

export { UNIQUE_CONSTRAINTS } from './present';
