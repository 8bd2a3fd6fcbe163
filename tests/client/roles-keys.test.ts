import { describe, expect, it } from 'vitest';
import { PERMISSION_KEYS, type PermissionKey } from '../../contract/http';
import { normalizeKeys } from '../../server/features/roles/service';
import { CAPABILITIES, impliedView, withImplied } from '../../src/features/roles/keys';

describe('the roles form’s keys', () => {
  it('groups every key once, each capability with a title of its own', () => {
    const grouped = CAPABILITIES.flatMap((c) => c.keys);
    expect(grouped).toEqual([...PERMISSION_KEYS]);
    for (const capability of CAPABILITIES) {
      expect(capability.title, capability.name).not.toBe(capability.name);
      expect(capability.keys.every((k) => k.startsWith(`${capability.name}.`))).toBe(true);
    }
  });

  it('ticks the view key a manage key brings, exactly as the server stores a role', () => {
    for (const key of PERMISSION_KEYS) {
      expect(withImplied([key]), key).toEqual(normalizeKeys([key]));
    }
    const some: PermissionKey[] = ['students.manage', 'services.manage', 'roles.manage', 'audit.view', 'services.view'];
    expect(withImplied(some)).toEqual(normalizeKeys(some));
    expect(withImplied(['services.manage'])).toEqual(['services.view', 'services.manage']);
    expect(impliedView('roles.manage')).toBeNull(); // there is no roles.view
    expect(impliedView('students.records')).toBeNull();
  });
});
