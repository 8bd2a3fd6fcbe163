import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/scheduling';
import * as desk from '../../../contract/scheduling-desk';
import { registerTxCall } from '../../lib/register-call';
import { asSessionId } from '../../lib/ids';
import * as service from './service';
import { startSession, endSession } from './service-lifecycle';
import { cancelSession, deleteSession, editSession, rescheduleSession } from './service-desk';
import { planSessions } from './service-plan';
import { sessionActivities } from './service-activities';
import { readSession } from './service-read';

export function routes(app: FastifyInstance) {
  registerTxCall(app, contract.listTherasessions, ({ ctx, query }) => service.listSessionPage(ctx, query));
  registerTxCall(app, contract.createTherasession, ({ ctx, body }) => service.createSession(ctx, body));
  registerTxCall(app, contract.startTherasession, ({ ctx, params, body }) => startSession(ctx, asSessionId(params.id), body));
  registerTxCall(app, desk.getTherasession, ({ ctx, params }) => readSession(ctx, asSessionId(params.id)));
  registerTxCall(app, contract.endTherasession, ({ ctx, params, body }) => endSession(ctx, asSessionId(params.id), body));
  registerTxCall(app, desk.bulkTherasessions, ({ ctx, body }) => planSessions(ctx, body));
  registerTxCall(app, desk.updateTherasession, ({ ctx, params, body }) => editSession(ctx, asSessionId(params.id), body));
  registerTxCall(app, desk.deleteTherasession, ({ ctx, params }) => deleteSession(ctx, asSessionId(params.id)));
  registerTxCall(app, desk.rescheduleTherasession, ({ ctx, params, body }) =>
    rescheduleSession(ctx, asSessionId(params.id), { ...body, startAt: new Date(body.start_at), endAt: new Date(body.end_at) }),
  );
  registerTxCall(app, desk.cancelTherasession, ({ ctx, params, body }) => cancelSession(ctx, asSessionId(params.id), body.reason));
  registerTxCall(app, desk.therasessionActivities, ({ ctx, params }) => sessionActivities(ctx, asSessionId(params.id)));
}
