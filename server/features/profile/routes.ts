import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Call } from '../../../contract/http';
import * as calls from '../../../contract/profile';
import { registerUserCall } from '../../lib/register-call';
import * as service from './service';
import * as items from './service-items';

/** A user's call whose path params, body and answer are of these types. */
type UserCall<Params, Body, Answer> = Call<z.ZodType<Params>, z.ZodType, z.ZodType<Body>, z.ZodType<unknown, Answer>, { kind: 'user' }>;
type Id = { id: string };
type Fields = Record<string, unknown>;

/** One list of the profile's items: its list, add, change and remove calls go to its kind's four (service-items.ts). */
function itemRoutes<Out>(
  app: FastifyInstance,
  kind: items.ItemCalls<Out>,
  [list, create, update, remove]: [
    UserCall<unknown, unknown, Out[]>,
    UserCall<unknown, Fields, Out>,
    UserCall<Id, Fields, Out>,
    UserCall<Id, unknown, { ok: true }>,
  ],
) {
  registerUserCall(app, list, ({ ctx }) => kind.list(ctx));
  registerUserCall(app, create, ({ ctx, body }) => kind.create(ctx, body));
  registerUserCall(app, update, ({ ctx, params, body }) => kind.update(ctx, params.id, body));
  registerUserCall(app, remove, ({ ctx, params }) => kind.remove(ctx, params.id));
}

export function routes(app: FastifyInstance) {
  registerUserCall(app, calls.getProfile, ({ ctx }) => service.getProfile(ctx));
  registerUserCall(app, calls.updateProfile, ({ ctx, body }) => service.updateProfile(ctx, body));
  registerUserCall(app, calls.listSpecializations, ({ ctx }) => service.listSpecializations(ctx));

  itemRoutes(app, items.socialLinks, [calls.listSocialLinks, calls.createSocialLink, calls.updateSocialLink, calls.deleteSocialLink]);
  itemRoutes(app, items.educations, [calls.listEducations, calls.createEducation, calls.updateEducation, calls.deleteEducation]);
  itemRoutes(app, items.certifications, [
    calls.listCertifications,
    calls.createCertification,
    calls.updateCertification,
    calls.deleteCertification,
  ]);
  itemRoutes(app, items.skills, [calls.listSkills, calls.createSkill, calls.updateSkill, calls.deleteSkill]);
  itemRoutes(app, items.workExperiences, [
    calls.listWorkExperiences,
    calls.createWorkExperience,
    calls.updateWorkExperience,
    calls.deleteWorkExperience,
  ]);
}

export { UNIQUE_CONSTRAINTS } from './present';
