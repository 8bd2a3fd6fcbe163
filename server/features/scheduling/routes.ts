import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/scheduling';
import { registerTxCall } from '../../lib/register-call';
import { pageLinks } from '../../lib/pagination';
import { getSessionView, listSessionPage, scheduleSessionIn } from './service';
import { startSession, endSession } from './lifecycle';
import { presentSession } from './present';

export function routes(app: FastifyInstance) {
  registerTxCall(app, contract.listTherasessions, async ({ tx, org, query, request }) => {
    const { count, results } = await listSessionPage(tx, org, {
      therapistMembershipId: query.therapist_id,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      page: query.page,
      pageSize: query.page_size,
    });
    return { count, ...pageLinks(request.url, query.page, query.page_size, count), results: results.map(presentSession) };
  });
  registerTxCall(app, contract.createTherasession, async ({ tx, org, body }) => {
    const created = await scheduleSessionIn(tx, org.organizationId, body.organization_id, {
      ...(body.id ? { id: body.id } : {}),
      therapistMembershipId: body.therapist_id,
      studentId: body.student_id,
      departmentId: body.department_id,
      startAt: new Date(body.start_at),
      endAt: new Date(body.end_at),
    });
    return presentSession(await getSessionView(tx, org.organizationId, created.id));
  });
  registerTxCall(app, contract.startTherasession, ({ tx, org, params, body }) => startSession(tx, org, params.id, body));
  registerTxCall(app, contract.endTherasession, ({ tx, org, params, body }) => endSession(tx, org, params.id, body));
}
