import type { FastifyInstance } from 'fastify';
import * as calls from '../../../contract/organizations';
import { registerCall } from '../../lib/register-call';
import { pageOf } from '../../lib/pagination';
import {
  listMyOrganizations,
  readOwnerProfile,
  readSettings,
  replaceSettings,
  resolveByCode,
  search,
  switchOrganization,
  updateOwnerProfileOf,
} from './service';

export function routes(app: FastifyInstance) {
  const { database } = app;

  registerCall(app, calls.listOrganizations, async ({ auth, query }) =>
    pageOf(await listMyOrganizations(database, auth.user.id), calls.listOrganizations.path, query.page, query.page_size),
  );

  registerCall(app, calls.setActiveOrganization, async ({ auth, body }) => switchOrganization(database, auth, body.organization_id));

  registerCall(app, calls.resolveOrganization, async ({ query }) => resolveByCode(database, query.code));

  registerCall(app, calls.searchOrganizations, async ({ query }) => search(database, query.q, query.limit));

  registerCall(app, calls.getOrganizationSettings, async ({ org }) => readSettings(database, org.organizationId));

  registerCall(app, calls.updateOrganizationSettings, async ({ org, body }) => replaceSettings(database, org.organizationId, body));

  registerCall(app, calls.getOwnerProfile, async ({ auth }) => readOwnerProfile(database, auth));

  registerCall(app, calls.updateOwnerProfile, async ({ auth, body }) => updateOwnerProfileOf(database, auth, body));
}
