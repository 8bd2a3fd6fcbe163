import type { FastifyInstance } from 'fastify';
import * as calls from '../../../contract/organizations';
import { registerTxCall, registerUserCall } from '../../lib/register-call';
import * as service from './service';

export function routes(app: FastifyInstance) {
  registerUserCall(app, calls.listOrganizations, ({ ctx, query }) => service.listMyOrganizations(ctx, query));
  registerUserCall(app, calls.setActiveOrganization, ({ ctx, body }) => service.switchOrganization(ctx, body.organization_id));
  registerUserCall(app, calls.resolveOrganization, ({ ctx, query }) => service.resolveByCode(ctx, query.code));
  registerUserCall(app, calls.searchOrganizations, ({ ctx, query }) => service.search(ctx, query.q, query.limit));
  registerTxCall(app, calls.gettingStarted, ({ ctx }) => service.readGettingStarted(ctx));
  registerTxCall(app, calls.getOrganizationSettings, ({ ctx }) => service.readSettings(ctx));
  registerTxCall(app, calls.updateOrganizationSettings, ({ ctx, body }) => service.replaceSettings(ctx, body));
  registerUserCall(app, calls.getOwnerProfile, ({ ctx }) => service.readOwnerProfile(ctx));
  registerUserCall(app, calls.updateOwnerProfile, ({ ctx, body }) => service.updateOwnerProfileOf(ctx, body));
}
