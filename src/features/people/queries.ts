import { keepPreviousData } from '@tanstack/react-query';
import { people } from '../../../contract/routes';
import type { PeopleOrdering } from '../../../contract/people';
import { api } from '../../shared/api/client';
import { pageQuery, type PageParams } from '../../shared/admin/list-query';
import { PEOPLE_ERROR_TEXT } from './error-text';

export type Directory = 'students' | 'parents' | 'therapists';
export interface DirectoryParams extends PageParams {
  ordering: PeopleOrdering;
  /** Therapists only: current (active and resigning) members, former ones (terminated or resigned), or both. */
  status?: MemberStatusFilter;
}

export type MemberStatusFilter = 'current' | 'former' | 'all';
export const MEMBER_STATUS_VALUES: readonly MemberStatusFilter[] = ['current', 'former', 'all'];
export const MEMBER_STATUS_OPTIONS: Array<{ value: MemberStatusFilter; label: string }> = [
  { value: 'current', label: 'Current members' },
  { value: 'former', label: 'Former members' },
  { value: 'all', label: 'Current and former' },
];

const CALLS = { students: people.listStudents, parents: people.listParents, therapists: people.listTherapists } as const;

/** One directory page; per organization, so switching never shows the other's people. */
export const peopleQueries = {
  list: (orgCode: string, directory: Directory, params: DirectoryParams) => ({
    queryKey: ['people', orgCode, directory, params],
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const query = { ...pageQuery(params), ordering: params.ordering, ...(params.status ? { status: params.status } : {}) };
      const answer = await api(CALLS[directory], { params: { orgCode }, query }, { signal });
      // The list kit keys rows by `id`: a therapist is their membership.
      return { ...answer, results: answer.results.map((row) => ({ ...row, id: 'membership_id' in row ? row.membership_id : row.id })) };
    },
    placeholderData: keepPreviousData,
    meta: { errorText: PEOPLE_ERROR_TEXT.fetchPeople, inlineError: true },
  }),
};
