import { describe, expect, it } from 'vitest';
import type { PermissionKey } from '../../contract/http';
import type { MyOrganization } from '../../contract/organizations';
import { DEFAULT_MEMBER_PERMISSIONS } from '../../server/db/built-in-roles';
import { appRoutes, type NavState } from '../../src/app/routes';
import { isAdminAreaInMenu, type AdminArea } from '../../src/shared/access/menu-areas';
import { accessFrom } from '../../src/shared/access/my-access';

const ADMIN_AREAS = ['Services', 'Departments', 'Programs', 'Classrooms'];

function organization(role: MyOrganization['role']): MyOrganization {
  return {
    id: '0190f5a2-7c1e-7000-8000-0000000000aa',
    code: 'HBR234',
    name: 'Harbor Therapy Clinic',
    kind: 'clinic',
    timezone: 'America/New_York',
    role,
    membership_id: role === 'owner' ? null : '0190f5a2-7c1e-7000-8000-0000000000bb',
  };
}

/** The admin areas the menu lists for a member holding exactly these keys (the server's my-access answer). */
function adminAreasFor(role: MyOrganization['role'], keys: PermissionKey[]): string[] {
  const active = organization(role);
  const access = accessFrom(active, { is_owner: role === 'owner', membership_id: active.membership_id, permission_keys: keys });
  const state: NavState = { user: null, organization: active, access };
  return appRoutes
    .filter((route) => route.nav && (route.nav.isVisible?.(state) ?? true))
    .map((route) => route.nav!.label)
    .filter((label) => ADMIN_AREAS.includes(label));
}

describe('which admin areas the menu lists', () => {
  it('the owner: all four', () => {
    expect(adminAreasFor('owner', [])).toEqual(ADMIN_AREAS);
  });

  it('the built-in Therapist role: Departments only, where their teams and assigned students are', () => {
    expect(adminAreasFor('therapist', DEFAULT_MEMBER_PERMISSIONS.therapist)).toEqual(['Departments']);
  });

  it('the built-in Front desk role: Services and Departments, which scheduling reads', () => {
    expect(adminAreasFor('staff', DEFAULT_MEMBER_PERMISSIONS.staff)).toEqual(['Services', 'Departments']);
  });

  it('an area the role may change is listed whatever else it does', () => {
    const keys: PermissionKey[] = [...DEFAULT_MEMBER_PERMISSIONS.therapist, 'classrooms.manage', 'programs.manage'];
    expect(adminAreasFor('therapist', keys)).toEqual(['Departments', 'Programs', 'Classrooms']);
  });

  it('a role made only to look things up is listed what it may read', () => {
    expect(adminAreasFor('staff', ['services.view'])).toEqual(['Services']);
    expect(adminAreasFor('staff', ['programs.view', 'classrooms.view'])).toEqual(['Programs', 'Classrooms']);
  });

  it('an area the role may not read is never listed', () => {
    const keys = DEFAULT_MEMBER_PERMISSIONS.staff.filter((key) => key !== 'services.view');
    expect(adminAreasFor('staff', keys)).toEqual(['Departments']);
    for (const area of ['services', 'departments', 'programs', 'classrooms'] as AdminArea[]) {
      expect(isAdminAreaInMenu(area, accessFrom(undefined)), area).toBe(false);
    }
  });
});
