import { classrooms, departments, programs, studentRecord } from '../../../contract/routes';
import { callQuery } from '../../shared/api/call-query';
import { listQuery, pageQuery } from '../../shared/admin/list-query';
import { STUDENT_RECORD_ERROR_TEXT as TEXT } from './error-text';

/** How many choices a picker shows at once: search narrows the rest. */
const PICKER_SIZE = 10;
const pick = (search: string) => pageQuery({ page: 1, pageSize: PICKER_SIZE, search });

/** Query-key factory: everything of the student's page starts with ['student-record', orgId]. */
export const studentRecordQueries = {
  all: (orgId: string) => ['student-record', orgId] as const,
  /** The record; opening it is on the organization's trail. */
  record: (orgId: string, studentId: string) =>
    callQuery(
      [...studentRecordQueries.all(orgId), studentId],
      studentRecord.getStudentRecord,
      { params: { orgId, studentId } },
      TEXT.fetchRecord,
    ),
  departments: (orgId: string, orgCode: string, search: string) =>
    listQuery(
      [...studentRecordQueries.all(orgId), 'departments', search],
      departments.listDepartments,
      { params: { orgCode }, query: pick(search) },
      TEXT.fetchDepartments,
    ),
  therapists: (orgId: string, orgCode: string, search: string) =>
    listQuery(
      [...studentRecordQueries.all(orgId), 'therapists', search],
      departments.listOrganizationMembers,
      { params: { orgCode }, query: { ...pick(search), role: 'therapist' } },
      TEXT.fetchTherapists,
    ),
  programs: (orgId: string, orgCode: string, search: string) =>
    listQuery(
      [...studentRecordQueries.all(orgId), 'programs', search],
      programs.listPrograms,
      { params: { orgCode }, query: pick(search) },
      TEXT.fetchPrograms,
    ),
  classrooms: (orgId: string, orgCode: string, search: string) =>
    listQuery(
      [...studentRecordQueries.all(orgId), 'classrooms', search],
      classrooms.listClassrooms,
      { params: { orgCode }, query: pick(search) },
      TEXT.fetchClassrooms,
    ),
};
