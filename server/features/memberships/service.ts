import type { MyMembership } from '../../../contract/memberships';
import type { Database } from '../../db/client';
import { membershipsOfUser } from './repository';

export async function listMyMemberships(database: Database, userId: string): Promise<MyMembership[]> {
  const rows = await membershipsOfUser(database.db, userId);
  return rows.map(({ membership, organization }) => ({
    id: membership.id,
    organization: { id: organization.id, code: organization.code, name: organization.name, kind: organization.kind },
    role: membership.role,
    status: membership.status,
    joined_at: membership.joinedAt.toISOString(),
  }));
}

/** Slices a whole list into the design's page shape; `next`/`previous` are relative URLs. */
export function pageOf<T>(items: T[], path: string, page: number, pageSize: number) {
  const link = (p: number) => `${path}?page=${p}&page_size=${pageSize}`;
  const start = (page - 1) * pageSize;
  return {
    count: items.length,
    next: start + pageSize < items.length ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results: items.slice(start, start + pageSize),
  };
}
