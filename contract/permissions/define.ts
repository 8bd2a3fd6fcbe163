/**
 * How a feature declares the permission keys it checks: per action, the words the roles screen
 * shows and which member kinds hold the key without an organization role (the keys each built-in
 * role starts with). contract/permissions.ts composes every feature's keys, in the order owners see.
 * This folder imports nothing, so the server's role defaults and the app's key list load no schemas.
 */

/** The kinds of organization member; each has a built-in role. */
export type MemberKind = 'therapist' | 'staff';
export const MEMBER_KINDS: readonly MemberKind[] = ['therapist', 'staff'];

export interface KeyDeclaration {
  readonly label: string;
  /** The member kinds whose built-in role starts with this key. */
  readonly heldBy: readonly MemberKind[];
}

/** Keys named `<capability>.<action>`, in the order the actions are written. */
export function defineKeys<C extends string, A extends string>(
  capability: C,
  actions: Record<A, KeyDeclaration>,
): Record<`${C}.${A}`, KeyDeclaration> {
  const keys: Record<string, KeyDeclaration> = {};
  for (const [action, declaration] of Object.entries<KeyDeclaration>(actions)) {
    keys[`${capability}.${action}`] = Object.freeze(declaration);
  }
  return keys as Record<`${C}.${A}`, KeyDeclaration>;
}

export const BOTH: readonly MemberKind[] = ['therapist', 'staff'];
export const NONE: readonly MemberKind[] = [];
