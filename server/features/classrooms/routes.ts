import type { FastifyInstance } from 'fastify';
import * as contract from '../../../contract/classrooms';
import { registerTxCall } from '../../lib/register-call';
import { pageLinks } from '../../lib/pagination';
import * as service from './service';
import * as lists from './lists';
import { presentClassroom, presentClassroomStudent } from './present';

const page = (query: { page: number; page_size: number }) => ({ page: query.page, pageSize: query.page_size });

const classroomInput = (body: {
  name?: string | undefined;
  grade_level?: string | undefined;
  room?: string | undefined;
  capacity?: number | null | undefined;
  is_enabled?: boolean | undefined;
  homeroom_membership_id?: string | null | undefined;
}) => ({
  name: body.name,
  gradeLevel: body.grade_level,
  room: body.room,
  capacity: body.capacity,
  isEnabled: body.is_enabled,
  homeroomMembershipId: body.homeroom_membership_id,
});

export function classroomsRoutes(app: FastifyInstance) {
  registerTxCall(app, contract.listClassrooms, async ({ tx, org, query, request }) => {
    const filter = { search: query.search, isEnabled: query.is_enabled, ordering: query.ordering };
    const { rows, count, countAll, countEnabled, countDisabled } = await lists.classroomPage(tx, org.organizationId, filter, page(query));
    return {
      count,
      ...pageLinks(request.url, query.page, query.page_size, count),
      results: rows.map(presentClassroom),
      count_all: countAll,
      count_enabled: countEnabled,
      count_disabled: countDisabled,
    };
  });
  registerTxCall(app, contract.createClassroom, async ({ tx, org, body, trail }) => {
    const created = await service.createClassroom(tx, org.organizationId, { ...classroomInput(body), name: body.name }, trail);
    return presentClassroom(await lists.classroomRow(tx, org.organizationId, created.id));
  });
  registerTxCall(app, contract.getClassroom, async ({ tx, org, params }) =>
    presentClassroom(await lists.classroomRow(tx, org.organizationId, params.id)),
  );
  registerTxCall(app, contract.updateClassroom, async ({ tx, org, params, body, trail }) => {
    await service.updateClassroom(tx, org.organizationId, params.id, classroomInput(body), trail);
    return presentClassroom(await lists.classroomRow(tx, org.organizationId, params.id));
  });
  registerTxCall(app, contract.deleteClassroom, async ({ tx, org, params, trail }) => {
    await service.deleteClassroom(tx, org.organizationId, params.id, trail);
    return { ok: true as const };
  });
  registerTxCall(app, contract.bulkDeleteClassrooms, ({ tx, org, body, trail }) =>
    service.deleteClassrooms(tx, org.organizationId, body.ids, trail),
  );

  // ---- students ----
  registerTxCall(app, contract.listClassroomStudents, async ({ tx, org, params, query, request }) => {
    const { count, rows } = await lists.classroomStudentPage(tx, org.organizationId, params.id, query.search, page(query));
    return { count, ...pageLinks(request.url, query.page, query.page_size, count), results: rows.map(presentClassroomStudent) };
  });
  registerTxCall(app, contract.addClassroomStudent, async ({ tx, org, params, body, trail }) => {
    const seat = await service.addClassroomStudent(tx, org.organizationId, params.id, body.student_id, trail);
    return presentClassroomStudent(await lists.classroomStudentRow(tx, org.organizationId, seat.id));
  });
  registerTxCall(app, contract.removeClassroomStudent, async ({ tx, org, params, trail }) => {
    await service.removeClassroomStudent(tx, org.organizationId, params.id, trail);
    return { ok: true as const };
  });
}
