import type { OrganizationId } from '../../lib/ids';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import { workspaceUsages } from '../../db/schema/workspace';
import { tenantRows } from '../../lib/tenant-rows';

export const findUsage = tenantRows(workspaceUsages).byId;

/** A no-op when the id exists: two opens of one client-made id racing must not fail on the key. */
export async function insertUsage(
  tx: Tx,
  organizationId: OrganizationId,
  row: Omit<typeof workspaceUsages.$inferInsert, 'organizationId'>,
) {
  await tx
    .insert(workspaceUsages)
    .values({ organizationId, ...row })
    .onConflictDoNothing();
}

export async function closeUsage(tx: Tx, organizationId: OrganizationId, id: string, closedAt: Date, notes: string) {
  await tx
    .update(workspaceUsages)
    .set({ closedAt, notes })
    .where(and(eq(workspaceUsages.organizationId, organizationId), eq(workspaceUsages.id, id)));
}
