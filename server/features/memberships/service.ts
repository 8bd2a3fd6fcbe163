import type { UserId } from '../../lib/ids';
import type { MyMembership } from '../../../contract/memberships';
import type { Database } from '../../db/client';
import { membershipsOfUser } from './repository';

export async function listMyMemberships(database: Database, userId: UserId): Promise<MyMembership[]> {
  const rows = await membershipsOfUser(database.db, userId);
  return rows.map(({ membership, organization }) => ({
    id: membership.id,
    organization: { id: organization.id, code: organization.code, name: organization.name, kind: organization.kind },
    role: membership.role,
    status: membership.status,
    joined_at: membership.joinedAt.toISOString(),
  }));
}
