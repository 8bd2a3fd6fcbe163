import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/collector';
import { registerTxCall } from '../../lib/register-call';
import * as service from './service';
import * as batches from './point-batches';
import { stampOf } from './observations';
import { sessionConflicts } from './conflicts';

export function routes(app: FastifyInstance) {
  // Opening a session hands out the student's record (goals and data): the audit trail says who, whose, when.
  registerTxCall(app, contract.getSession, async ({ tx, org, params, trail }) => {
    const session = await service.getSession(tx, org, params.id);
    await trail.record({ action: 'read', entity: 'student', entityId: session.student_id, scope: { session: session.id } });
    return session;
  });
  // The conflicts show values of the student's record too: audited like the session.
  registerTxCall(app, contract.sessionConflicts, async ({ tx, org, params, trail }) => {
    const { answer, studentId } = await sessionConflicts(tx, org, params.id);
    await trail.record({ action: 'read', entity: 'student', entityId: studentId, scope: { session: params.id } });
    return answer;
  });
  // Every write names who sent it (the signed-in user), so a conflict can say who recorded each value.
  registerTxCall(app, contract.upsertPoints, ({ tx, org, auth, params, body }) =>
    batches.upsertPoints(tx, org, params.id, body.points, auth.user.id),
  );
  registerTxCall(app, contract.deletePoints, ({ tx, org, auth, params, body }) =>
    batches.deletePoints(tx, org, params.id, body.keys, auth.user.id),
  );
  registerTxCall(app, contract.upsertPoint, ({ tx, org, auth, body }) => {
    const { session_id, ...point } = body;
    return batches.upsertPoints(tx, org, session_id, [point], auth.user.id);
  });
  registerTxCall(app, contract.correctPoint, ({ tx, org, auth, params, body }) =>
    service.correctPoint(tx, org, params.id, body, auth.user.id),
  );
  registerTxCall(app, contract.currentTrial, ({ tx, org, query }) =>
    service.currentTrial(tx, org, { session_id: query.session_id, goal_id: query.goal_id, sub_goal_id: query.sub_goal_id ?? null }),
  );
  registerTxCall(app, contract.startNextTrial, ({ tx, org, body }) => service.moveTrial(tx, org, body, 'open'));
  registerTxCall(app, contract.completeTrial, ({ tx, org, body }) => service.moveTrial(tx, org, body, 'completed'));
  registerTxCall(app, contract.startFocus, ({ tx, org, params, body }) => service.setFocus(tx, org, params.id, body, stampOf(body)));
  registerTxCall(app, contract.stopFocus, ({ tx, org, params, body }) => service.setFocus(tx, org, params.id, null, stampOf(body)));
  registerTxCall(app, contract.studentHistory, async ({ tx, org, params, query, trail }) => {
    const history = await service.history(tx, org, params.studentId, query.limit);
    await trail.record({ action: 'read', entity: 'student', entityId: params.studentId });
    return history;
  });
}
