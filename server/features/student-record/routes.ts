import type { FastifyInstance } from 'fastify';
import { asStudentId } from '../../lib/ids';
import * as contract from '../../../contract/student-record';
import { registerTxCall } from '../../lib/register-call';
import * as service from './service';

export function routes(app: FastifyInstance) {
  registerTxCall(app, contract.getStudentRecord, ({ ctx, params }) => service.getStudentRecord(ctx, asStudentId(params.studentId)));
}
