import { type KeyDeclaration, MEMBER_KINDS, type MemberKind } from './permissions/define';
import { audit } from './permissions/audit';
import { calendar } from './permissions/calendar';
import { classrooms } from './permissions/classrooms';
import { collector } from './permissions/collector';
import { dashboards } from './permissions/dashboards';
import { departments } from './permissions/departments';
import { goalsLibrary } from './permissions/goals-library';
import { memberships } from './permissions/memberships';
import { organizations } from './permissions/organizations';
import { people } from './permissions/people';
import { programs } from './permissions/programs';
import { roles } from './permissions/roles';
import { scheduling } from './permissions/scheduling';
import { services } from './permissions/services';
import { workspace } from './permissions/workspace';

export type { MemberKind };

/**
 * Permission keys that organization roles hold, each declared by the feature that checks it
 * (contract/permissions/<feature>.ts). Owners hold all of them. The server enforces the key each
 * call declares; the app asks the same keys (myAccess) only to hide what a role cannot do. The
 * order of the features here is the order the roles screen shows and roles store their keys in.
 */
const DECLARED = {
  ...organizations,
  ...dashboards,
  ...memberships,
  ...roles,
  ...services,
  ...programs,
  ...departments,
  ...classrooms,
  ...people,
  ...goalsLibrary,
  ...scheduling,
  ...calendar,
  ...collector,
  ...workspace,
  ...audit,
};

export type PermissionKey = keyof typeof DECLARED;

const ENTRIES = Object.entries(DECLARED) as [PermissionKey, KeyDeclaration][];

export const PERMISSION_KEYS: readonly PermissionKey[] = ENTRIES.map(([key]) => key);

/** What each key lets a member do, in the words the roles screen shows. */
export const PERMISSION_KEY_LABELS = Object.fromEntries(ENTRIES.map(([key, { label }]) => [key, label])) as Record<PermissionKey, string>;

/** The keys a member of each kind holds without an organization role, in PERMISSION_KEYS order. */
export const DEFAULT_KEYS_BY_KIND = Object.fromEntries(
  MEMBER_KINDS.map((kind) => [kind, ENTRIES.filter(([, { heldBy }]) => heldBy.includes(kind)).map(([key]) => key)]),
) as Record<MemberKind, PermissionKey[]>;
