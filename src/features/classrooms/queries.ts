import { classrooms, people } from '../../../contract/routes';
import { ERROR_TEXT } from '../../shared/api/error-text';
import { listQuery, organizationList, pageQuery, type PageParams } from '../../shared/admin/list-query';
import { CLASSROOMS_ERROR_TEXT } from './error-text';
import { callQuery } from '../../shared/api/call-query';

/** Query-key factory: everything about one organization's classrooms starts with ['classrooms', orgCode]. */
export const classroomQueries = {
  ...organizationList('classrooms', classrooms.listClassrooms, CLASSROOMS_ERROR_TEXT.fetchClassrooms),
  one: (orgCode: string, id: string) =>
    callQuery(
      [...classroomQueries.all(orgCode), 'one', id],
      classrooms.getClassroom,
      { params: { orgCode, id } },
      CLASSROOMS_ERROR_TEXT.fetchClassroom,
    ),
  students: (orgCode: string, id: string, params: PageParams) =>
    listQuery(
      [...classroomQueries.all(orgCode), 'students', id, params],
      classrooms.listClassroomStudents,
      { params: { id }, query: pageQuery(params) },
      CLASSROOMS_ERROR_TEXT.fetchClassroomStudents,
    ),
  /** The organization's current therapists, for the homeroom picker (one page of 100, by name). */
  therapists: (orgCode: string) =>
    callQuery(
      ['people', orgCode, 'therapists', 'homeroom-picker'],
      people.listTherapists,
      { params: { orgCode }, query: { page: 1, page_size: 100, ordering: 'name' } },
      CLASSROOMS_ERROR_TEXT.fetchTherapists,
    ),
  /** Students to seat, by a search over name or code. */
  studentSearch: (orgCode: string, search: string) =>
    listQuery(
      ['people', orgCode, 'students', 'seat-picker', search],
      people.listStudents,
      { params: { orgCode }, query: { ...pageQuery({ page: 1, pageSize: 20, search }), ordering: 'name' } },
      ERROR_TEXT.fetchStudents,
    ),
};
