import { describe, expect, it } from 'vitest';
import { orderingFromSorting, sortingFromOrdering } from '../../src/shared/admin/admin-table';
import { accessFrom } from '../../src/shared/access/my-access';
import { formatDuration, formatPrice } from '../../src/features/services/format';

describe('admin kit: ordering and sorting', () => {
  it('turns the API ordering into the table sorting and back', () => {
    expect(sortingFromOrdering('-price')).toEqual([{ id: 'price', desc: true }]);
    expect(sortingFromOrdering('name')).toEqual([{ id: 'name', desc: false }]);
    expect(orderingFromSorting([{ id: 'price', desc: true }], 'name')).toBe('-price');
    expect(orderingFromSorting([], 'name')).toBe('name');
  });
});

describe('my access (the seam until my-access is in the contract)', () => {
  const organization = { id: 'o', code: 'ABC123', name: 'Clinic', kind: 'clinic', timezone: 'UTC', membership_id: null } as const;

  it('gives the owner every key', () => {
    const access = accessFrom({ ...organization, role: 'owner' });
    expect(access.isOwner).toBe(true);
    expect(access.can('services.manage')).toBe(true);
  });

  it('shows a member the view keys only, and nobody anything without an organization', () => {
    const access = accessFrom({ ...organization, role: 'staff', membership_id: 'm' });
    expect(access.can('services.view')).toBe(true);
    expect(access.can('services.manage')).toBe(false);
    expect(accessFrom(undefined).can('services.view')).toBe(false);
  });
});

describe('services: money and durations on screen', () => {
  it('formats the exact decimal string in the currency', () => {
    expect(formatPrice('45.50', 'USD')).toMatch(/45\.50/);
    expect(formatPrice('9999999.99', 'USD')).toMatch(/9,999,999\.99/);
    expect(formatPrice('4500', 'JPY')).toMatch(/4,500/);
  });

  it('writes minutes as a person reads them', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(90)).toBe('1 h 30 min');
  });
});
