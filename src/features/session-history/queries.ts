import { departments, memberships, sessionHistory } from '../../../contract/routes';
import type { CaseloadFilter } from '../../../contract/session-history';
import { callQuery } from '../../shared/api/call-query';
import { SESSION_HISTORY_ERROR_TEXT } from './error-text';

export const HISTORY_PAGE_SIZE = 20;

export interface CaseloadChoice {
  filter?: CaseloadFilter | undefined;
  therapistId?: string | undefined;
  departmentId?: string | undefined;
}

/** Query-key factory: per organization, so switching never shows the other's records. */
export const sessionHistoryQueries = {
  all: (organizationId: string) => ['organizations', organizationId, 'session-history'] as const,
  sessions: (organizationId: string, studentId: string, page: number) =>
    callQuery(
      [...sessionHistoryQueries.all(organizationId), 'student', studentId, page],
      sessionHistory.studentSessions,
      { params: { orgId: organizationId, studentId }, query: { page, page_size: HISTORY_PAGE_SIZE } },
      SESSION_HISTORY_ERROR_TEXT.fetchHistory,
    ),
  caseload: (organizationId: string, choice: CaseloadChoice) =>
    callQuery(
      [...sessionHistoryQueries.all(organizationId), 'caseload', choice],
      sessionHistory.caseload,
      {
        params: { orgId: organizationId },
        query: { page: 1, page_size: 100, filter: choice.filter, therapist_id: choice.therapistId, department_id: choice.departmentId },
      },
      SESSION_HISTORY_ERROR_TEXT.fetchCaseload,
    ),
  /** Who and where a caseload can be narrowed to, for whoever sees everyone's. */
  therapists: (organizationId: string, orgCode: string) =>
    callQuery(
      [...sessionHistoryQueries.all(organizationId), 'therapists'],
      memberships.listMemberships,
      { params: { orgCode }, query: { page: 1, page_size: 100 } },
      SESSION_HISTORY_ERROR_TEXT.fetchChoices,
    ),
  departments: (organizationId: string, orgCode: string) =>
    callQuery(
      [...sessionHistoryQueries.all(organizationId), 'departments'],
      departments.listDepartments,
      { params: { orgCode }, query: { page: 1, page_size: 100 } },
      SESSION_HISTORY_ERROR_TEXT.fetchChoices,
    ),
};
