import type { FastifyInstance } from 'fastify';
import * as calls from '../../../contract/memberships';
import { registerCall } from '../../lib/register-call';
import { pageOf } from '../../lib/pagination';
import { listMyMemberships } from './service';

export function routes(app: FastifyInstance) {
  registerCall(app, calls.myMemberships, async ({ auth, query }) =>
    pageOf(await listMyMemberships(app.database, auth.user.id), calls.myMemberships.path, query.page, query.page_size),
  );
}

export { UNIQUE_CONSTRAINTS } from './present';
