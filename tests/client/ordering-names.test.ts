import { describe, expect, it } from 'vitest';
import { ClassroomOrdering } from '../../contract/classrooms';
import { DepartmentOrdering } from '../../contract/departments';
import { ProgramOrdering } from '../../contract/programs';
import { SERVICE_ORDERINGS } from '../../contract/services';
import { readListAddress } from '../../src/shared/admin/list-address';

const LISTS = {
  departments: DepartmentOrdering.options,
  programs: ProgramOrdering.options,
  classrooms: ClassroomOrdering.options,
  services: SERVICE_ORDERINGS,
};

describe('list orderings: one name for the creation date', () => {
  it.each(Object.entries(LISTS))('%s order by created_at, both ways', (_, orderings) => {
    expect(orderings).toEqual(expect.arrayContaining(['created_at', '-created_at']));
    expect(orderings.filter((o) => o.replace(/^-/, '').startsWith('created'))).toEqual(['created_at', '-created_at']);
  });

  it.each(Object.entries(LISTS))('%s: an old link sorted by "created" opens the list in its default order', (_, orderings) => {
    const defaults = { ordering: 'name', orderings: orderings as readonly string[], filters: {} };
    expect(readListAddress(new URLSearchParams('sort=-created&page=2'), defaults)).toMatchObject({ ordering: 'name', page: 2 });
    expect(readListAddress(new URLSearchParams('sort=-created_at'), defaults).ordering).toBe('-created_at');
  });
});
