import { classrooms, departments, programs, studentRecord } from '../../../contract/routes';
import { callQuery } from '../../shared/api/call-query';
import { listQuery, pageQuery } from '../../shared/admin/list-query';
import { STUDENT_RECORD_ERROR_TEXT as TEXT } from './error-text';

/** How many choices a picker shows at once: search narrows the rest. */
const PICKER_SIZE = 10;

type PickerRoute = typeof departments.listDepartments | typeof programs.listPrograms | typeof classrooms.listClassrooms;

/** A picker's search of one of the organization's lists, under the page's key. */
const picker = (name: string, route: PickerRoute, errorText: string) => (orgId: string, orgCode: string, search: string) =>
  listQuery(
    ['student-record', orgId, name, search],
    route,
    { params: { orgCode }, query: pageQuery({ page: 1, pageSize: PICKER_SIZE, search }) },
    errorText,
  );

/** Query-key factory: everything of the student's page starts with ['student-record', orgId]. */
export const studentRecordQueries = {
  all: (orgId: string) => ['student-record', orgId] as const,
  /** The record; opening it is on the organization's trail. */
  record: (orgId: string, studentId: string) =>
    callQuery(['student-record', orgId, studentId], studentRecord.getStudentRecord, { params: { orgId, studentId } }, TEXT.fetchRecord),
  departments: picker('departments', departments.listDepartments, TEXT.fetchDepartments),
  programs: picker('programs', programs.listPrograms, TEXT.fetchPrograms),
  classrooms: picker('classrooms', classrooms.listClassrooms, TEXT.fetchClassrooms),
  /** The organization's active therapists, to assign one to the student in a department. */
  therapists: (orgId: string, orgCode: string, search: string) =>
    listQuery(
      ['student-record', orgId, 'therapists', search],
      departments.listOrganizationMembers,
      { params: { orgCode }, query: { ...pageQuery({ page: 1, pageSize: PICKER_SIZE, search }), role: 'therapist' } },
      TEXT.fetchTherapists,
    ),
};
