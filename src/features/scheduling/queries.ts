import { queryOptions, useQuery } from '@tanstack/react-query';
import { calendar, departments, organizations, people, schedulingDesk, services } from '../../../contract/routes';
import { api } from '../../shared/api/client';
import { callQuery } from '../../shared/api/call-query';
import { listCall } from '../../shared/admin/list-query';
import { accessFrom } from '../../shared/access/my-access';
import { myAccessQuery } from '../../shared/access/my-access-query';
import { SCHEDULING_ERROR_TEXT } from './error-text';

const ALL_PAGES = 20;

/** Every active therapist (a page is at most 100 rows; a large organization has a few pages). */
async function allTherapists(orgCode: string, signal: AbortSignal) {
  const rows = [];
  for (let page = 1; page <= ALL_PAGES; page += 1) {
    const answer = await api(
      people.listTherapists,
      { params: { orgCode }, query: { page, page_size: 100, status: 'current' } },
      { signal },
    );
    rows.push(...answer.results.filter((t) => t.status === 'active'));
    if (!answer.next) {
      break;
    }
  }
  return rows;
}

const choices = { errorText: SCHEDULING_ERROR_TEXT.fetchChoices, inlineError: true } as const;
const serviceChoices = listCall(services.listServices, SCHEDULING_ERROR_TEXT.fetchChoices);
const ACTIVE_SERVICES = { page: 1, pageSize: 100, ordering: 'name', filters: { isActive: 'true' } } as const;

/** What is assigned to one therapist (their students, their departments), asked once one is chosen. */
function assignedTo<T>(
  what: 'students' | 'departments',
  organizationId: string,
  membershipId: string,
  read: (signal: AbortSignal) => Promise<T>,
) {
  return queryOptions({
    queryKey: [...schedulingQueries.all(organizationId), 'therapist', membershipId, what],
    queryFn: ({ signal }) => read(signal),
    enabled: membershipId !== '',
    staleTime: 60_000,
    meta: choices,
  });
}

/** Query-key factory: everything of the scheduling screens starts with ['scheduling', organizationId]. */
export const schedulingQueries = {
  all: (organizationId: string) => ['scheduling', organizationId] as const,
  therapists: (organizationId: string, orgCode: string) =>
    queryOptions({
      queryKey: [...schedulingQueries.all(organizationId), 'therapists'],
      queryFn: ({ signal }) => allTherapists(orgCode, signal),
      staleTime: 60_000,
      meta: choices,
    }),
  /** The active services to book, by name (a page of 100 holds an organization's catalogue). */
  services: (organizationId: string, orgCode: string) => ({
    ...serviceChoices([...schedulingQueries.all(organizationId), 'services'], { orgCode }, ACTIVE_SERVICES),
    staleTime: 60_000,
  }),
  /** A therapist's students: a session for a student not assigned to them would not reach their Today. */
  students: (organizationId: string, orgCode: string, membershipId: string) =>
    assignedTo('students', organizationId, membershipId, (signal) =>
      api(departments.therapistAssignedStudents, { params: { orgCode, id: membershipId } }, { signal }),
    ),
  departments: (organizationId: string, orgCode: string, membershipId: string) =>
    assignedTo('departments', organizationId, membershipId, (signal) =>
      api(departments.therapistAssignedDepartments, { params: { orgCode, id: membershipId } }, { signal }),
    ),
  session: (organizationId: string, sessionId: string) =>
    callQuery(
      [...schedulingQueries.all(organizationId), 'session', sessionId],
      schedulingDesk.getTherasession,
      { params: { id: sessionId }, query: { organization_id: organizationId } },
      SCHEDULING_ERROR_TEXT.fetchSession,
    ),
  activities: (organizationId: string, sessionId: string) =>
    callQuery(
      [...schedulingQueries.all(organizationId), 'session', sessionId, 'activities'],
      schedulingDesk.therasessionActivities,
      { params: { id: sessionId }, query: { organization_id: organizationId } },
      SCHEDULING_ERROR_TEXT.fetchActivities,
    ),
  feed: (organizationId: string) =>
    callQuery(
      [...schedulingQueries.all(organizationId), 'feed'],
      calendar.myCalendarFeed,
      { query: { organization_id: organizationId } },
      SCHEDULING_ERROR_TEXT.fetchFeed,
    ),
};

/**
 * The organization's time zone and what the user may do there, for the session panel, which is
 * given only the organization's id (the calendar shows it, and so does its own address).
 */
export function useOrganizationOf(organizationId: string) {
  const list = useQuery({
    queryKey: ['scheduling', 'organizations'],
    queryFn: ({ signal }) => api(organizations.listOrganizations, { query: { page: 1, page_size: 100 } }, { signal }),
    staleTime: 5 * 60_000,
    meta: { inlineError: true },
  });
  const organization = list.data?.results.find((o) => o.id === organizationId);
  const answer = useQuery(myAccessQuery(organizationId, organization?.code));
  return { timeZone: organization?.timezone, access: accessFrom(organization, answer.data) };
}
