import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/collector';
import { registerTxCall } from '../../lib/register-call';
import { asSessionId, asStudentId } from '../../lib/ids';
import * as service from './service';
import * as batches from './service-batches';
import { correctPoint } from './service-corrections';
import { sessionConflicts } from './service-conflicts';

export function routes(app: FastifyInstance) {
  registerTxCall(app, contract.getSession, ({ ctx, params }) => service.getSession(ctx, asSessionId(params.id)));
  registerTxCall(app, contract.sessionConflicts, ({ ctx, params }) => sessionConflicts(ctx, asSessionId(params.id)));
  registerTxCall(app, contract.upsertPoints, ({ ctx, params, body }) => batches.upsertPoints(ctx, asSessionId(params.id), body.points));
  registerTxCall(app, contract.deletePoints, ({ ctx, params, body }) => batches.deletePoints(ctx, asSessionId(params.id), body.keys));
  registerTxCall(app, contract.upsertPoint, ({ ctx, body }) => batches.upsertPoint(ctx, body));
  registerTxCall(app, contract.correctPoint, ({ ctx, params, body }) => correctPoint(ctx, params.id, body));
  registerTxCall(app, contract.currentTrial, ({ ctx, query }) => service.currentTrial(ctx, query));
  registerTxCall(app, contract.startNextTrial, ({ ctx, body }) => service.moveTrial(ctx, body, 'open'));
  registerTxCall(app, contract.completeTrial, ({ ctx, body }) => service.moveTrial(ctx, body, 'completed'));
  registerTxCall(app, contract.startFocus, ({ ctx, params, body }) => service.startFocus(ctx, asSessionId(params.id), body));
  registerTxCall(app, contract.stopFocus, ({ ctx, params, body }) => service.stopFocus(ctx, asSessionId(params.id), body));
  registerTxCall(app, contract.studentHistory, ({ ctx, params, query }) =>
    service.history(ctx, asStudentId(params.studentId), query.limit),
  );
}
