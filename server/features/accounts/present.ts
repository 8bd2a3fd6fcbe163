import type { SessionState, User } from '../../../contract/accounts';
import type { SignedInUser } from '../../lib/access';
import type { UserRow } from './repository';

export function toUser(row: UserRow, usage: { id: string } | null): SignedInUser {
  return {
    id: row.id,
    email: row.email,
    user_type: row.userType,
    first_name: row.firstName,
    last_name: row.lastName,
    phone_number: row.phoneNumber,
    current_usage: usage,
  };
}

/** SessionState as the client reads it; a locked session shows no personal data. */
export function stateOf(user: User, locked: boolean, activeOrganizationId: string | null): SessionState {
  return { user: locked ? null : user, locked, active_organization_id: activeOrganizationId };
}
