import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/scheduling';
import { registerTxCall } from '../../lib/register-call';
import { AppError } from '../../lib/app-error';
import { scheduleSession } from './service';
import { startSession, endSession } from './lifecycle';
import { countTherasessions, rangeFilter, selectTherasessions, toTherasession } from './present';
import { pageLinks } from '../../lib/pagination';

export function schedulingRoutes(app: FastifyInstance) {
  registerTxCall(app, contract.listTherasessions, async ({ tx, org, query, request }) => {
    // Therapists see their own sessions; owners and staff (sessions.manage) see everyone's.
    const seesAll = org.isOwner || org.permissions.has('sessions.manage');
    const therapistId = seesAll ? query.therapist_id : (org.membershipId ?? undefined);
    const where = rangeFilter({ therapistId, from: query.from, to: query.to });
    const count = await countTherasessions(tx, org.organizationId, where);
    const results = await selectTherasessions(tx, org.organizationId, where, query.page_size, (query.page - 1) * query.page_size);
    return { count, ...pageLinks(request.url, query.page, query.page_size, count), results };
  });
  registerTxCall(app, contract.createTherasession, async ({ tx, org, body }) => {
    if (body.organization_id !== org.organizationId) {
      throw new AppError('NOT_FOUND', 'Organization not found.');
    }
    const created = await scheduleSession(tx, org.organizationId, {
      ...(body.id ? { id: body.id } : {}),
      therapistMembershipId: body.therapist_id,
      studentId: body.student_id,
      departmentId: body.department_id,
      startAt: new Date(body.start_at),
      endAt: new Date(body.end_at),
    });
    return toTherasession(tx, org.organizationId, created.id);
  });
  registerTxCall(app, contract.startTherasession, ({ tx, org, params, body }) => startSession(tx, org, params.id, body));
  registerTxCall(app, contract.endTherasession, ({ tx, org, params, body }) => endSession(tx, org, params.id, body));
}
