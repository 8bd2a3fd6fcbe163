import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/programs';
import { registerTxCall } from '../../lib/register-call';
import * as service from './service';
import * as students from './service-students';
import * as team from './service-team';

export function routes(app: FastifyInstance) {
  registerTxCall(app, contract.listPrograms, ({ ctx, query }) => service.listPrograms(ctx, query));
  registerTxCall(app, contract.listProgramsFull, ({ ctx, query }) => service.listProgramsFull(ctx, query));
  registerTxCall(app, contract.createProgram, ({ ctx, body }) => service.createProgram(ctx, body));
  registerTxCall(app, contract.updateProgram, ({ ctx, params, body }) => service.updateProgram(ctx, params.id, body));
  registerTxCall(app, contract.deleteProgram, ({ ctx, params }) => service.deleteProgram(ctx, params.id));
  registerTxCall(app, contract.bulkDeletePrograms, ({ ctx, body }) => service.bulkDeletePrograms(ctx, body.ids));

  registerTxCall(app, contract.listProgramStudents, ({ ctx, params, query }) => students.listProgramStudents(ctx, params.id, query));
  registerTxCall(app, contract.listCandidateEnrollments, ({ ctx, params, query }) =>
    students.listCandidateEnrollments(ctx, params.id, query),
  );
  registerTxCall(app, contract.addProgramStudent, ({ ctx, params, body }) =>
    students.addProgramStudent(ctx, params.id, body.enrollment_id),
  );
  registerTxCall(app, contract.removeProgramStudent, ({ ctx, params }) =>
    students.removeProgramStudent(ctx, params.id, params.enrollmentId),
  );

  registerTxCall(app, contract.listProgramDepartments, ({ ctx, params }) => team.listProgramDepartments(ctx, params.id));
  registerTxCall(app, contract.listProgramMembers, ({ ctx, params, query }) => team.listProgramMembers(ctx, params.id, query));
}

export { UNIQUE_CONSTRAINTS } from './present';
