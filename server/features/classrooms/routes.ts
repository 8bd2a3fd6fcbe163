import type { FastifyInstance } from 'fastify';
import { asStudentId } from '../../lib/ids';
import * as contract from '../../../contract/classrooms';
import { registerTxCall } from '../../lib/register-call';
import * as service from './service';
import * as students from './service-students';

export function routes(app: FastifyInstance) {
  registerTxCall(app, contract.listClassrooms, ({ ctx, query }) => service.listClassrooms(ctx, query));
  registerTxCall(app, contract.createClassroom, ({ ctx, body }) => service.createClassroom(ctx, body));
  registerTxCall(app, contract.getClassroom, ({ ctx, params }) => service.getClassroom(ctx, params.id));
  registerTxCall(app, contract.updateClassroom, ({ ctx, params, body }) => service.updateClassroom(ctx, params.id, body));
  registerTxCall(app, contract.deleteClassroom, ({ ctx, params }) => service.deleteClassroom(ctx, params.id));
  registerTxCall(app, contract.bulkDeleteClassrooms, ({ ctx, body }) => service.bulkDeleteClassrooms(ctx, body.ids));

  registerTxCall(app, contract.listClassroomStudents, ({ ctx, params, query }) => students.listClassroomStudents(ctx, params.id, query));
  registerTxCall(app, contract.addClassroomStudent, ({ ctx, params, body }) =>
    students.addClassroomStudent(ctx, params.id, asStudentId(body.student_id)),
  );
  registerTxCall(app, contract.removeClassroomStudent, ({ ctx, params }) => students.removeClassroomStudent(ctx, params.id));
}

export { UNIQUE_CONSTRAINTS } from './present';
