import type { FastifyInstance } from 'fastify';
import { asDepartmentId, asMembershipId, asStudentId } from '../../lib/ids';
import * as contract from '../../../contract/session-history';
import { registerTxCall } from '../../lib/register-call';
import { studentSessions } from './service';
import { caseload } from './service-caseload';

export function routes(app: FastifyInstance) {
  registerTxCall(app, contract.studentSessions, ({ ctx, params, query }) => studentSessions(ctx, asStudentId(params.studentId), query));
  registerTxCall(app, contract.caseload, ({ ctx, query }) =>
    caseload(ctx, {
      ...query,
      therapistId: asMembershipId(query.therapist_id),
      departmentId: asDepartmentId(query.department_id),
    }),
  );
}
