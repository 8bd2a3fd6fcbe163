import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { departments, invitations, roles } from '../../../contract/routes';
import type { InvitationStatus } from '../../../contract/invitations';
import { api } from '../../shared/api/client';
import { PEOPLE_ERROR_TEXT } from './error-text';
import { callQuery } from '../../shared/api/call-query';

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
    queryOptions({
      queryKey: ['invitations', orgCode, 'list', params],
      queryFn: async ({ signal }) => {
        const query = { page: params.page, page_size: params.pageSize, status: params.status || undefined, archived: params.archived };
        const answer = await api(invitations.list, { params: { orgCode }, query }, { signal });
        // The list kit keys rows by `id`: an invitation is its token.
        return { ...answer, results: answer.results.map((row) => ({ ...row, id: row.token })) };
      },
      placeholderData: keepPreviousData,
      meta: { errorText: PEOPLE_ERROR_TEXT.fetchInvitations, inlineError: true },
    }),
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
      { params: { orgCode }, query: { page: 1, page_size: CHOICES, is_enabled: 'true' } },
      PEOPLE_ERROR_TEXT.fetchDepartments,
    ),
};
