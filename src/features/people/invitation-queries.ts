import { departments, invitations, roles } from '../../../contract/routes';
import type { InvitationStatus } from '../../../contract/invitations';
import { PEOPLE_ERROR_TEXT } from './error-text';
import { callQuery } from '../../shared/api/call-query';
import { keyedListQuery } from '../../shared/admin/list-query';

export type ArchivedFilter = 'exclude' | 'include' | 'only';
export interface InvitationListParams {
  page: number;
  pageSize: number;
  status: InvitationStatus | '';
  archived: ArchivedFilter;
}

/** The most roles or departments the invite form offers (the API's largest page). */
const CHOICES = 100;

/** The organization's invitations and what the invite form chooses from; per organization. */
export const invitationQueries = {
  all: (orgCode: string) => ['invitations', orgCode],
  list: (orgCode: string, params: InvitationListParams) =>
    keyedListQuery(
      ['invitations', orgCode, 'list', params],
      invitations.list,
      {
        params: { orgCode },
        query: { page: params.page, page_size: params.pageSize, status: params.status || undefined, archived: params.archived },
      },
      PEOPLE_ERROR_TEXT.fetchInvitations,
      (row) => row.token,
    ),
  roles: (orgCode: string, organizationId: string) =>
    callQuery(
      ['invitations', orgCode, 'roles'],
      roles.listRoles,
      { params: { orgId: organizationId }, query: { page: 1, page_size: CHOICES } },
      PEOPLE_ERROR_TEXT.fetchRoles,
    ),
  departments: (orgCode: string) =>
    callQuery(
      ['invitations', orgCode, 'departments'],
      departments.listDepartments,
      { params: { orgCode }, query: { page: 1, page_size: CHOICES, is_active: 'true' } },
      PEOPLE_ERROR_TEXT.fetchDepartments,
    ),
};
