import { PERMISSION_KEYS, PERMISSION_KEY_LABELS, type PermissionKey } from '../../../contract/http';

/** What each capability (the key's first part) is called on the roles screen. */
const CAPABILITY_TITLE: Record<string, string> = {
  organization: 'Organization',
  dashboard: 'Dashboard',
  members: 'Team',
  roles: 'Roles',
  services: 'Services',
  programs: 'Programs',
  departments: 'Departments',
  classrooms: 'Classrooms',
  students: 'Students',
  goals: 'Goals',
  sessions: 'Sessions',
  calendar: 'Calendar',
  collector: 'Data collection',
  workspace: 'Workspace',
  audit: 'Audit trail',
};

export interface Capability {
  name: string;
  title: string;
  keys: PermissionKey[];
}

/** The keys grouped by capability, in PERMISSION_KEYS order. */
export const CAPABILITIES: Capability[] = PERMISSION_KEYS.reduce<Capability[]>((groups, key) => {
  const name = key.split('.')[0]!;
  const group = groups.find((g) => g.name === name);
  if (group) {
    group.keys.push(key);
  } else {
    groups.push({ name, title: CAPABILITY_TITLE[name] ?? name, keys: [key] });
  }
  return groups;
}, []);

export const keyLabel = (key: PermissionKey) => PERMISSION_KEY_LABELS[key];

/** The view key a manage key brings with it (the server adds it too: roles/service.ts normalizeKeys). */
export function impliedView(key: PermissionKey): PermissionKey | null {
  if (!key.endsWith('.manage')) {
    return null;
  }
  const view = key.replace(/\.manage$/, '.view') as PermissionKey;
  return (PERMISSION_KEYS as readonly string[]).includes(view) ? view : null;
}

/** Keys held, each manage key with its view key, in PERMISSION_KEYS order. */
export function withImplied(keys: readonly PermissionKey[]): PermissionKey[] {
  const held = new Set<PermissionKey>(keys);
  for (const key of keys) {
    const view = impliedView(key);
    if (view) {
      held.add(view);
    }
  }
  return PERMISSION_KEYS.filter((key) => held.has(key));
}
