import type { FastifyInstance } from 'fastify';
import { asDepartmentId, asMembershipId, asMembershipIds, asStudentId } from '../../lib/ids';
import * as contract from '../../../contract/departments';
import { registerTxCall } from '../../lib/register-call';
import * as service from './service';
import * as team from './service-team';
import * as students from './service-students';
import * as history from './service-history';

export function routes(app: FastifyInstance) {
  registerTxCall(app, contract.therapistAssignedStudents, ({ ctx, params }) =>
    students.therapistAssignedStudents(ctx, asMembershipId(params.id)),
  );
  registerTxCall(app, contract.therapistAssignedDepartments, ({ ctx, params }) =>
    students.therapistAssignedDepartments(ctx, asMembershipId(params.id)),
  );

  registerTxCall(app, contract.listDepartments, ({ ctx, query }) => service.listDepartments(ctx, query));
  registerTxCall(app, contract.createDepartment, ({ ctx, body }) => service.createDepartment(ctx, body));
  registerTxCall(app, contract.getDepartment, ({ ctx, params }) => service.getDepartment(ctx, asDepartmentId(params.id)));
  registerTxCall(app, contract.updateDepartment, ({ ctx, params, body }) => service.updateDepartment(ctx, asDepartmentId(params.id), body));
  registerTxCall(app, contract.deleteDepartment, ({ ctx, params }) => service.deleteDepartment(ctx, asDepartmentId(params.id)));
  registerTxCall(app, contract.bulkDeleteDepartments, ({ ctx, body }) => service.bulkDeleteDepartments(ctx, body.ids));
  registerTxCall(app, contract.departmentHistory, ({ ctx, params, query }) =>
    history.departmentHistory(ctx, asDepartmentId(params.id), query),
  );

  registerTxCall(app, contract.listDepartmentMembers, ({ ctx, params, query }) =>
    team.listDepartmentMembers(ctx, asDepartmentId(params.id), query),
  );
  registerTxCall(app, contract.addDepartmentMember, ({ ctx, params, body }) =>
    team.addDepartmentMember(ctx, asDepartmentId(params.id), asMembershipId(body.membership_id)),
  );
  registerTxCall(app, contract.removeDepartmentMember, ({ ctx, params }) =>
    team.removeDepartmentMember(ctx, asDepartmentId(params.id), params.memberId),
  );
  registerTxCall(app, contract.listOrganizationMembers, ({ ctx, query }) => team.listOrganizationMembers(ctx, query));

  registerTxCall(app, contract.listDepartmentStudents, ({ ctx, params, query }) =>
    students.listDepartmentStudents(ctx, asDepartmentId(params.id), query),
  );
  registerTxCall(app, contract.addDepartmentStudent, ({ ctx, params, body }) =>
    students.addDepartmentStudent(ctx, asDepartmentId(params.id), asStudentId(body.student_id)),
  );
  registerTxCall(app, contract.bulkDeleteDepartmentStudents, ({ ctx, params, body }) =>
    students.removeDepartmentStudents(ctx, asDepartmentId(params.id), body.ids),
  );
  registerTxCall(app, contract.updateDepartmentStudent, ({ ctx, params, body }) =>
    students.setAssignedTherapists(ctx, params.id, asMembershipIds(body.assigned_therapist_ids)),
  );
  registerTxCall(app, contract.deleteDepartmentStudent, ({ ctx, params }) => students.removeDepartmentStudent(ctx, params.id));
  registerTxCall(app, contract.listAssignedTherapists, ({ ctx, params }) => students.listAssignedTherapists(ctx, params.id));
  registerTxCall(app, contract.assignTherapist, ({ ctx, params, body }) =>
    students.assignTherapist(ctx, params.id, asMembershipId(body.membership_id)),
  );
  registerTxCall(app, contract.unassignTherapist, ({ ctx, params }) => students.unassignTherapist(ctx, params.id));
}

export { UNIQUE_CONSTRAINTS } from './present';
