import type { FastifyInstance } from 'fastify';
import { asMembershipId } from '../../lib/ids';
import * as calls from '../../../contract/memberships';
import { registerTxCall, registerUserCall } from '../../lib/register-call';
import * as service from './service';
import * as detail from './service-detail';
import * as life from './service-life';

export function routes(app: FastifyInstance) {
  registerUserCall(app, calls.myMemberships, ({ ctx, query }) => service.listMyMemberships(ctx, query));
  registerTxCall(app, calls.listMemberships, ({ ctx, query }) => detail.listMemberships(ctx, query));
  registerTxCall(app, calls.membershipDetail, ({ ctx, params }) => detail.membershipDetail(ctx, asMembershipId(params.id)));
  registerTxCall(app, calls.terminateMembership, ({ ctx, params, body }) => life.terminateMembership(ctx, asMembershipId(params.id), body));
  registerTxCall(app, calls.acceptResignation, ({ ctx, params }) => life.acceptResignation(ctx, asMembershipId(params.id)));
  registerUserCall(app, calls.resign, ({ ctx, params, body }) => life.resign(ctx, asMembershipId(params.id), body));
  registerUserCall(app, calls.cancelResignation, ({ ctx, params }) => life.cancelResignation(ctx, asMembershipId(params.id)));
}

export { UNIQUE_CONSTRAINTS } from './present';
