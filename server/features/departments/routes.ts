import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/departments';
import { registerTxCall } from '../../lib/register-call';
import { pageLinks } from '../../lib/pagination';
import { requireAssignmentsReadable, studentListScope } from '../../lib/student-visibility';
import * as service from './service';
import * as lists from './lists';
import { presentAssignment, presentDepartment, presentDepartmentStudent, presentHistory, presentMember } from './present';

const page = (query: { page: number; page_size: number }) => ({ page: query.page, pageSize: query.page_size });

export function departmentsRoutes(app: FastifyInstance) {
  registerTxCall(app, contract.therapistAssignedStudents, async ({ tx, org, params }) => {
    requireAssignmentsReadable(org, params.id);
    const rows = await service.listTherapistAssignedStudents(tx, org.organizationId, params.id);
    // One row per department the student is in with this therapist: one entry per student.
    const byStudent = new Map<string, { id: string; first_name: string; last_name: string; department_ids: string[] }>();
    for (const r of rows) {
      const entry = byStudent.get(r.studentId) ?? { id: r.studentId, first_name: r.firstName, last_name: r.lastName, department_ids: [] };
      entry.department_ids.push(r.departmentId);
      byStudent.set(r.studentId, entry);
    }
    return { results: [...byStudent.values()] };
  });
  registerTxCall(app, contract.therapistAssignedDepartments, async ({ tx, org, params }) => {
    requireAssignmentsReadable(org, params.id);
    const rows = await service.listTherapistDepartments(tx, org.organizationId, params.id);
    return { results: rows.map((d) => ({ id: d.id, name: d.name })) };
  });

  // ---- departments ----
  registerTxCall(app, contract.listDepartments, async ({ tx, org, query, request }) => {
    const filter = { search: query.search, isEnabled: query.is_enabled, ordering: query.ordering };
    const { rows, count, countAll, countEnabled, countDisabled } = await lists.departmentPage(tx, org.organizationId, filter, page(query));
    return {
      count,
      ...pageLinks(request.url, query.page, query.page_size, count),
      results: rows.map(presentDepartment),
      count_all: countAll,
      count_enabled: countEnabled,
      count_disabled: countDisabled,
    };
  });
  registerTxCall(app, contract.createDepartment, async ({ tx, org, body, trail }) => {
    const created = await service.createDepartment(tx, org.organizationId, { name: body.name, isEnabled: body.is_enabled }, trail);
    return presentDepartment({ ...created, membersCount: 0, studentsCount: 0 });
  });
  registerTxCall(app, contract.getDepartment, async ({ tx, org, params }) =>
    presentDepartment(await lists.departmentRow(tx, org.organizationId, params.id)),
  );
  registerTxCall(app, contract.updateDepartment, async ({ tx, org, params, body, trail }) => {
    await service.updateDepartment(tx, org.organizationId, params.id, { name: body.name, isEnabled: body.is_enabled }, trail);
    return presentDepartment(await lists.departmentRow(tx, org.organizationId, params.id));
  });
  registerTxCall(app, contract.deleteDepartment, async ({ tx, org, params, trail }) => {
    await service.deleteDepartment(tx, org.organizationId, params.id, trail);
    return { ok: true as const };
  });
  registerTxCall(app, contract.bulkDeleteDepartments, ({ tx, org, body, trail }) =>
    service.deleteDepartments(tx, org.organizationId, body.ids, trail),
  );
  registerTxCall(app, contract.departmentHistory, async ({ tx, org, params, query, request }) => {
    const { count, rows } = await lists.departmentHistoryPage(tx, org.organizationId, params.id, page(query));
    return { count, ...pageLinks(request.url, query.page, query.page_size, count), results: rows.map(presentHistory) };
  });

  // ---- team ----
  registerTxCall(app, contract.listDepartmentMembers, async ({ tx, org, params, query, request }) => {
    const { count, rows } = await lists.departmentMemberPage(tx, org.organizationId, params.id, query.search, page(query));
    return { count, ...pageLinks(request.url, query.page, query.page_size, count), results: rows.map(presentMember) };
  });
  registerTxCall(app, contract.addDepartmentMember, async ({ tx, org, params, body, trail }) =>
    presentMember(await service.addDepartmentMember(tx, org.organizationId, params.id, body.membership_id, trail)),
  );
  registerTxCall(app, contract.removeDepartmentMember, async ({ tx, org, params, trail }) => {
    await service.removeDepartmentMember(tx, org.organizationId, params.id, params.memberId, trail);
    return { ok: true as const };
  });
  registerTxCall(app, contract.listOrganizationMembers, async ({ tx, org, query, request }) => {
    const { count, rows } = await lists.activeMemberPage(tx, org.organizationId, { search: query.search, role: query.role }, page(query));
    return {
      count,
      ...pageLinks(request.url, query.page, query.page_size, count),
      results: rows.map((r) => ({
        membership_id: r.membershipId,
        user_id: r.userId,
        first_name: r.firstName,
        last_name: r.lastName,
        email: r.email,
        role: r.role,
        role_id: r.roleId,
      })),
    };
  });

  // ---- students and their therapists ----
  registerTxCall(app, contract.listDepartmentStudents, async ({ tx, org, params, query, request }) => {
    const scope = studentListScope(org);
    const { count, rows } = await lists.departmentStudentPage(tx, org.organizationId, params.id, query.search, page(query), scope);
    return { count, ...pageLinks(request.url, query.page, query.page_size, count), results: rows.map(presentDepartmentStudent) };
  });
  registerTxCall(app, contract.addDepartmentStudent, async ({ tx, org, params, body, trail }) =>
    presentDepartmentStudent(await service.addDepartmentStudent(tx, org.organizationId, params.id, body.student_id, trail)),
  );
  registerTxCall(app, contract.bulkDeleteDepartmentStudents, ({ tx, org, params, body, trail }) =>
    service.removeDepartmentStudents(tx, org.organizationId, params.id, body.ids, trail),
  );
  registerTxCall(app, contract.updateDepartmentStudent, async ({ tx, org, params, body, trail }) =>
    presentDepartmentStudent(await service.setAssignedTherapists(tx, org.organizationId, params.id, body.assigned_therapist_ids, trail)),
  );
  registerTxCall(app, contract.deleteDepartmentStudent, async ({ tx, org, params, trail }) => {
    await service.removeDepartmentStudent(tx, org.organizationId, params.id, trail);
    return { ok: true as const };
  });
  registerTxCall(app, contract.listAssignedTherapists, async ({ tx, org, params }) => ({
    results: (await service.listAssignedTherapists(tx, org.organizationId, params.id)).map(presentAssignment),
  }));
  registerTxCall(app, contract.assignTherapist, async ({ tx, org, params, body, trail }) =>
    presentAssignment(await service.assignTherapist(tx, org.organizationId, params.id, body.membership_id, trail)),
  );
  registerTxCall(app, contract.unassignTherapist, async ({ tx, org, params, trail }) => {
    await service.unassignTherapist(tx, org.organizationId, params.id, trail);
    return { ok: true as const };
  });
}
