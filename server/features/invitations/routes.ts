import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/invitations';
import { registerTxCall, registerUserCall } from '../../lib/register-call';
import { perAddress } from '../../plugins/rate-limits';
import * as service from './service';
import * as invitee from './service-invitee';

export function routes(app: FastifyInstance) {
  const links = { publicOrigin: app.config.PUBLIC_ORIGIN };
  registerUserCall(app, contract.preview, ({ ctx, params }) => invitee.previewInvitation(ctx, params.token), {
    rateLimit: perAddress(app),
  });
  registerUserCall(app, contract.myInvitations, ({ ctx, query }) => invitee.listMyInvitations(ctx, query));
  registerUserCall(app, contract.myInvitation, ({ ctx, params }) => invitee.getMyInvitation(ctx, params.token));
  registerUserCall(app, contract.myTherapistCode, ({ ctx }) => invitee.getMyTherapistCode(ctx));
  registerUserCall(app, contract.accept, ({ ctx, params }) => invitee.acceptInvitation(ctx, params.token));
  registerUserCall(app, contract.reject, ({ ctx, params }) => invitee.rejectInvitation(ctx, params.token));
  registerTxCall(app, contract.cancel, ({ ctx, params }) => service.cancelInvitation(ctx, params.token));
  registerTxCall(app, contract.archive, ({ ctx, params }) => service.archiveInvitation(ctx, params.token, true));
  registerTxCall(app, contract.unarchive, ({ ctx, params }) => service.archiveInvitation(ctx, params.token, false));
  registerTxCall(app, contract.list, ({ ctx, query }) => service.listInvitations(ctx, query));
  registerTxCall(app, contract.invite, ({ ctx, body }) => service.invite(ctx, body, links));
  registerTxCall(app, contract.lookup, ({ ctx, query }) => service.lookupTherapist(ctx, query.therapist_code));
}

export { UNIQUE_CONSTRAINTS } from './present';
