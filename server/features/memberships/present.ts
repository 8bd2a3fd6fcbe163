import type { RacedConstraint } from '../../lib/db-errors';

/** What a person hears when two saves race into one of this feature's unique constraints (409, on the field). */
export const UNIQUE_CONSTRAINTS: Readonly<Record<string, RacedConstraint>> = {
  memberships_user_uq: { detail: 'This person is already a member of the organization.' },
};
