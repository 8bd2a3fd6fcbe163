import { describe, expect, it } from 'vitest';
import { classrooms, enrollments, services } from '../../contract/routes';
import { listCallQuery, organizationList } from '../../src/shared/admin/list-query';

describe('a list asked from its call', () => {
  it("asks for the screen's state in the call's own names, an empty search or filter left out", () => {
    expect(
      listCallQuery<typeof services.listServices>({
        page: 2,
        pageSize: 50,
        search: '',
        ordering: '-price',
        filters: { isActive: 'false' },
      }),
    ).toEqual({
      page: 2,
      page_size: 50,
      search: undefined,
      ordering: '-price',
      is_active: 'false',
    });
    const everyStatus = listCallQuery<typeof classrooms.listClassrooms>({
      page: 1,
      pageSize: 20,
      search: 'Room',
      filters: { isActive: '' },
    });
    expect(everyStatus).toEqual({ page: 1, page_size: 20, search: 'Room', ordering: undefined });
    expect(
      listCallQuery<typeof enrollments.listEnrollments>({ page: 1, pageSize: 20, filters: { orgStatus: 'on_hold', archived: 'true' } }),
    ).toMatchObject({ org_status: 'on_hold', archived: 'true' });
  });

  it("keys an organization's list under the feature and the organization, with the state it asks for", () => {
    const queries = organizationList('services', services.listServices, 'Failed to fetch services');
    const state = { page: 1, pageSize: 20, search: 'speech', ordering: 'name' as const, filters: { isActive: 'true' } };
    expect(queries.all('ACME')).toEqual(['services', 'ACME']);
    expect(queries.list('ACME', state).queryKey).toEqual(['services', 'ACME', 'list', state]);
    expect(queries.list('ACME', state).meta).toEqual({ errorText: 'Failed to fetch services', inlineError: true });
  });
});
