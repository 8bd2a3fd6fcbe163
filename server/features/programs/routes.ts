import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/programs';
import { registerTxCall } from '../../lib/register-call';
import { pageLinks } from '../../lib/pagination';
import * as service from './service';
import * as lists from './lists';
import { presentEnrollment, presentProgram, presentProgramDepartment, presentProgramMember, presentProgramStudent } from './present';

const page = (query: { page: number; page_size: number }) => ({ page: query.page, pageSize: query.page_size });

export function programsRoutes(app: FastifyInstance) {
  registerTxCall(app, contract.listPrograms, async ({ tx, org, query, request }) => {
    const filter = { search: query.search, ordering: query.ordering };
    const { rows, count, countAll } = await lists.programPage(tx, org.organizationId, filter, page(query));
    return { count, ...pageLinks(request.url, query.page, query.page_size, count), results: rows.map(presentProgram), count_all: countAll };
  });
  registerTxCall(app, contract.listProgramsFull, async ({ tx, org, query }) => {
    const { countAll, rows } = await lists.programsFull(tx, org.organizationId, query.search);
    return { count_all: countAll, results: rows.map((r) => ({ ...presentProgram(r), departments: r.departments })) };
  });
  registerTxCall(app, contract.createProgram, async ({ tx, org, body, trail }) => {
    const created = await service.createProgram(tx, org.organizationId, { name: body.name, description: body.description }, trail);
    return presentProgram({ ...created, studentsCount: 0 });
  });
  registerTxCall(app, contract.updateProgram, async ({ tx, org, params, body, trail }) => {
    await service.updateProgram(tx, org.organizationId, params.id, { name: body.name, description: body.description }, trail);
    return presentProgram(await lists.programRow(tx, org.organizationId, params.id));
  });
  registerTxCall(app, contract.deleteProgram, async ({ tx, org, params, trail }) => {
    await service.deleteProgram(tx, org.organizationId, params.id, trail);
    return { ok: true as const };
  });
  registerTxCall(app, contract.bulkDeletePrograms, ({ tx, org, body, trail }) =>
    service.deletePrograms(tx, org.organizationId, body.ids, trail),
  );

  // ---- students ----
  registerTxCall(app, contract.listProgramStudents, async ({ tx, org, params, query, request }) => {
    const { count, rows } = await lists.programStudentPage(tx, org.organizationId, params.id, query.search, page(query));
    return { count, ...pageLinks(request.url, query.page, query.page_size, count), results: rows.map(presentProgramStudent) };
  });
  registerTxCall(app, contract.listCandidateEnrollments, async ({ tx, org, params, query, request }) => {
    const { count, rows } = await lists.candidatePage(tx, org.organizationId, params.id, query.search, page(query));
    return { count, ...pageLinks(request.url, query.page, query.page_size, count), results: rows.map(presentEnrollment) };
  });
  registerTxCall(app, contract.addProgramStudent, async ({ tx, org, params, body, trail }) => {
    await service.addProgramStudent(tx, org.organizationId, params.id, body.enrollment_id, trail);
    return presentProgramStudent(await lists.programStudentRow(tx, org.organizationId, params.id, body.enrollment_id));
  });
  registerTxCall(app, contract.removeProgramStudent, async ({ tx, org, params, trail }) => {
    await service.removeProgramStudent(tx, org.organizationId, params.id, params.enrollmentId, trail);
    return { ok: true as const };
  });

  // ---- departments and team ----
  registerTxCall(app, contract.listProgramDepartments, async ({ tx, org, params }) => ({
    results: (await lists.programDepartments(tx, org.organizationId, params.id)).map(presentProgramDepartment),
  }));
  registerTxCall(app, contract.listProgramMembers, async ({ tx, org, params, query, request }) => {
    const pageSize = query.size ?? query.page_size;
    const filter = { search: query.search, departmentId: query.department_id, ordering: query.ordering };
    const { count, rows } = await lists.programMemberPage(tx, org.organizationId, params.id, filter, { page: query.page, pageSize });
    return { count, ...pageLinks(request.url, query.page, pageSize, count), results: rows.map(presentProgramMember) };
  });
}
